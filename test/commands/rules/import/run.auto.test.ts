import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempHome } from "../../../helpers/cli.js";
import { expectReceiptsWhole } from "../../../helpers/receipts.js";
import { runMain, STACK_FRAME } from "../../../helpers/run.js";

/**
 * Imported withdrawals at work (the contract's "Expected deposits from the sending side"):
 * `confirm --auto` confirms the sandbox's pending declarations an import describes, and no
 * other; a pending declaration to an imported address with another amount is a `near_miss`,
 * shown with both amounts and never sent; the receipt names the source and transaction id.
 */

const NOW = Date.parse("2025-06-14T12:00:00Z");
const homes: NodeJS.ProcessEnv[] = [];
afterEach(async () => {
  for (const home of homes.splice(0)) await expectReceiptsWhole(home as never);
});

function cli(home: NodeJS.ProcessEnv) {
  return (...argv: string[]) => runMain(["--sandbox", ...argv], { home, now: () => NOW });
}

/** Kraken's WithdrawStatus shape: the sandbox's 0.8 BTC, and 300 XRP where 250.123456 waits. */
const KRAKEN = [
  "refid,txid,asset,info,amount,fee,time,status",
  "FTabc1,btc-tx-1,XXBT,bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh,0.8,0.00001,1749892867,Success",
  "FTabc2,xrp-tx-2,XXRP,rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh,300,0.1,1749892900,Success",
  "",
].join("\n");

describe("imported rules, then confirm --auto", () => {
  it("confirms the imported withdrawal that arrived with its amount; a near miss is shown, not sent", async () => {
    const home = tempHome();
    homes.push(home);
    const run = cli(home);
    const file = join(home.HOME, "kraken.csv");
    writeFileSync(file, KRAKEN);
    const imported = await run("rules", "import", file, "--source", "kraken", "--yes");
    expect(imported.code).toBe(0);

    const r = await run("declarations", "confirm", "--auto", "--yes", "-o", "json");
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(r.code).toBe(0);
    // Both amounts, the rule's and the deposit's, and never sent.
    expect(r.stderr).toContain(
      "near_miss: rule 'kraken-xrptx2' expects 300, this is 250.123456 XRP; not sent",
    );
    const outcomes = JSON.parse(r.stdout) as { cryptoDepositDeclarationId: number }[];
    expect(outcomes.map((o) => String(o.cryptoDepositDeclarationId))).toEqual(["734001026"]);

    const receipt = await run("receipts", "show", "734001026", "-o", "json");
    const entries = JSON.parse(receipt.stdout) as Record<string, unknown>[];
    expect(entries[0]).toMatchObject({
      type: "request",
      rule: "kraken-btctx1",
      ruleSource: "kraken",
      ruleTxid: "btc-tx-1",
    });

    const list = await run("rules", "list", "--source", "kraken", "-o", "json");
    expect(list.code).toBe(0);
    const states = (JSON.parse(list.stdout) as Record<string, unknown>[]).map((x) => [
      x.name,
      x.deposit,
      x.spentBy,
    ]);
    expect(states).toEqual([
      ["kraken-btctx1", "confirmed", "734001026"],
      ["kraken-xrptx2", "near_miss", null],
    ]);
  });

  it("watch --auto confirms the same way and prints the near miss with its rule, never sent", async () => {
    const home = tempHome();
    homes.push(home);
    const run = cli(home);
    const file = join(home.HOME, "kraken.csv");
    writeFileSync(file, KRAKEN);
    expect((await run("rules", "import", file, "--source", "kraken", "--yes")).code).toBe(0);

    const r = await run("declarations", "watch", "--auto", "--once", "-o", "ndjson");
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      "near_miss: rule 'kraken-xrptx2' expects 300, this is 250.123456 XRP; not sent",
    );
    const records = r.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const byId = new Map(records.map((x) => [String(x.cryptoDepositDeclarationId), x]));
    expect(byId.get("734001026")).toMatchObject({ rule: "kraken-btctx1", outcome: "confirmed" });
    expect(byId.get("734001023")).toMatchObject({ rule: "kraken-xrptx2", outcome: null });
    // Only the one the import describes exactly was confirmed.
    const confirmed = records.filter((x) => x.outcome !== null && x.outcome !== undefined);
    expect(confirmed.map((x) => String(x.cryptoDepositDeclarationId))).toEqual(["734001026"]);
  });
});
