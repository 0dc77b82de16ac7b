import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configFile } from "../../../../src/config/paths.js";
import { tempHome } from "../../../helpers/cli.js";
import { runMain, STACK_FRAME } from "../../../helpers/run.js";

/**
 * `rules import` (the contract's "Expected deposits from the sending side"): every named
 * source's fixture (test/fixtures/import, modelled on the formats docs/IMPORT.md cites) read
 * into --once rules, the plan first, nothing saved on bad input, the same withdrawal never
 * twice. The fixtures' withdrawals go to the sandbox's pending declarations.
 */

const NOW = Date.parse("2025-06-14T12:00:00Z");
const FIXTURES = join(import.meta.dirname, "../../../fixtures/import");
const fixture = (name: string) => join(FIXTURES, name);
const GENERIC = ["--columns", "symbol=Coin,address=To,amount=Sent,txid=Tx,time=When"];

function cli(home: NodeJS.ProcessEnv, now = NOW) {
  return (...argv: string[]) => runMain(["--sandbox", ...argv], { home, now: () => now });
}

/** `rules import ARGV…` in this home, on the test's clock. */
const importing =
  (home: NodeJS.ProcessEnv) =>
  (...argv: string[]) =>
    cli(home)("rules", "import", ...argv);

const rulesOnDisk = (home: NodeJS.ProcessEnv): Record<string, Record<string, unknown>> => {
  try {
    return JSON.parse(readFileSync(configFile(home), "utf8")).rules ?? {};
  } catch {
    return {};
  }
};

interface PlanRow {
  row: number;
  outcome: string;
  name: string | null;
  symbol: string | null;
  amount: string | null;
  amountLessFee: string | null;
  txid: string | null;
  until: string | null;
  reason: string | null;
  detail: string | null;
}

const plan = (stdout: string): PlanRow[] => JSON.parse(stdout);

describe("rules import, one fixture per source", () => {
  it("binance: completed rows become --once rules with both amounts; status 4 is skipped", async () => {
    const home = tempHome();
    const r = await importing(home)(
      fixture("binance.csv"),
      "--source",
      "binance",
      "--yes",
      "-o",
      "json",
    );
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(r.code).toBe(0);
    const rows = plan(r.stdout);
    expect(rows.map((p) => [p.row, p.outcome, p.reason])).toEqual([
      [1, "rule", null],
      [2, "rule", null],
      [3, "skipped", "not_completed"],
    ]);
    // Binance's API says "withdrawal amount" and "transaction fee" and not which includes which:
    // both are kept.
    expect(rows[0]).toMatchObject({ amount: "250.373456", amountLessFee: "250.123456" });
    // The plan's fields, and not the rule each row becomes (saved, not printed).
    expect(Object.keys(rows[0]!)).toEqual([
      "row",
      "line",
      "outcome",
      "name",
      "symbol",
      "address",
      "memo",
      "amount",
      "amountLessFee",
      "txid",
      "withdrawalId",
      "time",
      "until",
      "reason",
      "detail",
    ]);
    expect(r.stderr).toContain("2 rules saved");
    const saved = rulesOnDisk(home)[rows[0]!.name!]!;
    expect(saved).toEqual({
      match: {
        symbol: "XRP",
        address: "rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh",
        memo: "1048576",
        amounts: ["250.373456", "250.123456"],
      },
      // The defaults: my own money, from the exchange named (Binance is listed: its id).
      answers: {
        isSelfSender: true,
        AddressType: "Exchange",
        exchangeId: "3",
        description: "Transfer between my own accounts on different platforms",
      },
      once: true,
      // 14 days after the withdrawal (2025-06-13 17:29:02 UTC, as Binance writes UTC).
      until: "2025-06-27T17:29:02.000Z",
      imported: {
        source: "binance",
        key: "5B1D0C6C9F1E4A2B8C3D7E6F5A4B3C2D1E0F9A8B7C6D5E4F3A2B1C0D9E8F7A6B",
        txid: "5B1D0C6C9F1E4A2B8C3D7E6F5A4B3C2D1E0F9A8B7C6D5E4F3A2B1C0D9E8F7A6B",
        withdrawalId: "b6ae22b3aa844210a7041aee7589627c",
        time: "2025-06-13T17:29:02.000Z",
      },
    });
  });

  it("okx (ndjson): state 2 is a rule, -2 is skipped; ts is Unix ms", async () => {
    const home = tempHome();
    const r = await importing(home)(
      fixture("okx.ndjson"),
      "--source",
      "okx",
      "--yes",
      "-o",
      "json",
    );
    expect(r.code).toBe(0);
    const rows = plan(r.stdout);
    expect(rows.map((p) => [p.outcome, p.reason, p.detail])).toEqual([
      ["rule", null, null],
      ["skipped", "not_completed", "-2"],
    ]);
    const saved = Object.values(rulesOnDisk(home));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      match: { symbol: "USDT", amounts: ["1500", "1499"] },
      answers: { exchangeId: "11" },
      imported: { source: "okx", withdrawalId: "71829374", time: "2025-06-13T22:44:10.093Z" },
    });
  });

  it("bybit (semicolons): success is a rule with its tag as the memo; CancelByUser is skipped", async () => {
    const home = tempHome();
    const r = await importing(home)(fixture("bybit.csv"), "--source", "bybit", "--yes");
    expect(r.code).toBe(0);
    const saved = Object.values(rulesOnDisk(home));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      match: { symbol: "XLM", memo: "4471920013", amounts: ["1200", "1199.99"] },
      answers: { exchangeId: "4" },
    });
  });

  it("kraken: XXBT is BTC, the amount is the one that arrives (the fee is apart), time in seconds", async () => {
    const home = tempHome();
    const r = await importing(home)(fixture("kraken.csv"), "--source", "kraken", "--yes");
    expect(r.code).toBe(0);
    const saved = Object.values(rulesOnDisk(home));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      match: {
        symbol: "BTC",
        address: "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
        amount: "0.8",
      },
      answers: { exchangeId: "2" },
      imported: { source: "kraken", time: "2025-06-14T09:21:07.000Z" },
    });
  });

  it("generic: --columns, a BOM, semicolons and decimal commas, read exactly", async () => {
    const home = tempHome();
    const r = await importing(home)(
      fixture("generic-comma.csv"),
      "--source",
      "generic",
      ...GENERIC,
      "--exchange-name",
      "My Exchange",
      "--yes",
      "-o",
      "json",
    );
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(r.code).toBe(0);
    // `12,345678901234567890` with every digit; `1.500,00` is fifteen hundred.
    expect(plan(r.stdout).map((p) => p.amount)).toEqual(["12.34567890123456789", "1500"]);
    const saved = Object.values(rulesOnDisk(home));
    expect(saved.map((s) => (s.answers as Record<string, unknown>).exchangeOtherName)).toEqual([
      "My Exchange",
      "My Exchange",
    ]);
  });
});

