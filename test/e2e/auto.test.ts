import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_CREDENTIALS, type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { BIN, outcomeLines, runCli, tempHome } from "../helpers/cli.js";
import { startPty } from "../helpers/pty.js";
import { type RecordingProxy, startRecordingProxy } from "../helpers/recording-proxy.js";
import { confirmedByRules, confirmedIds, type OracleRule } from "../helpers/rules-oracle.js";
import { runInProcess } from "../helpers/run.js";
import { send } from "../helpers/sandbox.js";

/**
 * `declarations confirm --auto` end to end (docs/RULES.md): the built
 * CLI against the sandbox's seeded look-alikes, through a proxy that records every POST by
 * declaration id. After every test, the sandbox's final state is checked by an oracle written
 * from the contract: nothing was confirmed that its rule does not exactly describe.
 */

const XLM_ADDRESS = "GDQP2KPQGKIHYJGXNUIYOMHARUARCA7DJT5FO2FFOOKY3B2WSQHG4W37";
const ETH_ADDRESS = "0x71C7656EC7ab88b098defB751B7401B5f6d8976F";
/** 500 XLM to XLM_ADDRESS with memo 100200300; its look-alike 734001032 has memo 100200301. */
const XLM_EXPECTED = "734001031";
const XLM_LOOKALIKE = "734001032";
/** 2.45 ETH to ETH_ADDRESS; 734001033 is 2.45 USDT to the same address. */
const ETH_EXPECTED = "734001025";
const USDT_LOOKALIKE = "734001033";
/** Two identical expected deposits: 25 AVAX each, same address. */
const AVAX_TWINS = ["734001035", "734001034"];
const BTC = "734001026";

const SELF = [
  "--self",
  "--address-type",
  "exchange",
  "--exchange-id",
  "3",
  "--description",
  "My own XLM from my Kraken account",
];
const SISTER = [
  "--first-name",
  "Ayşe",
  "--last-name",
  "Yılmaz",
  "--address-type",
  "individual-wallet",
  "--description",
  "Gift from my sister's wallet",
];

let sandbox: RunningSandbox;
let proxy: RecordingProxy;
let home: ReturnType<typeof tempHome>;
let before: Set<string>;
/** The rules the test saved, as the oracle reads them. */
let oracle: OracleRule[];

const env = (): NodeJS.ProcessEnv => ({
  ...home,
  TRADECTL_BASE_URL: proxy.url,
  TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
  TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
});
/** A run that needs no process of its own: main() in this process. */
const cli = (args: readonly string[]) => runInProcess(args, { env: env() });
const auto = (...args: string[]) => cli(["declarations", "confirm", "--auto", ...args]);

async function addRule(name: string, args: readonly string[], rule: OracleRule): Promise<void> {
  const r = await cli(["rules", "add", name, ...args]);
  expect(r.code, r.stderr).toBe(0);
  oracle.push(rule);
}

const posts = () => [...proxy.forwarded];

beforeEach(async () => {
  home = tempHome();
  oracle = [];
  sandbox = await startSandbox({ statePath: null });
  proxy = await startRecordingProxy(sandbox.url);
  before = await confirmedIds(sandbox.url, home);
});

afterEach(async () => {
  // Across every test: nothing confirmed that a rule of the test does not exactly describe,
  // and no declaration processed twice.
  await confirmedByRules(sandbox.url, home, before, oracle);
  expect(new Set(proxy.processed).size).toBe(proxy.processed.length);
  await proxy.close();
  await sandbox.close();
});

async function addSeedRules(): Promise<void> {
  await addRule(
    "expected-xlm",
    [
      "--symbol",
      "xlm",
      "--address",
      XLM_ADDRESS,
      "--memo",
      "100200300",
      "--amount",
      "500.00",
      "--once",
      ...SELF,
    ],
    { symbol: "XLM", address: XLM_ADDRESS, memo: "100200300", amount: "500", names: null },
  );
  await addRule(
    "sister-eth",
    ["--symbol", "ETH", "--address", ETH_ADDRESS, "--amount", "2.45", ...SISTER],
    {
      symbol: "ETH",
      address: ETH_ADDRESS,
      amount: "2.45",
      names: { firstName: "Ayşe", lastName: "Yılmaz" },
    },
  );
  // One --once rule for two identical deposits: ambiguous for both, never sent.
  await addRule("expected-avax", ["--symbol", "AVAX", "--amount", "25", "--once", ...SELF], {
    symbol: "AVAX",
    amount: "25",
    names: null,
  });
  // Two rules with different answers for one deposit: ambiguous, never sent.
  await addRule("btc-mine", ["--symbol", "BTC", "--amount", "0.8", ...SELF], {
    symbol: "BTC",
    amount: "0.8",
    names: null,
  });
  await addRule("btc-sister", ["--symbol", "btc", "--amount", "0.80", ...SISTER], {
    symbol: "BTC",
    amount: "0.8",
    names: { firstName: "Ayşe", lastName: "Yılmaz" },
  });
}

