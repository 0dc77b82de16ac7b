import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { receiptsListVerb } from "../../../src/commands/receipts/receipts-spec.js";
import { optionsFromArgv } from "../../../src/commands/verb.js";
import { type NewOutcome, openReceipts, receiptsPath } from "../../../src/config/receipts.js";
import { brokenOnPurpose, tempHome } from "../../helpers/cli.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { runMain, STACK_FRAME } from "../../helpers/run.js";

const NOW = Date.parse("2026-11-24T12:00:00Z");
const HOUR = 3_600_000;

async function tradectl(argv: string[], env: NodeJS.ProcessEnv, now = NOW) {
  const result = await runMain(argv, { env, clock: new FakeClock(now) });
  expect(result.stderr).not.toMatch(STACK_FRAME);
  return result;
}

const body = (id: string, names: string) =>
  `{"cryptoDepositDeclarationId":${id},"isSelfSender":false,${names},"description":"Gift from my sister's wallet, for rent","AddressType":"Exchange","exchangeId":3}`;
const confirmed: NewOutcome = {
  status: 200,
  responseBody: '{"success":true,"message":"","code":0}',
  outcome: "confirmed",
  verifiedBy: "answer",
  byThisRequest: true,
  message: "confirmed",
};

/** Three requests: two hours ago (confirmed), one hour ago (422), and one cut off just now. */
async function filled(env: NodeJS.ProcessEnv, sandbox = false) {
  let clock = NOW - 2 * HOUR;
  const receipts = openReceipts(receiptsPath(env, { sandbox }), { now: () => clock });
  const base = { baseUrl: "https://api.btcturk.com", publicKey: "pub-1" };
  const a = await receipts.recordRequest({
    ...base,
    declarationId: "9223372036854775807",
    body: body("9223372036854775807", '"firstName":"Ayşe","lastName":"Yılmaz"'),
  });
  await receipts.recordOutcome(a, confirmed);
  clock = NOW - HOUR;
  const b = await receipts.recordRequest({
    ...base,
    declarationId: "734001027",
    body: body("734001027", '"firstName":"=HYPERLINK(1)","lastName":"Öztürk"'),
    rule: "kraken",
  });
  await receipts.recordOutcome(b, {
    ...confirmed,
    status: 422,
    outcome: "already_confirmed",
    byThisRequest: false,
    message: "already confirmed (HTTP 422)",
  });
  clock = NOW - 1000;
  await receipts.recordRequest({
    ...base,
    declarationId: "734001028",
    body: body("734001028", '"firstName":"Can","lastName":"Demir"'),
  });
  return receipts.path;
}