describe("rules import: the plan, then saving", () => {
  it("--dry-run prints the plan and saves nothing", async () => {
    const home = tempHome();
    const r = await importing(home)(
      fixture("binance.csv"),
      "--source",
      "binance",
      "--dry-run",
      "-o",
      "json",
    );
    expect(r.code).toBe(0);
    expect(plan(r.stdout).filter((p) => p.outcome === "rule")).toHaveLength(2);
    expect(r.stderr).toContain("Dry run: 2 rules would be saved; nothing was saved");
    expect(rulesOnDisk(home)).toEqual({});
  });

  it("without --yes and no terminal to ask: exit 2, nothing saved", async () => {
    const home = tempHome();
    const r = await importing(home)(fixture("okx.ndjson"), "--source", "okx");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("1 rule to save, and no terminal to ask");
    expect(rulesOnDisk(home)).toEqual({});
  });

  it("the same withdrawal imported twice adds nothing", async () => {
    const home = tempHome();
    await importing(home)(fixture("binance.csv"), "--source", "binance", "--yes");
    const before = rulesOnDisk(home);
    const again = await importing(home)(
      fixture("binance.csv"),
      "--source",
      "binance",
      "--yes",
      "-o",
      "json",
    );
    expect(again.code).toBe(0);
    expect(plan(again.stdout).map((p) => p.reason)).toEqual([
      "imported_before",
      "imported_before",
      "not_completed",
    ]);
    expect(again.stderr).toContain("Nothing to save");
    expect(rulesOnDisk(home)).toEqual(before);
  });

  it("reads stdin for -", async () => {
    const home = tempHome();
    const r = await runMain(["--sandbox", "rules", "import", "-", "--source", "okx", "--yes"], {
      home,
      now: () => NOW,
      input: readFileSync(fixture("okx.ndjson"), "utf8"),
    });
    expect(r.code).toBe(0);
    expect(Object.keys(rulesOnDisk(home))).toEqual(["okx-9f2c1d7e5b"]);
  });

  it("--sender declares them with a saved sender's answers instead of the defaults", async () => {
    const home = tempHome();
    const run = cli(home);
    const sister = [
      "--first-name",
      "Ayşe",
      "--last-name",
      "Yılmaz",
      "--address-type",
      "individual-wallet",
    ];
    expect(
      (
        await run(
          "senders",
          "add",
          "sis",
          ...sister,
          "--description",
          "Gift from my sister's wallet",
        )
      ).code,
    ).toBe(0);
    const r = await importing(home)(
      fixture("kraken.csv"),
      "--source",
      "kraken",
      "--sender",
      "sis",
      "--yes",
    );
    expect(r.code).toBe(0);
    expect(Object.values(rulesOnDisk(home))[0]).toMatchObject({ sender: "sis", answers: {} });
  });

  it("sandbox serve --arrivals-from without a named source is refused before it listens", async () => {
    const home = tempHome();
    const r = await cli(home)("sandbox", "serve", "--arrivals-from", fixture("okx.ndjson"));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--arrivals-from FILE needs --arrivals-source");
  });

  it("the answer flags override the defaults", async () => {
    const home = tempHome();
    const r = await importing(home)(
      fixture("kraken.csv"),
      "--source",
      "kraken",
      "--description-preset",
      "arbitrage",
      "--yes",
    );
    expect(r.code).toBe(0);
    expect(Object.values(rulesOnDisk(home))[0]!.answers).toEqual({
      isSelfSender: true,
      AddressType: "Exchange",
      exchangeId: "2",
      description: "Profiting from price differences between platforms",
    });
  });
});

