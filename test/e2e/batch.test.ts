import { spawn } from "node:child_process";
import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_CREDENTIALS, type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { BIN, type CliResult, outcomeLines, runCli, tempHome } from "../helpers/cli.js";
import { expectReceiptsWhole } from "../helpers/receipts.js";
import {
  type PostAction,
  type RecordingProxy,
  startRecordingProxy,
} from "../helpers/recording-proxy.js";
import { runInProcess } from "../helpers/run.js";
import { findDeclaration, confirm as sandboxConfirm, signedHeaders } from "../helpers/sandbox.js";
import {
  KRAKEN_DESCRIPTION,
  PENDING_XLM,
  PENDING_XRP,
  SELF_FROM_EXCHANGE,
} from "../helpers/seed-data.js";
import { SEED_CONFIRM } from "../helpers/seed-text.js";

/**
 * Batch confirmation end to end: the built CLI against the sandbox, through a proxy that
 * records every POST by declaration id (the server's side: none is ever sent twice) and can
 * lose one before or after the server handled it.
 */

const ANSWERS = SELF_FROM_EXCHANGE;
const XRP = PENDING_XRP;
const XLM = PENDING_XLM;
/** Pending, of other assets. */
const PENDING_BTC = "734001026";
const PENDING_ETH = "734001025";
const CONFIRMED = "734001017";

let sandbox: RunningSandbox;
let proxy: RecordingProxy;
let home: ReturnType<typeof tempHome>;

const env = (): NodeJS.ProcessEnv => ({
  ...home,
  TRADECTL_BASE_URL: proxy.url,
  TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
  TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
});
/** A run that needs no process of its own: main() in this process, stdin from memory. */
const confirm = (args: readonly string[], input?: string) =>
  runInProcess(["declarations", "confirm", ...args], {
    env: env(),
    ...(input === undefined ? {} : { input }),
  });

/** The ids of the outcome records, in the order printed. */
const printedIds = (r: CliResult) =>
  outcomeLines(r).map((o) => String(o.cryptoDepositDeclarationId));
const outcomes = (r: CliResult) =>
  Object.fromEntries(outcomeLines(r).map((o) => [String(o.cryptoDepositDeclarationId), o.outcome]));
const status = async (id: string) => (await findDeclaration(sandbox.url, id))?.status;