describe("declarations confirm --auto", () => {
  it("--dry-run prints the matched bodies only and sends nothing", async () => {
    await addSeedRules();
    const json = await auto("--dry-run", "-o", "json");
    expect(json.code, json.stderr).toBe(0);
    const bodies = JSON.parse(json.stdout) as { cryptoDepositDeclarationId: number }[];
    expect(bodies.map((b) => String(b.cryptoDepositDeclarationId))).toEqual([
      ETH_EXPECTED,
      XLM_EXPECTED,
    ]);
    expect(bodies[0]).toEqual({
      cryptoDepositDeclarationId: Number(ETH_EXPECTED),
      isSelfSender: false,
      firstName: "Ayşe",
      lastName: "Yılmaz",
      description: "Gift from my sister's wallet",
      AddressType: "IndividualWallet",
    });
    // The plan names the rules of what is ambiguous, and the look-alikes get none.
    expect(json.stderr).toContain(
      `declaration ${XLM_EXPECTED} (500.0000000 XLM): rule 'expected-xlm'`,
    );
    for (const id of AVAX_TWINS) {
      expect(json.stderr).toMatch(
        new RegExp(
          `declaration ${id} .*ambiguous: a --once rule matches more than one pending declaration \\(rules: expected-avax\\)`,
        ),
      );
    }
    expect(json.stderr).toMatch(
      new RegExp(
        `declaration ${BTC} .*ambiguous: rules with different answers match it \\(btc-mine, btc-sister\\)`,
      ),
    );
    expect(json.stderr).not.toContain(XLM_LOOKALIKE);
    expect(json.stderr).not.toContain(USDT_LOOKALIKE);

    const ndjson = await auto("--dry-run", "-o", "ndjson");
    expect(ndjson.code, ndjson.stderr).toBe(0);
    expect(outcomeLines(ndjson).map((b) => String(b.cryptoDepositDeclarationId))).toEqual([
      ETH_EXPECTED,
      XLM_EXPECTED,
    ]);
    expect(posts()).toEqual([]);
  });

  it("piped without --yes: exit 2 naming --yes, nothing sent; with --yes: the matched ones confirmed", async () => {
    await addSeedRules();
    const refused = await auto("-o", "ndjson");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("pass --yes");
    expect(posts()).toEqual([]);

    const sent = await auto("--yes", "-o", "ndjson");
    expect(sent.code, sent.stderr).toBe(0);
    expect(
      outcomeLines(sent).map((r) => [String(r.cryptoDepositDeclarationId), r.outcome]),
    ).toEqual([
      [ETH_EXPECTED, "confirmed"],
      [XLM_EXPECTED, "confirmed"],
    ]);
    expect(posts()).toEqual([ETH_EXPECTED, XLM_EXPECTED]);
    expect(await confirmedByRules(sandbox.url, home, before, oracle)).toEqual(
      [ETH_EXPECTED, XLM_EXPECTED].sort(),
    );
    // Each receipt names the rule that chose its answers.
    const receipts = readFileSync(join(home.XDG_STATE_HOME, "tradectl", "receipts.ndjson"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; declarationId: string; rule?: string | null });
    expect(
      receipts.filter((e) => e.type === "request").map((e) => [e.declarationId, e.rule]),
    ).toEqual([
      [ETH_EXPECTED, "sister-eth"],
      [XLM_EXPECTED, "expected-xlm"],
    ]);

    // The --once rule is spent by its one confirmation; run again: the sister's rule still
    // matches nothing pending, and nothing more is sent.
    const list = await cli(["rules", "list", "-o", "json"]);
    const rules = JSON.parse(list.stdout) as { name: string; state: string; spentBy: string }[];
    expect(rules.find((r) => r.name === "expected-xlm")).toMatchObject({
      state: "spent",
      spentBy: XLM_EXPECTED,
    });
    const again = await auto("--yes", "-o", "ndjson");
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe("");
    expect(again.stderr).toContain("nothing to confirm");
    expect(posts()).toEqual([ETH_EXPECTED, XLM_EXPECTED]);
  });

  it("on a terminal: the plan as a table, then 'Send N confirmations?'; no sends nothing (130), yes sends", async () => {
    await addSeedRules();
    const session = () =>
      startPty(["declarations", "confirm", "--auto"], { env: env(), cols: 160 });
    const no = session();
    await no.expect(/ID\s+AMOUNT\s+ADDRESS\s+MEMO\s+RULE\s+PLAN/);
    // The list's order: the look-alike first, then the one the rule describes.
    await no.expect(/734001032\s+500\.0000000 XLM\s+GDQP\S*\s+100200301\s+no_rule/);
    await no.expect(/734001031\s+500\.0000000 XLM\s+GDQP\S*\s+100200300\s+expected-xlm\s+send/);
    await no.expect("Send 2 confirmations? (y/N)");
    no.write("\r");
    expect(await no.exit).toBe(130);
    expect(posts()).toEqual([]);

    const yes = session();
    await yes.expect("Send 2 confirmations? (y/N)");
    yes.write("y\r");
    await yes.expect("2 confirmed (2 confirmations sent)");
    expect(await yes.exit).toBe(0);
    expect(posts()).toEqual([ETH_EXPECTED, XLM_EXPECTED]);
  }, 60_000);

  it("refuses selections and answers beside it, before anything is read", async () => {
    for (const extra of [["--pending"], [XLM_EXPECTED], ["--self"], ["--sender", "me"]]) {
      const r = await auto(...extra, "--yes");
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain("--auto cannot be used with");
    }
    expect(posts()).toEqual([]);
  });

  it("a rule whose sender was removed: exit 2, every problem named, nothing sent", async () => {
    const saved = await cli(["senders", "add", "sis", ...SISTER]);
    expect(saved.code, saved.stderr).toBe(0);
    await addRule("sis-eth", ["--symbol", "ETH", "--sender", "sis"], {
      symbol: "ETH",
      names: { firstName: "Ayşe", lastName: "Yılmaz" },
    });
    expect((await cli(["senders", "remove", "sis"])).code).toBe(0);
    const r = await auto("--yes");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`rule 'sis-eth': the rule's sender 'sis' is not saved any more`);
    expect(r.stderr).toContain("nothing was sent");
    expect(posts()).toEqual([]);
  });

  it("nothing matched, or no rule at all: said, exit 0, nothing sent", async () => {
    const none = await auto("--yes");
    expect(none.code, none.stderr).toBe(0);
    expect(none.stderr).toContain("No rule is saved");
    await addRule("doge", ["--symbol", "DOGE", ...SELF], { symbol: "DOGE", names: null });
    const r = await auto("--yes");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("No pending declaration matches a rule exactly: nothing to confirm");
    expect(posts()).toEqual([]);
  });

  it("a --once rule raced by three processes is spent once: one POST processed", async () => {
    await addRule(
      "expected-xlm",
      ["--symbol", "XLM", "--memo", "100200300", "--amount", "500", "--once", ...SELF],
      { symbol: "XLM", memo: "100200300", amount: "500", names: null },
    );
    // Three real processes: the claims tell processes apart by pid.
    const argv = ["declarations", "confirm", "--auto", "--yes", "-o", "ndjson"];
    const runs = await Promise.all(
      [1, 2, 3].map(() => runCli(argv, { env: env(), timeoutMs: 60_000 })),
    );
    expect(proxy.processed).toEqual([XLM_EXPECTED]);
    const outcomes = runs.flatMap((r) => outcomeLines(r).map((o) => o.outcome));
    expect(outcomes.filter((o) => o === "confirmed")).toHaveLength(1);
    // The others waited for its outcome (the send path's claim) and found it confirmed, or
    // planned after it: every run ends well.
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    expect(await confirmedByRules(sandbox.url, home, before, oracle)).toEqual([XLM_EXPECTED]);
  });
});

