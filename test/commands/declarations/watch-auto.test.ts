import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { saveRule } from "../../../src/config/rules.js";
import { saveSender } from "../../../src/config/senders.js";
import type { Rule } from "../../../src/domain/rules.js";
import { type RunningSandbox, startSandbox } from "../../../src/sandbox/server.js";
import { tempHome } from "../../helpers/cli.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { type RecordingProxy, startRecordingProxy } from "../../helpers/recording-proxy.js";
import { confirmedByRules, confirmedIds, type OracleRule } from "../../helpers/rules-oracle.js";
import { type RunningMain, startMain } from "../../helpers/run.js";
import { DEMO_CREDENTIALS, send } from "../../helpers/sandbox.js";

/**
 * `declarations watch --auto [--exec CMD]` in-process against the sandbox (docs/RULES.md), through a proxy that records every POST. Deposits arrive by the
 * sandbox's control endpoint between polls; time is a fake clock the test moves, so a poll
 * happens when the test says and nothing waits on real time. After every test the sandbox's
 * final state is checked: nothing confirmed that a rule does not exactly describe.
 */

const ADDRESS = "rEXPECTEDxrpADDRESS1111111111111";
const SELF = {
  isSelfSender: true,
  addressType: "Exchange",
  exchangeId: "3",
  description: "My own XRP from my Kraken account",
} as const;

let sandbox: RunningSandbox;
let proxy: RecordingProxy;
let home: ReturnType<typeof tempHome>;
let before: Set<string>;
let oracle: OracleRule[];
let clock: FakeClock;
let running: RunningMain | null;

beforeEach(async () => {
  home = tempHome();
  oracle = [];
  clock = new FakeClock(Date.parse("2026-11-24T12:00:00Z"));
  running = null;
  sandbox = await startSandbox({ statePath: null });
  proxy = await startRecordingProxy(sandbox.url);
  before = await confirmedIds(sandbox.url, home);
});

afterEach(async () => {
  if (running) await running.interrupt();
  await confirmedByRules(sandbox.url, home, before, oracle);
  expect(new Set(proxy.processed).size).toBe(proxy.processed.length);
  await proxy.close();
  await sandbox.close();
});

function rule(name: string, match: Rule["match"], extra: Partial<Rule> = {}): Rule {
  return {
    name,
    match,
    answers: { given: SELF },
    once: false,
    until: null,
    spent: null,
    ...extra,
  };
}

async function addRule(r: Rule, expected: OracleRule): Promise<void> {
  await saveRule(home, r);
  oracle.push(expected);
}

/** A deposit arrives now; its declaration id. */
async function arrive(fields: Record<string, string>): Promise<string> {
  const r = await send(sandbox.url, "/__sandbox/deposits", {
    method: "POST",
    body: JSON.stringify(fields),
    headers: null,
  });
  expect(r.status, r.text).toBe(201);
  return /"cryptoDepositDeclarationId":\s*(\d+)/.exec(r.text)![1]!;
}

interface Line {
  cryptoDepositDeclarationId: number;
  symbol: string;
  rule?: string;
  outcome?: string | null;
  message?: string;
}

const lines = (text: string): Line[] =>
  text
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);

const lineOf = (text: string, id: string) =>
  lines(text).find((l) => String(l.cryptoDepositDeclarationId) === id);

function watch(args: string[], env: NodeJS.ProcessEnv = {}, auto = true): RunningMain {
  const flags = auto ? ["--auto", "--new-only"] : ["--new-only"];
  running = startMain(["declarations", "watch", ...flags, "-o", "ndjson", ...args], {
    home,
    env: {
      TRADECTL_BASE_URL: proxy.url,
      TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
      TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
      ...env,
    },
    clock,
  });
  return running;
}

/** Moves time on, poll by poll (and through any retry waits), until `test(stdout)` holds. */
async function pollUntil(run: RunningMain, test: (stdout: string) => boolean): Promise<void> {
  await clock.sleeping();
  while (!test(run.stdout.text)) await clock.next();
}

const has = (id: string) => (text: string) => lineOf(text, id) !== undefined;