/** The ids of the bodies a dry run of this selection prints (it must succeed). */
async function dryRunIds(selection: readonly string[]): Promise<string[]> {
  const r = await confirm([...selection, ...ANSWERS, "--dry-run", "-o", "ndjson"]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout
    .trim()
    .split("\n")
    .map((line) => String(JSON.parse(line).cryptoDepositDeclarationId));
}

/**
 * "Someone else" who confirms on the same account: the exchange's web session, a second key.
 * Its own key has its own stamps, so it never takes a stamp the CLI's key is using (a shared
 * key signing in the same millisecond is refused as a replay, and the test would race).
 */
const OTHER_DEVICE = { publicKey: "second-device-key", secret: "c2Vjb25kLWRldmljZS1zZWNyZXQ=" };

/**
 * No declaration was processed twice, in this test or any other: a POST the server refused
 * unprocessed (401, 429) may be sent again, and only then (docs/OUTCOMES.md).
 */
function expectNoneTwice(): void {
  const seen = new Set<string>();
  for (const id of proxy.processed) {
    expect(seen.has(id), `declaration ${id} was POSTed twice`).toBe(false);
    seen.add(id);
  }
}

async function useProxy(options: Parameters<typeof startRecordingProxy>[1] = {}): Promise<void> {
  await proxy.close();
  proxy = await startRecordingProxy(sandbox.url, options);
}

beforeEach(async () => {
  home = tempHome();
  sandbox = await startSandbox({ statePath: null, extraCredentials: [OTHER_DEVICE] });
  proxy = await startRecordingProxy(sandbox.url);
});
afterEach(async () => {
  expectNoneTwice();
  await expectReceiptsWhole(home);
  await proxy.close();
  await sandbox.close();
});

describe("selection", () => {
  it("several ids: one POST each with the same answers; run again, all skipped and nothing sent", async () => {
    const first = await confirm([XRP[0]!, PENDING_BTC, ...ANSWERS, "--yes", "-o", "ndjson"]);
    expect(first.code, first.stderr).toBe(0);
    // The contract's record (issue 22): how each outcome is known, and whether by this request.
    expect(outcomeLines(first)).toEqual([
      {
        cryptoDepositDeclarationId: Number(XRP[0]),
        outcome: "confirmed",
        verifiedBy: "answer",
        byThisRequest: true,
        message: `declaration ${XRP[0]} confirmed`,
      },
      {
        cryptoDepositDeclarationId: Number(PENDING_BTC),
        outcome: "confirmed",
        verifiedBy: "answer",
        byThisRequest: true,
        message: `declaration ${PENDING_BTC} confirmed`,
      },
    ]);
    expect(first.stderr).toContain("2 confirmed (2 confirmations sent)");
    expect(proxy.forwarded).toEqual([XRP[0], PENDING_BTC]);
    expect(await status(PENDING_BTC)).toBe("Confirmed");

    const again = await confirm([XRP[0]!, PENDING_BTC, ...ANSWERS, "--yes", "-o", "ndjson"]);
    expect(again.code, again.stderr).toBe(0);
    expect(outcomes(again)).toEqual({
      [XRP[0]!]: "already_confirmed",
      [PENDING_BTC]: "already_confirmed",
    });
    expect(outcomeLines(again)[0]!.message).toMatch(
      /^declaration \d+: already confirmed at .*: skipped, nothing sent$/,
    );
    expect(proxy.forwarded).toHaveLength(2);
  });

  it("--pending --symbol (any case, repeatable) takes every pending deposit of those assets", async () => {
    const r = await confirm([
      "--pending",
      "--symbol",
      "xrp",
      "--symbol",
      "Xlm",
      ...ANSWERS,
      "--yes",
      "-o",
      "ndjson",
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(printedIds(r).sort()).toEqual([...XRP, ...XLM].sort());
    expect(new Set(Object.values(outcomes(r)))).toEqual(new Set(["confirmed"]));
    expect([...proxy.forwarded].sort()).toEqual([...XRP, ...XLM].sort());
  });

  it("--amount is exact decimal equality: 0.5 takes 0.50000000 and 0.5, not 0.50000001 or 250.123456", async () => {
    expect(await dryRunIds(["--pending", "--amount", "0.5"])).toEqual(["734001030", "734001027"]);
    const none = await confirm(["--pending", "--amount", "0.500000001", ...ANSWERS, "--yes"]);
    expect(none.code).toBe(0);
    expect(none.stderr).toContain(
      "No pending declaration matches amount 0.500000001: nothing to confirm.",
    );
    expect(proxy.forwarded).toEqual([]);
  });

  it("--address with --symbol narrows to the deposits to that address", async () => {
    const address = "rPVMhWBsfF9iMXYj3aAzJVkPDTFNSyWdKy";
    expect(await dryRunIds(["--pending", "--symbol", "XRP", "--address", address])).toEqual([
      "734001008",
      "734001028",
      "734001027",
    ]);
  });

  it("--from CSV: header names in any case, quoting, an embedded comma and newline, a BOM, AddressType words", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "tradectl-batch-")), "rows.csv");
    writeFileSync(
      file,
      "\uFEFFCRYPTODEPOSITDECLARATIONID,isselfsender,FirstName,lastname,Description,addresstype,ExchangeId,exchangeothername\r\n" +
        `${XRP[0]},false,"Yılmaz, Ayşe",Kaya,"Gift from my sister, sent to
my XRP wallet",individual-wallet,,\r\n` +
        `${PENDING_ETH},true,,,Transfer from my own Kraken account,exchange,3,\r\n`,
    );
    const dry = await confirm(["--from", file, "--dry-run", "-o", "ndjson"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe(
      `{"cryptoDepositDeclarationId":${XRP[0]},"isSelfSender":false,"firstName":"Yılmaz, Ayşe","lastName":"Kaya","description":"Gift from my sister, sent to\\nmy XRP wallet","AddressType":"IndividualWallet"}\n` +
        `{"cryptoDepositDeclarationId":${PENDING_ETH},"isSelfSender":true,"description":"Transfer from my own Kraken account","AddressType":"Exchange","exchangeId":3}\n`,
    );
    expect(proxy.forwarded).toEqual([]);
    const sent = await confirm(["--from", file, "--yes", "-o", "ndjson"]);
    expect(sent.code, sent.stderr).toBe(0);
    expect(outcomes(sent)).toEqual({ [XRP[0]!]: "confirmed", [PENDING_ETH]: "confirmed" });
    expect((await findDeclaration(sandbox.url, XRP[0]!))?.firstName).toBe("Yılmaz, Ayşe");
  });

  it("--dry-run -o ndjson piped into --from -: the same bodies sent, once each", async () => {
    const dry = await confirm([
      "--pending",
      "--symbol",
      "XRP",
      ...ANSWERS,
      "--dry-run",
      "-o",
      "ndjson",
    ]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout.trim().split("\n")).toHaveLength(XRP.length);
    expect(proxy.forwarded).toEqual([]);
    const sent = await confirm(["--from", "-", "--yes", "-o", "ndjson"], dry.stdout);
    expect(sent.code, sent.stderr).toBe(0);
    expect(printedIds(sent)).toEqual(XRP);
    expect(proxy.forwarded).toEqual(XRP);
    // The pending ones are gone: running the selection again sends nothing.
    const again = await confirm(["--pending", "--symbol", "XRP", ...ANSWERS, "--yes"]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(
      "No pending declaration matches symbol XRP: nothing to confirm.",
    );
    expect(proxy.forwarded).toEqual(XRP);
  });
});

describe("--fields", () => {
  it("an unknown name: exit 2, the bodies' names listed with --dry-run, and the server sees no request", async () => {
    const r = await confirm([
      "--pending",
      "--symbol",
      "XRP",
      ...ANSWERS,
      "--dry-run",
      "-o",
      "ndjson",
      "--fields",
      "exchangeId,outcome",
    ]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("unknown field 'outcome' in --fields");
    expect(r.stderr).toContain(
      "cryptoDepositDeclarationId, isSelfSender, firstName, lastName, description, AddressType, exchangeId, exchangeOtherName",
    );
    expect(sandbox.requests).toEqual([]);
  });

  it("--dry-run -o ndjson --fields with the required fields, piped into --from -: the same bodies sent, outcome fields as asked", async () => {
    const chosen = [
      "exchangeId",
      "AddressType",
      "description",
      "isSelfSender",
      "cryptoDepositDeclarationId",
    ];
    const dry = await confirm([
      "--pending",
      "--symbol",
      "XRP",
      ...ANSWERS,
      "--dry-run",
      "-o",
      "ndjson",
      "--fields",
      chosen.join(","),
    ]);
    expect(dry.code, dry.stderr).toBe(0);
    const lines = dry.stdout.trim().split("\n");
    expect(lines).toHaveLength(XRP.length);
    for (const line of lines) expect(Object.keys(JSON.parse(line))).toEqual(chosen);
    expect(proxy.forwarded).toEqual([]);

    const sent = await confirm(
      [
        "--from",
        "-",
        "--yes",
        "-o",
        "csv",
        "--fields",
        "cryptoDepositDeclarationId,outcome,verifiedBy",
      ],
      dry.stdout,
    );
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout).toBe(
      `cryptoDepositDeclarationId,outcome,verifiedBy\r\n${XRP.map((id) => `${id},confirmed,answer\r\n`).join("")}`,
    );
    expect(proxy.forwarded).toEqual(XRP);
    // What was declared is what the flags said.
    const after = await findDeclaration(sandbox.url, XRP[0]!);
    expect(after?.status).toBe("Confirmed");
  });
});

describe("the plan first: any problem, every one reported, nothing sent", () => {
  it("a bad row and an unknown id are named by row; exit 2 and zero POSTs on the server", async () => {
    const rows = [
      {
        cryptoDepositDeclarationId: XRP[0],
        isSelfSender: true,
        description: KRAKEN_DESCRIPTION,
        AddressType: "Exchange",
        exchangeId: 3,
      },
      {
        cryptoDepositDeclarationId: XRP[1],
        isSelfSender: true,
        description: "too short",
        AddressType: "Exchange",
        exchangeId: 3,
      },
      {
        cryptoDepositDeclarationId: "999",
        isSelfSender: true,
        description: KRAKEN_DESCRIPTION,
        AddressType: "IndividualWallet",
        exchangeId: 3,
      },
    ];
    const r = await confirm(
      ["--from", "-", "--yes"],
      rows.map((row) => JSON.stringify(row)).join("\n"),
    );
    expect(r.code).toBe(2);
    const errors = r.stderr.split("\n").filter((l) => l.startsWith("error: "));
    expect(errors).toEqual([
      "error: row 3, declaration 999: not found among your declarations",
      `error: row 2, declaration ${XRP[1]}: ${SEED_CONFIRM.description}`,
      `error: row 3, declaration 999: ${SEED_CONFIRM.wallet}`,
    ]);
    expect(r.stderr).toContain("nothing was sent");
    expect(sandbox.requests.filter((q) => q.method === "POST")).toHaveLength(0);
    expect(await status(XRP[0]!)).toBe("Pending");
  });

  it("unknown ids alone: exit 3, each named", async () => {
    const r = await confirm([XRP[0]!, "998", "999", ...ANSWERS, "--yes"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("error: declaration 998: not found among your declarations");
    expect(r.stderr).toContain("error: declaration 999: not found among your declarations");
    expect(proxy.forwarded).toEqual([]);
  });

  it("a rule broken by the shared answers: the seed's message, exit 2, nothing sent", async () => {
    const r = await confirm([
      "--pending",
      "--symbol",
      "XRP",
      "--self",
      "--address-type",
      "individual-wallet",
      "--exchange-id",
      "3",
      "--description",
      KRAKEN_DESCRIPTION,
      "--yes",
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: ${SEED_CONFIRM.wallet}`);
    // The exchanges listing, to check the id; the Pending list is read beside it (one round trip
    // less), and dropped: nothing else is asked, nothing is sent.
    const paths = sandbox.requests.map((q) => q.path);
    expect(paths).toContain("/api/v1/exchanges");
    const reads = ["/api/v1/exchanges", "/api/v1/crypto-deposit-declarations"];
    expect(paths.filter((p) => !reads.includes(p.split("?")[0]!))).toEqual([]);
    expect(paths.length).toBeLessThanOrEqual(2);
    expect(sandbox.requests.filter((q) => q.method !== "GET")).toEqual([]);
    expect(proxy.forwarded).toEqual([]);
  });

  it("without a terminal and without --yes: exit 2 naming --yes, nothing sent", async () => {
    const r = await confirm(["--pending", "--symbol", "XRP", ...ANSWERS]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("pass --yes to send them");
    expect(proxy.forwarded).toEqual([]);
  });

  it("already confirmed items are skipped with no POST; the others are sent", async () => {
    const r = await confirm([CONFIRMED, XRP[1]!, ...ANSWERS, "--yes", "-o", "ndjson"]);
    expect(r.code, r.stderr).toBe(0);
    expect(outcomes(r)).toEqual({ [CONFIRMED]: "already_confirmed", [XRP[1]!]: "confirmed" });
    expect(proxy.forwarded).toEqual([XRP[1]]);
  });

  it("selection flags that do not go together are refused before anything is read", async () => {
    const r = await confirm([XRP[0]!, "--pending", "--amount", "half", ...ANSWERS, "--yes"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("error: choose one of an id, --pending");
    expect(r.stderr).toContain("error: --amount must be a decimal number such as 0.5, got 'half'");
    const s = await confirm(["--symbol", "XRP", ...ANSWERS, "--yes"]);
    expect(s.code).toBe(2);
    expect(s.stderr).toContain("error: --symbol narrows --pending: add --pending");
    expect(sandbox.requests).toHaveLength(0);
  });
});

describe("sending", () => {
  it("a lost answer after the change is read back as confirmed; a reset before arrival is unknown (it was written); one walk; re-run sends only that one", async () => {
    const plan: Record<number, PostAction> = { 2: "lose-answer", 3: "drop" };
    await useProxy({ action: (n) => plan[n] ?? "forward" });
    const ids = XRP.slice(0, 4);
    const r = await confirm([...ids, ...ANSWERS, "--yes", "-o", "ndjson"]);
    // The plan's walk and one read-back walk for the lost ones (each stops once all are found).
    const walks = sandbox.requests.filter((q) => q.method === "GET" && q.url.includes("page="));
    expect(walks).toHaveLength(2);
    expect(r.code, r.stderr).toBe(1);
    expect(outcomes(r)).toEqual({
      [ids[0]!]: "confirmed",
      [ids[1]!]: "confirmed",
      [ids[2]!]: "unknown",
      [ids[3]!]: "confirmed",
    });
    const lost = outcomeLines(r).find((o) => String(o.cryptoDepositDeclarationId) === ids[1]);
    expect(lost).toMatchObject({ verifiedBy: "read-back" });
    expect(lost!.message).toMatch(/the list shows it Confirmed \(at /);
    // The request was written before the connection broke: the client cannot know it never
    // arrived, so it is unknown (may yet be applied), never "not sent" or "not applied".
    const dropped = outcomeLines(r).find((o) => String(o.cryptoDepositDeclarationId) === ids[2]);
    expect(dropped).toMatchObject({ verifiedBy: null, byThisRequest: null });
    expect(dropped!.message).toContain(
      "the list still shows it Pending: the request may yet be applied",
    );
    expect(r.stdout).not.toMatch(/not_sent|not applied/);
    expect(r.stderr).toContain(
      "3 confirmed, 1 unknown (sent, the answer lost: may yet be applied; running the same command again settles it) (4 confirmations sent)",
    );
    expect(proxy.forwarded).toEqual([ids[0], ids[1], ids[3]]);
    expect(proxy.dropped).toEqual([ids[2]]);
    expect(await status(ids[2]!)).toBe("Pending");

    await useProxy();
    const again = await confirm([...ids, ...ANSWERS, "--yes", "-o", "ndjson"]);
    expect(again.code, again.stderr).toBe(0);
    expect(outcomes(again)).toEqual({
      [ids[0]!]: "already_confirmed",
      [ids[1]!]: "already_confirmed",
      [ids[3]!]: "already_confirmed",
      [ids[2]!]: "confirmed",
    });
    expect(proxy.forwarded).toEqual([ids[2]]);
  });

  it("Ctrl-C while the 2nd POST is in flight: it finishes, the rest not sent, exit 130; the re-run sends only the rest", async () => {
    let child: ReturnType<typeof spawn> | null = null;
    await useProxy({
      beforePost: async (n) => {
        if (n !== 2) return;
        child!.kill("SIGINT");
        // Let the signal land before the POST is passed on.
        await new Promise((resolve) => setTimeout(resolve, 200));
      },
    });
    const args = [
      "declarations",
      "confirm",
      "--pending",
      "--symbol",
      "XRP",
      ...ANSWERS,
      "--yes",
      "-o",
      "ndjson",
    ];
    const r = await new Promise<CliResult>((resolve) => {
      child = spawn(process.execPath, [BIN, ...args], {
        env: { PATH: process.env.PATH, ...env() },
      });
      let stdout = "";
      let stderr = "";
      child.stdout!.setEncoding("utf8").on("data", (d) => {
        stdout += d;
      });
      child.stderr!.setEncoding("utf8").on("data", (d) => {
        stderr += d;
      });
      child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
    });
    expect(r.code, r.stderr).toBe(130);
    expect(outcomes(r)).toEqual({
      [XRP[0]!]: "confirmed",
      [XRP[1]!]: "confirmed",
      ...Object.fromEntries(XRP.slice(2).map((id) => [id, "not_sent"])),
    });
    expect(proxy.forwarded).toEqual(XRP.slice(0, 2));

    const rest = await confirm([
      "--pending",
      "--symbol",
      "XRP",
      ...ANSWERS,
      "--yes",
      "-o",
      "ndjson",
    ]);
    expect(rest.code, rest.stderr).toBe(0);
    expect(printedIds(rest)).toEqual(XRP.slice(2));
    expect(proxy.forwarded).toEqual(XRP);
  });

  it("a 422 mid-batch (confirmed meanwhile by someone else) is already_confirmed: exit 0", async () => {
    await useProxy({
      beforePost: async (n, id) => {
        if (n !== 2) return;
        const other = await sandboxConfirm(
          sandbox.url,
          {
            cryptoDepositDeclarationId: Number(id),
            isSelfSender: true,
            description: KRAKEN_DESCRIPTION,
            AddressType: "IndividualWallet",
          },
          signedHeaders({ credentials: OTHER_DEVICE }),
        );
        expect(other.status).toBe(200);
      },
    });
    const r = await confirm([...XRP.slice(0, 3), ...ANSWERS, "--yes", "-o", "ndjson"]);
    expect(r.code, r.stderr).toBe(0);
    expect(outcomes(r)).toEqual({
      [XRP[0]!]: "confirmed",
      [XRP[1]!]: "already_confirmed",
      [XRP[2]!]: "confirmed",
    });
  });
});

describe("race safety", () => {
  it("a batch in one process and single confirms in others, on one sandbox state: each declaration confirmed exactly once", async () => {
    const shared = { ...home };
    const everyXrp = ["--sandbox", "-o", "ndjson", "declarations", "confirm", "--pending"];
    everyXrp.push("--symbol", "XRP", ...ANSWERS, "--yes");
    const batch = runCli(everyXrp, { env: shared, timeoutMs: 60_000 });
    const singles = XRP.slice()
      .reverse()
      .map((id) =>
        runCli(["--sandbox", "declarations", "confirm", id, ...ANSWERS, "--yes"], {
          env: shared,
          timeoutMs: 60_000,
        }),
      );
    const [b, ...s] = await Promise.all([batch, ...singles]);
    const byBatch = b.code === 2 || b.code === 0 ? outcomes(b) : {};
    expect([0, 5]).toContain(b.code);
    XRP.slice()
      .reverse()
      .forEach((id, i) => {
        const single = s[i]!;
        expect([0, 5], single.stderr).toContain(single.code);
        // One winner per declaration: the single confirm, or the batch, never both or neither.
        const batchWon = byBatch[id] === "confirmed";
        const singleWon = single.code === 0;
        expect(batchWon !== singleWon, `${id}: batch ${byBatch[id]}, single ${single.code}`).toBe(
          true,
        );
      });
    const check = await runCli(everyXrp, { env: shared });
    expect(check.stderr).toContain("nothing to confirm");
  }, 120_000);
});

describe("saved senders", () => {
  it("add, list, use with flags overriding, remove; the config file is 0600", async () => {
    const add = await runCli(
      ["senders", "add", "me-kraken", "--self", "--address-type", "exchange", "--exchange-id", "2"],
      { env: env() },
    );
    expect(add.code, add.stderr).toBe(0);
    const file = join(home.XDG_CONFIG_HOME, "tradectl", "config.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const list = await runCli(["senders", "list", "-o", "json"], { env: env() });
    expect(JSON.parse(list.stdout)).toEqual([
      {
        name: "me-kraken",
        isSelfSender: true,
        firstName: null,
        lastName: null,
        AddressType: "Exchange",
        exchangeId: "2",
        exchangeOtherName: null,
        description: null,
      },
    ]);
    const bad = await runCli(["senders", "add", "x", "--self", "--address-type", "exchange"], {
      env: env(),
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(SEED_CONFIRM.either);

    const dry = await confirm([
      XRP[0]!,
      XRP[1]!,
      "--sender",
      "me-kraken",
      "--exchange-name",
      "Bitstamp",
      "--description",
      KRAKEN_DESCRIPTION,
      "--dry-run",
      "-o",
      "ndjson",
    ]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout.split("\n")[0]).toBe(
      `{"cryptoDepositDeclarationId":${XRP[0]},"isSelfSender":true,"description":"${KRAKEN_DESCRIPTION}","AddressType":"Exchange","exchangeId":6}`,
    );
    const unknown = await confirm([XRP[0]!, XRP[1]!, "--sender", "nobody", "--yes"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("error: no saved sender is called 'nobody'");
    expect(unknown.stderr).toContain("saved senders: me-kraken");

    const complete = await runCli(["__complete", "senders"], { env: env() });
    expect(complete.stdout).toBe("me-kraken\n");
    const rm = await runCli(["senders", "remove", "me-kraken"], { env: env() });
    expect(rm.code).toBe(0);
    expect((await runCli(["senders", "list", "-o", "json"], { env: env() })).stdout).toBe("[]\n");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(proxy.forwarded).toEqual([]);
  });
});
