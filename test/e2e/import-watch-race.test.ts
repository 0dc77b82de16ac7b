import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_CREDENTIALS } from "../../src/sandbox/server.js";
import { runCli, tempHome } from "../helpers/cli.js";
import { arrivals, EXPORT, ORACLE, playedArrivals } from "../helpers/import-export.js";
import { expectReceiptsWhole } from "../helpers/receipts.js";
import { confirmedByRules, listAll } from "../helpers/rules-oracle.js";
import { type ServeProcess, spawnServe } from "../helpers/sandbox.js";

/**
 * Issue 34's "done means", as a user runs it: `sandbox serve --arrivals-from` plays a Binance
 * export's withdrawals as deposits (the second with another amount), `rules import` reads the
 * same file, and two `declarations watch --auto --once` PROCESSES race over them. Exactly the
 * withdrawals that arrived with their amount are confirmed, once each; the near miss and the
 * withdrawal still processing are never sent (the sandbox's request log counts the POSTs).
 */

const posts = (text: string) => text.split("\n").filter((l) => / POST /.test(l));

let serve: ServeProcess | undefined;
afterEach(async () => {
  await serve?.stop();
  serve = undefined;
});

describe("rules import, then two racing watch --auto processes", () => {
  it("confirm exactly the withdrawals that arrived with their amount, once each", async () => {
    const home = tempHome();
    const file = join(home.HOME, "binance.csv");
    writeFileSync(file, EXPORT);
    const server = await spawnServe(playedArrivals(home.HOME, file));
    serve = server;
    // The three completed withdrawals arrive (the second 0.0001 ETH off), the processing one not.
    await new Promise<void>((resolve) => {
      const check = () => {
        if (arrivals(server.stderr()).length < 3) return;
        server.child.stderr.off("data", check);
        resolve();
      };
      server.child.stderr.on("data", check);
      check();
    });
    const ids = arrivals(server.stderr()).map((l) => l.split(" ")[2]!);
    const env = {
      ...home,
      TRADECTL_BASE_URL: server.url,
      TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
      TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
    };
    const before = new Set(
      (await listAll(server.url, home))
        .filter((d) => d.status === "Confirmed")
        .map((d) => String(d.cryptoDepositDeclarationId)),
    );
    const imported = await runCli(["rules", "import", file, "--source", "binance", "--yes"], {
      env,
    });
    expect(imported.code, imported.stderr).toBe(0);
    const postsBefore = posts(server.stderr()).length;

    const watch = ["declarations", "watch", "--auto", "--once", "-o", "ndjson"];
    const racing = await Promise.all([runCli(watch, { env }), runCli(watch, { env })]);
    for (const r of racing) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/^\s+at\s/m);
    }
    // Each run shows the near miss with both amounts and sends nothing for it.
    for (const r of racing) expect(r.stderr).toContain("1.2451 ETH");

    expect(await confirmedByRules(server.url, home, before, ORACLE)).toEqual(
      [ids[0], ids[2]].sort(),
    );
    // One POST for each of the two that arrived with their amount, across both processes.
    expect(posts(server.stderr()).slice(postsBefore)).toHaveLength(2);
    const pending = (await listAll(server.url, home)).filter((d) => d.status === "Pending");
    expect(pending.map((d) => String(d.cryptoDepositDeclarationId))).toContain(ids[1]);
    await expectReceiptsWhole(home);
  });
});