describe("declarations watch --auto", () => {
  it("confirms what a rule exactly describes as it arrives; look-alikes and expired rules are printed as they are", async () => {
    await saveSender(home, "sis", {
      isSelfSender: false,
      firstName: "Ayşe",
      lastName: "Yılmaz",
      addressType: "IndividualWallet",
    });
    await addRule(
      rule("expected-xrp", { symbol: "xrp", address: ADDRESS, amount: "250.5" }, { once: true }),
      {
        symbol: "XRP",
        address: ADDRESS,
        amount: "250.5",
        names: null,
      },
    );
    // A symbol typed with a Turkish dotless ı, under a Turkish locale: it still means LINK.
    await addRule(
      {
        ...rule("sis-link", { symbol: "lınk" }),
        answers: { sender: "sis", given: { description: "Gift from my sister's wallet" } },
      },
      { symbol: "LINK", names: { firstName: "Ayşe", lastName: "Yılmaz" } },
    );
    await addRule(rule("old-sol", { symbol: "SOL" }, { until: clock.now() - 1 }), {
      symbol: "SOL",
      names: null,
    });

    const run = watch(["--interval", "1"], { LANG: "tr_TR.UTF-8" });
    await clock.sleeping(); // the backlog is read (and skipped): now deposits arrive
    const xrp = await arrive({ symbol: "XRP", address: ADDRESS, amount: "250.50" });
    const lookalike = await arrive({ symbol: "XRP", address: ADDRESS, amount: "250.501" });
    const link = await arrive({ symbol: "LINK", amount: "10" });
    const sol = await arrive({ symbol: "SOL", amount: "2" });
    await pollUntil(run, has(sol));

    const out = run.stdout.text;
    expect(lineOf(out, xrp)).toMatchObject({
      rule: "expected-xrp",
      outcome: "confirmed",
      verifiedBy: "answer",
      byThisRequest: true,
    });
    expect(lineOf(out, link)).toMatchObject({ rule: "sis-link", outcome: "confirmed" });
    // Printed as today: the declaration's own fields, nothing added.
    expect(lineOf(out, lookalike)).not.toHaveProperty("outcome");
    expect(lineOf(out, sol)).not.toHaveProperty("outcome");
    expect(proxy.processed.sort()).toEqual([xrp, link].sort());

    // The --once rule is spent: the same deposit again is one no rule covers.
    const again = await arrive({ symbol: "XRP", address: ADDRESS, amount: "250.5" });
    await pollUntil(run, has(again));
    expect(lineOf(run.stdout.text, again)).not.toHaveProperty("outcome");
    expect(proxy.processed.sort()).toEqual([xrp, link].sort());
    expect(await confirmedByRules(sandbox.url, home, before, oracle)).toEqual([xrp, link].sort());
  });

  it("done means: rules add --once, then watch --auto --once declares the expected deposit within one poll of its arrival, and nothing else", async () => {
    const add = startMain(
      [
        "rules",
        "add",
        "expected-xrp",
        "--symbol",
        "XRP",
        "--amount",
        "250.5",
        "--address",
        ADDRESS,
        "--self",
        "--address-type",
        "exchange",
        "--exchange-id",
        "3",
        "--description",
        SELF.description,
        "--once",
      ],
      {
        home,
        env: {
          TRADECTL_BASE_URL: proxy.url,
          TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
          TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
        },
        now: clock.now,
      },
    );
    expect(await add.done, add.stderr.text).toBe(0);
    oracle.push({ symbol: "XRP", amount: "250.5", address: ADDRESS, names: null });

    const run = watch(["--once", "--interval", "1"]);
    await clock.sleeping();
    const other = await arrive({ symbol: "XRP", amount: "250.5" }); // another address
    const expected = await arrive({ symbol: "XRP", address: ADDRESS, amount: "250.5" });
    await clock.next(); // one poll
    expect(await run.done, run.stderr.text).toBe(0);
    running = null;
    expect(lineOf(run.stdout.text, expected)).toMatchObject({ outcome: "confirmed" });
    expect(lineOf(run.stdout.text, other)).not.toHaveProperty("outcome");
    expect(proxy.processed).toEqual([expected]);
    expect(await confirmedByRules(sandbox.url, home, before, oracle)).toEqual([expected]);
  });

  it("--exec runs CMD for each one left to a person (record on stdin, id in the environment); a failing CMD is reported and the watch goes on", async () => {
    await addRule(rule("xrp", { symbol: "XRP", address: ADDRESS }), {
      symbol: "XRP",
      address: ADDRESS,
      names: null,
    });
    const cmd = `read -r line; case "$line" in *'"symbol":"DOGE"'*) echo "bad $TRADECTL_DECLARATION_ID" >&2; exit 3;; esac; echo "left $TRADECTL_DECLARATION_ID"`;
    const run = watch(["--interval", "1", "--exec", cmd]);
    await clock.sleeping();
    const mine = await arrive({ symbol: "XRP", address: ADDRESS, amount: "1" });
    const btc = await arrive({ symbol: "BTC", amount: "0.1" });
    const doge = await arrive({ symbol: "DOGE", amount: "100" });
    await pollUntil(run, has(doge));
    await run.stderr.until(
      (t) =>
        t.includes(`left ${btc}`) &&
        t.includes(`--exec failed for declaration ${doge}: exit 3; the watch goes on`),
      run.done,
    );
    expect(run.stderr.text).not.toContain(`left ${mine}`);
    expect(lineOf(run.stdout.text, mine)).toMatchObject({ outcome: "confirmed" });

    const later = await arrive({ symbol: "ETH", amount: "1" });
    await pollUntil(run, has(later));
    await run.stderr.until((t) => t.includes(`left ${later}`), run.done);
  });

  it("--once with a hook still running: Ctrl-C ends the watch (130), says how many hooks ran, and stops them and their children; hooks never see the key pair (issue 33, items 5 and 15)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tradectl-exec-"));
    const cmd = `cat > /dev/null; echo "key=[$TRADECTL_API_KEY] secret=[$TRADECTL_API_SECRET]"; sleep 25 & echo $! > "${dir}/sleep"; wait`;
    const run = watch(["--interval", "1", "--once", "--exec", cmd], {}, false);
    await clock.sleeping();
    const id = await arrive({ symbol: "DOGE", amount: "5" });
    // The next poll prints it, and --once then waits for the hook instead of sleeping.
    void clock.next();
    await run.stdout.until(has(id), run.done);
    await run.stderr.until((t) => t.includes("key=["), run.done);
    while (!existsSync(join(dir, "sleep")) || readFileSync(join(dir, "sleep"), "utf8") === "") {
      await new Promise((resolve) => setImmediate(resolve));
    }
    const sleeper = Number(readFileSync(join(dir, "sleep"), "utf8"));
    expect(run.stderr.text).toContain("key=[] secret=[]");
    expect(await run.interrupt()).toBe(130);
    expect(run.stderr.text).toContain("1 --exec hook was running: sent SIGTERM, with its children");
    // The hook's own child ends too: gone, or a zombie left for init to reap.
    const alive = () => {
      try {
        return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${sleeper}/stat`, "utf8"));
      } catch {
        return false;
      }
    };
    while (alive()) await new Promise((resolve) => setImmediate(resolve));
  });

  it("two identical expected deposits: ambiguous, printed with the rule, never sent; CMD runs for both", async () => {
    await addRule(rule("expected-7", { symbol: "XRP", amount: "7" }, { once: true }), {
      symbol: "XRP",
      amount: "7",
      names: null,
    });
    const run = watch([
      "--interval",
      "1",
      "--exec",
      `cat > /dev/null; echo "left $TRADECTL_DECLARATION_ID"`,
    ]);
    await clock.sleeping();
    const first = await arrive({ symbol: "XRP", amount: "7" });
    const second = await arrive({ symbol: "XRP", amount: "7.000" });
    await pollUntil(run, (t) => has(first)(t) && has(second)(t));
    for (const id of [first, second]) {
      expect(lineOf(run.stdout.text, id)).toMatchObject({
        rule: "expected-7",
        outcome: null,
        message:
          "a --once rule matches more than one pending declaration (rules: expected-7); not sent",
      });
    }
    await run.stderr.until(
      (t) => t.includes(`left ${first}`) && t.includes(`left ${second}`),
      run.done,
    );
    expect(proxy.forwarded).toEqual([]);
  });

  it("a --once rule is judged against every pending declaration, not only the new ones", async () => {
    // One deposit is pending before the watch starts (and skipped by --new-only); the rule
    // saved later matches it and the new one: ambiguous, nothing sent.
    const old = await arrive({ symbol: "XRP", amount: "9" });
    await addRule(rule("expected-9", { symbol: "XRP", amount: "9" }, { once: true }), {
      symbol: "XRP",
      amount: "9",
      names: null,
    });
    const run = watch(["--interval", "1"]);
    await clock.sleeping();
    const fresh = await arrive({ symbol: "XRP", amount: "9" });
    await pollUntil(run, has(fresh));
    expect(lineOf(run.stdout.text, fresh)).toMatchObject({ outcome: null, rule: "expected-9" });
    expect(lineOf(run.stdout.text, old)).toBeUndefined();
    expect(proxy.forwarded).toEqual([]);
  });

  it("--exec without --auto: no rule is applied, CMD runs for every new one and nothing is sent", async () => {
    await addRule(rule("xrp", { symbol: "XRP", address: ADDRESS }), {
      symbol: "XRP",
      address: ADDRESS,
      names: null,
    });
    const run = watch(
      ["--interval", "1", "--exec", `cat > /dev/null; echo "left $TRADECTL_DECLARATION_ID"`],
      {},
      false,
    );
    await clock.sleeping();
    const xrp = await arrive({ symbol: "XRP", address: ADDRESS, amount: "1" });
    await pollUntil(run, has(xrp));
    await run.stderr.until((t) => t.includes(`left ${xrp}`), run.done);
    expect(lineOf(run.stdout.text, xrp)).not.toHaveProperty("outcome");
    expect(proxy.forwarded).toEqual([]);
  });

  it("a slow CMD does not stop the polling", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tradectl-exec-"));
    const go = join(dir, "go");
    const cmd = `cat > /dev/null; while [ ! -f '${go}' ]; do sleep 0.05; done; echo "done $TRADECTL_DECLARATION_ID"`;
    const run = watch(["--interval", "1", "--exec", cmd]);
    await clock.sleeping();
    const first = await arrive({ symbol: "BTC", amount: "0.1" });
    await pollUntil(run, has(first));
    // CMD for the first is still running: the next arrivals are polled and printed anyway.
    const second = await arrive({ symbol: "BTC", amount: "0.2" });
    const third = await arrive({ symbol: "BTC", amount: "0.3" });
    await pollUntil(run, has(third));
    expect(lineOf(run.stdout.text, second)).toBeDefined();
    expect(run.stderr.text).not.toContain("done ");
    writeFileSync(go, "");
    await run.stderr.until(
      (t) => [first, second, third].every((id) => t.includes(`done ${id}`)),
      run.done,
    );
  });

  it("through 5xx faults: failed polls are reported and the watch goes on; no confirmation sent twice, none a rule does not describe", async () => {
    await sandbox.close();
    sandbox = await startSandbox({ statePath: null, faults: "5xx=0.3,seed=11" });
    await proxy.close();
    proxy = await startRecordingProxy(sandbox.url);
    await addRule(rule("xrp", { symbol: "XRP", address: ADDRESS }), {
      symbol: "XRP",
      address: ADDRESS,
      names: null,
    });
    const run = watch(["--interval", "1", "--retries", "0"]);
    await clock.sleeping();
    const arrived: string[] = [];
    // Round by round: a deposit a rule describes and one it does not, then polls until both
    // are printed (a failed poll leaves them to the next).
    for (let i = 1; i <= 8; i++) {
      const round = [
        await arrive({ symbol: "XRP", address: ADDRESS, amount: String(i) }),
        await arrive({ symbol: "XRP", amount: String(i) }),
      ];
      arrived.push(...round);
      await pollUntil(run, (t) => round.every((id) => has(id)(t)));
    }
    for (const id of arrived) {
      const line = lineOf(run.stdout.text, id)!;
      if (line.rule === undefined) continue;
      // A matched one is printed with what became of it, never more than the server said.
      expect(["confirmed", "already_confirmed", "unknown", "rejected", "not_sent"]).toContain(
        line.outcome,
      );
    }
    expect(run.stderr.text).toContain("poll failed");
    const confirmed = await confirmedByRules(sandbox.url, home, before, oracle);
    const printedConfirmed = arrived.filter(
      (id) => lineOf(run.stdout.text, id)!.outcome === "confirmed",
    );
    for (const id of printedConfirmed) expect(confirmed).toContain(id);
    expect(printedConfirmed.length).toBeGreaterThan(0);
  });
});