/** A Binance file of these data rows (the API's columns). */
function binanceFile(home: NodeJS.ProcessEnv, ...rows: string[]): string {
  const path = join(home.HOME!, "withdrawals.csv");
  writeFileSync(
    path,
    ["id,amount,transactionFee,coin,status,address,addressTag,txId,applyTime", ...rows, ""].join(
      "\n",
    ),
  );
  return path;
}

const GOOD_ROW =
  "w1,1.5,0.1,ETH,6,0x71C7656EC7ab88b098defB751B7401B5f6d8976F,,0xaa01,2025-06-14 08:00:00";

describe("rules import: the plan at 80 columns", () => {
  it("every row skipped: the columns no row fills give way, and each REASON is whole", async () => {
    const home = tempHome();
    const path = binanceFile(
      home,
      "w1,1.5,0.1,ETH,6,0x71C7656EC7ab88b098defB751B7401B5f6d8976F,,0xaa01,2025-06-14 08:00:00",
      "w2,2.5,0.1,BTC,6,bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh,,0xaa02,2025-06-13 08:00:00",
    );
    // Months later: both rules would have expired (a rule lives 14 days after its withdrawal).
    const later = Date.parse("2026-11-20T00:00:00Z");
    const run = await runMain(
      ["--lang", "en", "--sandbox", "rules", "import", path, "--source", "binance", "--dry-run"],
      { home, now: () => later, tty: true, columns: 80 },
    );
    expect(run.code).toBe(0);
    const lines = run.stdout
      .replace(/\x1b\[[0-9;]*m/g, "")
      .trimEnd()
      .split("\n");
    expect(lines.map((l) => l.trimEnd())).toEqual([
      "ROW  OUTCOME  REASON",
      "1    skipped  its rule would have expired at 2025-06-28T08:00:00.000Z",
      "2    skipped  its rule would have expired at 2025-06-27T08:00:00.000Z",
    ]);
  });
});

describe("rules import: bad input is refused, naming the file, row and column; nothing saved", () => {
  const cases: [string, string, string][] = [
    [
      "a formula-looking cell",
      'w2,2,0,ETH,6,"=HYPERLINK(""http://x"")",,0xaa02,2025-06-14 08:00:00',
      `row 2 (line 3), column address: '=HYPERLINK("http://x")' looks like a spreadsheet formula`,
    ],
    [
      "an amount that could be read two ways",
      'w2,"1,234",0,ETH,6,0xabc,,0xaa02,2025-06-14 08:00:00',
      "row 2 (line 3), column amount: '1,234' can be read two ways",
    ],
    [
      "a negative amount",
      "w2,-3,0,ETH,6,0xabc,,0xaa02,2025-06-14 08:00:00",
      "row 2 (line 3), column amount: '-3' is not an amount above zero",
    ],
    [
      "a zero amount",
      "w2,0.000,0,ETH,6,0xabc,,0xaa02,2025-06-14 08:00:00",
      "row 2 (line 3), column amount: '0.000' is not an amount above zero",
    ],
    [
      "an unreadable amount",
      "w2,lots,0,ETH,6,0xabc,,0xaa02,2025-06-14 08:00:00",
      "row 2 (line 3), column amount: 'lots' is not an amount",
    ],
    [
      "a symbol with spaces",
      "w2,2,0,ET H,6,0xabc,,0xaa02,2025-06-14 08:00:00",
      "row 2 (line 3), column coin: 'ET H' is not a symbol",
    ],
    [
      "a time Binance does not write",
      "w2,2,0,ETH,6,0xabc,,0xaa02,yesterday",
      "row 2 (line 3), column applyTime: 'yesterday' is not a time this source writes",
    ],
  ];
  for (const [what, row, message] of cases) {
    it(what, async () => {
      const home = tempHome();
      const file = binanceFile(home, GOOD_ROW, row);
      const r = await importing(home)(file, "--source", "binance", "--yes");
      expect(r.code).toBe(2);
      expect(r.stderr).not.toMatch(STACK_FRAME);
      expect(r.stderr).toContain(`${file} ${message}`);
      expect(r.stderr).toContain("nothing was saved");
      expect(rulesOnDisk(home)).toEqual({});
    });
  }

  it("--skip-bad saves the good rows and names the bad ones in the plan", async () => {
    const home = tempHome();
    const file = binanceFile(home, GOOD_ROW, "w2,-3,0,ETH,6,0xabc,,0xaa02,2025-06-14 08:00:00");
    const r = await importing(home)(
      file,
      "--source",
      "binance",
      "--skip-bad",
      "--yes",
      "-o",
      "json",
    );
    expect(r.code).toBe(0);
    expect(plan(r.stdout).map((p) => [p.outcome, p.reason, p.detail])).toEqual([
      ["rule", null, null],
      ["bad", "amount_not_positive", "amount: -3"],
    ]);
    expect(Object.keys(rulesOnDisk(home))).toHaveLength(1);
  });

  it("text from the file is shown without its terminal escapes", async () => {
    const home = tempHome();
    const file = binanceFile(home, "w2,2,0,E\u001b[31mTH,6,0xabc,,0xaa02,2025-06-14 08:00:00");
    const r = await importing(home)(file, "--source", "binance", "--yes");
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain("\u001b[31m");
    expect(r.stderr).toContain("column coin:");
  });

  const fileCases: [string, string, string][] = [
    ["an empty file", "", "no withdrawals in it"],
    ["a header alone", "id,amount,coin\n", "no withdrawals in it"],
    [
      "another source's columns",
      "Date(UTC),Coin,Amount\n2025-06-14 08:00:00,ETH,1\n",
      "no column address, status, which a binance export has",
    ],
    [
      "a column twice (in another case)",
      "coin,address,amount,Amount,status\nETH,0xabc,1,2,6\n",
      "the column amount is there twice",
    ],
    ["not CSV", 'a,"b\n', "not readable as CSV"],
  ];
  for (const [what, text, message] of fileCases) {
    it(what, async () => {
      const home = tempHome();
      const file = join(home.HOME!, "in.csv");
      writeFileSync(file, text);
      const r = await importing(home)(file, "--source", "binance", "--yes");
      expect(r.code).toBe(2);
      expect(r.stderr).not.toMatch(STACK_FRAME);
      expect(r.stderr).toContain(file);
      expect(r.stderr).toContain(message);
      expect(rulesOnDisk(home)).toEqual({});
    });
  }

  it("a file far larger than any withdrawal history is refused before it is read", async () => {
    const home = tempHome();
    const file = join(home.HOME!, "big.csv");
    writeFileSync(file, Buffer.alloc(11 * 1024 * 1024, "a"));
    const r = await importing(home)(file, "--source", "binance", "--yes");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file}: more than 10 MB`);
  });

  it("a source this version does not read, and --columns without generic", async () => {
    const home = tempHome();
    const r = await importing(home)(
      fixture("okx.ndjson"),
      "--source",
      "coinbase",
      "--columns",
      "symbol=a",
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--source coinbase is not one this version reads");
  });
});