describe("receipts list", () => {
  it("prints one row per request in every format, ids with every digit", async () => {
    const env = tempHome();
    await filled(env);
    const json = await tradectl(["receipts", "list", "-o", "json"], env);
    expect(json.code).toBe(0);
    expect(json.stdout).toContain('"cryptoDepositDeclarationId": 9223372036854775807');
    const rows = JSON.parse(json.stdout);
    expect(rows.map((r: { outcome: string | null }) => r.outcome)).toEqual([
      "confirmed",
      "already_confirmed",
      null,
    ]);
    expect(rows[0]).toMatchObject({
      requestedAt: "2026-11-24T10:00:00.000Z",
      verifiedBy: "answer",
      byThisRequest: true,
      status: 200,
      isSelfSender: false,
      firstName: "Ayşe",
      lastName: "Yılmaz",
      AddressType: "Exchange",
      exchangeId: 3,
      attempts: 1,
      publicKey: "pub-1",
    });
    expect(rows[1].rule).toBe("kraken");
    expect(rows[2].message).toContain("reads it back");

    const ndjson = await tradectl(["receipts", "list", "-o", "ndjson"], env);
    expect(ndjson.stdout.trim().split("\n")).toHaveLength(3);

    const csv = await tradectl(["receipts", "list", "-o", "csv"], env);
    const lines = csv.stdout.trim().split("\r\n");
    expect(lines[0]).toMatch(/^requestedAt,cryptoDepositDeclarationId,outcome,verifiedBy,/);
    expect(lines[1]).toContain(
      "2026-11-24T10:00:00.000Z,9223372036854775807,confirmed,answer,true,200",
    );
    // A name a spreadsheet would run as a formula is neutralised in the export.
    expect(lines[2]).toContain("'=HYPERLINK(1)");

    const tsv = await tradectl(["receipts", "list", "-o", "tsv"], env);
    expect(tsv.stdout.trim().split("\n")[2]!.split("\t").slice(1, 3)).toEqual(["734001028", ""]);

    const table = await tradectl(["receipts", "list", "-o", "table"], env);
    expect(table.stdout).toMatch(/^REQUESTED\s+DECLARATION\s+OUTCOME/);
    expect(table.stdout).toContain("unsettled");
    expect(table.stdout).toContain("Ayşe Yılmaz");
  });

  it("attempts counts the times a request was written: one on record and never sent is 0", async () => {
    const env = tempHome();
    const receipts = openReceipts(receiptsPath(env, { sandbox: false }), { now: () => NOW });
    const base = { baseUrl: "https://api.btcturk.com", publicKey: "pub-1" };
    const sent = await receipts.recordRequest({
      ...base,
      declarationId: "734001027",
      body: body("734001027", '"firstName":"Can","lastName":"Demir"'),
    });
    // The batch's next item, on record while the POST before it was in flight, never sent.
    const prepared = await receipts.recordRequest({
      ...base,
      declarationId: "734001028",
      body: body("734001028", '"firstName":"Can","lastName":"Demir"'),
    });
    await receipts.recordOutcome(sent, confirmed);
    await receipts.recordOutcome(prepared, {
      status: null,
      responseBody: null,
      outcome: "not_sent",
      verifiedBy: null,
      byThisRequest: false,
      message:
        "declaration 734001028: not sent: its request was on record, but the batch was cancelled before it was sent",
    });
    const rows = JSON.parse((await tradectl(["receipts", "list", "-o", "json"], env)).stdout);
    expect(rows.map((r: { outcome: string; attempts: number }) => [r.outcome, r.attempts])).toEqual(
      [
        ["confirmed", 1],
        ["not_sent", 0],
      ],
    );
  });

  it("--fields chooses and orders the columns; an unknown name is exit 2", async () => {
    const env = tempHome();
    await filled(env);
    const tsv = await tradectl(
      ["receipts", "list", "--fields", "outcome,cryptoDepositDeclarationId", "-o", "tsv"],
      env,
    );
    expect(tsv.stdout).toBe(
      "confirmed\t9223372036854775807\nalready_confirmed\t734001027\n\t734001028\n",
    );
    const json = await tradectl(["receipts", "list", "--fields", "requestId", "-o", "json"], env);
    expect(Object.keys(JSON.parse(json.stdout)[0])).toEqual(["requestId"]);
    const bad = await tradectl(["receipts", "list", "--fields", "nope"], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown field 'nope'");
  });

  it("--id, --since and --until narrow it; durations count back from now", async () => {
    const env = tempHome();
    await filled(env);
    const ids = async (...flags: string[]) =>
      (
        await tradectl(
          ["receipts", "list", ...flags, "--fields", "cryptoDepositDeclarationId", "-o", "tsv"],
          env,
        )
      ).stdout
        .trim()
        .split("\n")
        .filter((l) => l !== "");
    expect(await ids("--id", "734001027")).toEqual(["734001027"]);
    expect(await ids("--since", "90m")).toEqual(["734001027", "734001028"]);
    expect(await ids("--until", "30m")).toEqual(["9223372036854775807", "734001027"]);
    expect(await ids("--since", "2026-11-24T10:30:00Z", "--until", "2026-11-24T11:30:00Z")).toEqual(
      ["734001027"],
    );
    expect(await ids("--since", "1d2h")).toHaveLength(3);
    const none = await tradectl(["receipts", "list", "--id", "1"], env);
    expect(none.code).toBe(0);
    expect(none.stderr).toContain("No confirmation request on record for declaration 1");
  });

  it("refuses a --since that is neither a time nor a duration, and a backwards period (exit 2)", async () => {
    expect(() => optionsFromArgv(receiptsListVerb, ["--since", "yesterday"])).toThrow(/ISO-8601/);
    expect(() => optionsFromArgv(receiptsListVerb, ["--id", "12a"])).toThrow(/--id '12a'/);
    expect(optionsFromArgv(receiptsListVerb, ["--since", "7d", "--id", "007"])).toMatchObject({
      since: "7d",
      id: "7",
    });
    const env = tempHome();
    const backwards = await tradectl(["receipts", "list", "--since", "1h", "--until", "2h"], env);
    expect(backwards.code).toBe(2);
    expect(backwards.stderr).toContain("--since is later than --until");
  });

  it("says where the receipts will be when there are none", async () => {
    const env = tempHome();
    const run = await tradectl(["receipts", "list", "-o", "json"], env);
    expect(run).toMatchObject({ code: 0, stdout: "[]\n" });
    expect(run.stderr).toContain(join(env.XDG_STATE_HOME, "tradectl", "receipts.ndjson"));
  });

  it("--sandbox reads the sandbox's own receipts, never the account's", async () => {
    const env = tempHome();
    await filled(env, true);
    const real = await tradectl(["receipts", "list", "-o", "json"], env);
    expect(JSON.parse(real.stdout)).toEqual([]);
    const sandbox = await tradectl(["--sandbox", "receipts", "list", "-o", "json"], env);
    expect(JSON.parse(sandbox.stdout)).toHaveLength(3);
  });
});

describe("receipts show", () => {
  it("prints every entry for one declaration with the bodies", async () => {
    const env = tempHome();
    await filled(env);
    const json = await tradectl(["receipts", "show", "734001027", "-o", "json"], env);
    expect(json.code).toBe(0);
    const entries = JSON.parse(json.stdout);
    expect(entries.map((e: { type: string }) => e.type)).toEqual(["request", "outcome"]);
    expect(entries[0].body).toBe(
      body("734001027", '"firstName":"=HYPERLINK(1)","lastName":"Öztürk"'),
    );
    expect(entries[1]).toMatchObject({
      status: 422,
      outcome: "already_confirmed",
      byThisRequest: false,
    });
    expect(entries[1].responseBody).toContain('"success":true');
    const table = await tradectl(["receipts", "show", "734001027", "-o", "table"], env);
    expect(table.stdout).toContain("bodySha256");
    expect(table.stdout).toContain("already_confirmed");
  });

  it("an id with nothing on record: exit 3", async () => {
    const env = tempHome();
    await filled(env);
    const run = await tradectl(["receipts", "show", "5", "-o", "json"], env);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('"kind":"not_found"');
  });
});

describe("receipts verify", () => {
  it("exit 0 and the count when the chain is whole", async () => {
    const env = tempHome();
    await filled(env);
    const run = await tradectl(["receipts", "verify", "-o", "json"], env);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ entries: 5 });
    const empty = await tradectl(["receipts", "verify", "-o", "tsv"], tempHome());
    expect(empty.code).toBe(0);
    expect(empty.stdout.split("\t")[0]).toBe("0");
  });

  for (const [what, change, line] of [
    // The edited line itself, not the one after it (issue 33, item 18).
    ["an edited line", (l: string[]) => l.with(0, l[0]!.replace('"pub-1"', '"pub-2"')), 1],
    ["an edited body", (l: string[]) => l.with(0, l[0]!.replace("Ayşe", "Ayse")), 1],
    // The line before the gap, which says a line after it may have been removed.
    ["a removed line", (l: string[]) => l.toSpliced(1, 1), 1],
    ["reordered lines", (l: string[]) => [l[0]!, l[2]!, l[1]!, l[3]!, l[4]!], 2],
  ] as const) {
    it(`${what}: exit 1, kind integrity, the line that was changed named`, async () => {
      const env = tempHome();
      brokenOnPurpose(env);
      const path = await filled(env);
      const lines = readFileSync(path, "utf8").trim().split("\n");
      writeFileSync(path, `${change(lines).join("\n")}\n`);
      const run = await tradectl(["receipts", "verify", "-o", "json"], env);
      expect(run.code).toBe(1);
      const error = JSON.parse(run.stderr.split("\n").find((l) => l.startsWith("{"))!);
      expect(error.error.kind).toBe("integrity");
      expect(error.error.message).toContain(`line ${line} does not fit`);
      expect(run.stdout).toBe("");
    });
  }

  it("--help says what verify does: it names the changed line itself, and a torn last line does not fail it", async () => {
    const env = tempHome();
    const help = await tradectl(["receipts", "verify", "--help"], env);
    const prose = help.stdout.replace(/\s+/g, " ");
    expect(prose).not.toContain("the first line that does not fit");
    expect(prose).toContain(
      'exits 1 (kind "integrity") naming the line that was changed: an edited line itself',
    );
    expect(prose).toContain(
      "A last line a crash cut short was never sent: verify names it and does not fail",
    );
    // As it says: a torn last line (a crash mid-write) is named, and verify passes.
    const path = await filled(env);
    writeFileSync(path, `${readFileSync(path, "utf8")}{"type":"request","v":1,"at`);
    const run = await tradectl(["--lang", "en", "receipts", "verify"], env);
    expect(run.code).toBe(0);
    expect(`${run.stdout}${run.stderr}`).toContain("line 6 was cut short by an interrupted write");
  });

  it("the file is 0600", async () => {
    const env = tempHome();
    const path = await filled(env);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});

describe("help", () => {
  it("exit-codes names integrity and unknown under 1", async () => {
    const run = await tradectl(["help", "exit-codes"], tempHome());
    expect(run.stdout).toMatch(/1\s+server, network, unknown, integrity/);
    expect(run.stdout).toContain("receipts verify");
  });
});
