import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_CREDENTIALS } from "../../src/sandbox/server.js";
import { tempHome } from "../helpers/cli.js";
import { arrivals, EXPORT, ORACLE, playedArrivals } from "../helpers/import-export.js";
import { expectReceiptsWhole } from "../helpers/receipts.js";
import { confirmedByRules, listAll } from "../helpers/rules-oracle.js";
import { runMain, STACK_FRAME, startMain } from "../helpers/run.js";

/**
 * Import → arrival → confirmed, end to end: `sandbox serve --arrivals-from` plays an export's
 * withdrawals as arriving deposits (the second one with another amount), `rules import` reads
 * the same file, and two `confirm --auto --yes` racing each other confirm exactly the
 * withdrawals that arrived with their amount, once each. The near miss and a deposit no
 * withdrawal describes stay Pending, and the sandbox's request log shows no POST for them.
 */

describe("sandbox serve --arrivals-from, rules import, two racing confirm --auto", () => {
  it("confirms exactly the withdrawals that arrived with their amount, once each", async () => {
    const home = tempHome();
    const file = join(home.HOME, "binance.csv");
    writeFileSync(file, EXPORT);
    const serve = startMain(["sandbox", "serve", ...playedArrivals(home.HOME, file)], { home });
    try {
      await serve.until((out) => out.includes("\n"));
      const url = serve.stdout.text.trim();
      // The three completed withdrawals arrive, the processing one does not.
      await serve.stderr.until((text) => arrivals(text).length >= 3);
      const arrived = arrivals(serve.stderr.text);
      expect(arrived.map((l) => l.split(" ").slice(3, 5).join(" "))).toEqual([
        "10.25 XRP",
        "1.2451 ETH",
        "0.2999 BTC",
      ]);
      const ids = arrived.map((l) => l.split(" ")[2]!);
      const env = {
        TRADECTL_BASE_URL: url,
        TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
        TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
      };
      const before = new Set(
        (await listAll(url, home))
          .filter((d) => d.status === "Confirmed")
          .map((d) => String(d.cryptoDepositDeclarationId)),
      );
      const run = (...argv: string[]) => runMain(argv, { home, env });
      const imported = await run("rules", "import", file, "--source", "binance", "--yes");
      expect(imported.code).toBe(0);
      const postsBefore = serve.stderr.text.split("\n").filter((l) => / POST /.test(l)).length;

      const racing = await Promise.all([
        run("declarations", "confirm", "--auto", "--yes", "-o", "ndjson"),
        run("declarations", "confirm", "--auto", "--yes", "-o", "ndjson"),
      ]);
      for (const r of racing) {
        expect(r.stderr).not.toMatch(STACK_FRAME);
        expect(r.code).toBe(0);
      }
      // The near miss is shown with both amounts, by both runs.
      for (const r of racing)
        expect(r.stderr).toContain("expects 1.25 | 1.245, this is 1.2451 ETH");
      // A match names which of the two amounts it was.
      expect(racing[0]!.stderr).toContain(
        "rule 'binance-txa' (the withdrawal's amount less its fee)",
      );

      expect(await confirmedByRules(url, home, before, ORACLE)).toEqual([ids[0], ids[2]].sort());
      const posts = serve.stderr.text
        .split("\n")
        .filter((l) => / POST /.test(l))
        .slice(postsBefore);
      // One confirmation each for the two that arrived with their amount; none for the rest.
      expect(posts).toHaveLength(2);
      const pending = (await listAll(url, home)).filter((d) => d.status === "Pending");
      expect(pending.map((d) => String(d.cryptoDepositDeclarationId))).toContain(ids[1]);
    } finally {
      await serve.interrupt();
      await expectReceiptsWhole(home);
    }
  });
});