describe("declarations watch --auto (the built binary)", () => {
  it("done means: rules add … --once, then watch --auto --once declares the expected deposit within one poll of its arrival, and nothing else", async () => {
    const address = "rEXPECTEDxrpADDRESS1111111111111";
    await addRule(
      "expected-xrp",
      ["--symbol", "XRP", "--address", address, "--amount", "250.5", "--once", ...SELF],
      { symbol: "XRP", address, amount: "250.5", names: null },
    );
    const child = spawn(
      process.execPath,
      [
        BIN,
        "declarations",
        "watch",
        "--auto",
        "--new-only",
        "--once",
        "--interval",
        "1",
        "-o",
        "ndjson",
        "--debug",
      ],
      { env: { PATH: process.env.PATH, ...env() } },
    );
    let stdout = "";
    let stderr = "";
    const arrived: Promise<string[]> = new Promise((resolve, reject) => {
      let asked = false;
      child.stderr.setEncoding("utf8").on("data", (d: string) => {
        stderr += d;
        // The backlog is read (one short page): deposits that come now are new.
        if (asked || !stderr.includes("[debug] < HTTP 200")) return;
        asked = true;
        const deposit = (fields: Record<string, string>) =>
          send(sandbox.url, "/__sandbox/deposits", {
            method: "POST",
            body: JSON.stringify(fields),
            headers: null,
          }).then((r) => /"cryptoDepositDeclarationId":\s*(\d+)/.exec(r.text)![1]!);
        Promise.all([
          deposit({ symbol: "XRP", address, amount: "250.50" }),
          deposit({ symbol: "XRP", address, amount: "250.501" }),
        ]).then(resolve, reject);
      });
    });
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    const [expected, lookalike] = await arrived;
    expect(code, stderr).toBe(0);
    const printed = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { cryptoDepositDeclarationId: number; outcome?: string });
    expect(printed.find((p) => String(p.cryptoDepositDeclarationId) === expected)).toMatchObject({
      rule: "expected-xrp",
      outcome: "confirmed",
    });
    expect(
      printed.find((p) => String(p.cryptoDepositDeclarationId) === lookalike),
    ).not.toHaveProperty("outcome");
    expect(proxy.processed).toEqual([expected]);
    expect(await confirmedByRules(sandbox.url, home, before, oracle)).toEqual([expected]);
  }, 60_000);
});
