import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TradeClient } from "../../../../src/api/client.js";
import type { Sleep } from "../../../../src/api/sleep.js";
import { answersFromFlags } from "../../../../src/commands/answer-flags.js";
import type { ConfirmFlags } from "../../../../src/commands/declarations/confirm/spec.js";
import { openReceipts, type Receipts } from "../../../../src/config/receipts.js";
import { missingAnswer } from "../../../../src/declare/answers.js";
import { sendOne } from "../../../../src/declare/send.js";
import type { SendDeps } from "../../../../src/declare/send-types.js";
import { confirmBody } from "../../../../src/domain/confirm.js";
import { TradectlError } from "../../../../src/errors.js";
import { inEnglish } from "../../../../src/i18n/index.js";
import { tempHome } from "../../../helpers/cli.js";
import { sendJson, startTestServer, type TestServer } from "../../../helpers/http-server.js";
import { memoryIO } from "../../../helpers/memory-io.js";
import { runMain, TEST_CREDENTIALS } from "../../../helpers/run.js";

const flags = (given: Partial<ConfirmFlags> = {}): ConfirmFlags => ({
  yes: false,
  dryRun: false,
  pending: false,
  symbol: [],
  ...given,
});
const DESCRIPTION = "Transfer from my own Binance account";

describe("answersFromFlags", () => {
  it("maps the flags onto the seed's fields", () => {
    expect(
      answersFromFlags(
        "0042",
        flags({
          firstName: "Ayşe",
          lastName: "Yılmaz",
          addressType: "individual-wallet",
          description: DESCRIPTION,
        }),
      ),
    ).toEqual({
      cryptoDepositDeclarationId: "42",
      isSelfSender: false,
      firstName: "Ayşe",
      lastName: "Yılmaz",
      description: DESCRIPTION,
      addressType: "IndividualWallet",
      exchangeId: undefined,
      exchangeOtherName: undefined,
    });
    const self = answersFromFlags(undefined, flags({ self: true, exchangeName: "X" }));
    expect(self.isSelfSender).toBe(true);
    expect(self.exchangeOtherName).toBe("X");
    expect(answersFromFlags(undefined, flags()).isSelfSender).toBeUndefined();
  });

  it("refuses what cannot be a request, every problem at once", () => {
    let error: unknown;
    try {
      answersFromFlags("12a", flags({ addressType: "bank", self: true, firstName: "A" }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TradectlError);
    const e = error as TradectlError;
    expect(e.kind).toBe("usage");
    expect([e.message, ...e.details.map(inEnglish)]).toEqual([
      "declaration id '12a' must contain decimal digits only",
      "--address-type must be exchange or individual-wallet, got 'bank'",
      "--self cannot be used with --first-name or --last-name: pick one sender",
    ]);
  });
});

describe("missingAnswerLine", () => {
  it("names the flag for each missing answer, with the seed's rule", () => {
    expect(inEnglish(missingAnswer("lastName"))).toBe(
      "missing the sender's last name: pass --last-name NAME (firstName and lastName required when isSelfSender is false)",
    );
    expect(inEnglish(missingAnswer("declaration"))).toBe(
      "missing the declaration id: pass it as the argument: `tradectl declarations confirm ID` (`tradectl declarations list --status pending` lists them)",
    );
  });
});

const OK = '{"success":true,"message":"","code":0}';
const wallet = ["--self", "--address-type", "individual-wallet", "--description", DESCRIPTION];

describe("declarations confirm in-process (runMain)", () => {
  let server: TestServer;
  afterEach(async () => {
    await server?.close();
  });
  const run = (args: string[], options: { signal?: AbortSignal } = {}) =>
    runMain(["--base-url", server.url, "--retries", "0", ...args], {
      env: TEST_CREDENTIALS,
      ...options,
    });

  it("reads the exchanges listing once for both checks, then sends once", async () => {
    server = await startTestServer((req, res) =>
      req.method === "GET"
        ? sendJson(res, 200, '[{"id":1,"name":"A"},{"id":2,"name":"B"}]')
        : sendJson(res, 200, OK),
    );
    const r = await run([
      "-o",
      "csv",
      "declarations",
      "confirm",
      "7",
      "--self",
      "--address-type",
      "exchange",
      "--exchange-id",
      "2",
      "--description",
      DESCRIPTION,
    ]);
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => `${q.method} ${q.url}`)).toEqual([
      "GET /api/v1/exchanges",
      "POST /api/v1/crypto-deposit-declarations/confirm",
    ]);
    expect(server.requests[1]!.body).toBe(
      `{"cryptoDepositDeclarationId":7,"isSelfSender":true,"description":"${DESCRIPTION}","AddressType":"Exchange","exchangeId":2}`,
    );
    expect(r.stdout).toBe("cryptoDepositDeclarationId,success,message,code\r\n7,true,,0\r\n");
    expect(r.stderr).toBe("Declaration 7 confirmed: the deposit will be credited to your wallet\n");
  });

  it("-q keeps stdout data and drops the sentence on stderr", async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, OK));
    const r = await run([
      "-q",
      "-o",
      "ndjson",
      "declarations",
      "confirm",
      "9007199254740993",
      ...wallet,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      '{"cryptoDepositDeclarationId":9007199254740993,"success":true,"message":"","code":0}\n',
    );
    expect(r.stderr).toBe("");
  });

  it("Ctrl-C while the POST is in flight: the request finishes and is reported", async () => {
    const controller = new AbortController();
    server = await startTestServer((req, res) => {
      // The user interrupts while the answer is on its way; it still arrives and is reported.
      if (req.method === "POST") {
        controller.abort();
        setImmediate(() => sendJson(res, 200, OK));
      }
    });
    const r = await run(["declarations", "confirm", "7", ...wallet], {
      signal: controller.signal,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("7\ttrue\t\t0\n");
    expect(server.requests.filter((q) => q.method === "POST")).toHaveLength(1);
  });

  it("Ctrl-C, then no answer: unknown (it may yet be applied), never 'nothing was sent'", async () => {
    const controller = new AbortController();
    server = await startTestServer((req) => {
      if (req.method === "POST") controller.abort();
    });
    const r = await run(["--timeout", "300", "declarations", "confirm", "7", ...wallet], {
      signal: controller.signal,
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^7\tunknown\t\t\tdeclaration 7: sent, but the answer was lost/);
    expect(r.stderr).toContain("the request may yet be applied");
    expect(r.stderr).not.toContain("nothing was sent");
    expect(server.requests.filter((q) => q.method === "POST")).toHaveLength(1);
  });

  it("a batch under --sandbox starts one embedded sandbox: the run's one client", async () => {
    const r = await runMain([
      "--sandbox",
      "--debug",
      "-o",
      "tsv",
      "declarations",
      "confirm",
      "--pending",
      "--symbol",
      "XRP",
      ...wallet,
      "--yes",
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\d+\tconfirmed\tanswer\ttrue\tdeclaration \d+ confirmed\n/);
    expect(r.stderr.match(/\(the embedded sandbox, state in /g)).toHaveLength(1);
  });
});

describe("declarations confirm --fields", () => {
  let server: TestServer;
  afterEach(async () => {
    await server?.close();
  });
  // Typed out from docs/BATCH.md: the oracle, not the module's lists.
  const OUTCOME_NAMES = "cryptoDepositDeclarationId, outcome, verifiedBy, byThisRequest, message";
  const BODY_NAMES =
    "cryptoDepositDeclarationId, isSelfSender, firstName, lastName, description, AddressType, exchangeId, exchangeOtherName";
  const run = (args: string[]) =>
    runMain(["--base-url", server.url, "--retries", "0", ...args], { env: TEST_CREDENTIALS });
  /** A fresh embedded sandbox (a fresh home each run): its pending XRP deposits. */
  const sandbox = (args: string[], input?: string) =>
    runMain(["--sandbox", ...args], input === undefined ? {} : { input });
  const XRP = ["734001023", "734001008"];

  it("an unknown, repeated or empty name: exit 2, the valid names of the run's records listed, nothing read or sent", async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, OK));
    const cases: [string[], string, string][] = [
      [
        ["7", "8", ...wallet, "--yes", "--fields", "outcome,nope"],
        "unknown field 'nope' in --fields",
        OUTCOME_NAMES,
      ],
      [
        ["--pending", ...wallet, "--yes", "--fields", "outcome,outcome"],
        "--fields names 'outcome' twice",
        OUTCOME_NAMES,
      ],
      // A body field without --dry-run, an outcome field with it: the other mode's names said too.
      [
        ["7", ...wallet, "--yes", "--fields", "firstName"],
        "unknown field 'firstName' in --fields",
        `with --dry-run, of the bodies: ${BODY_NAMES}`,
      ],
      [
        ["7", ...wallet, "--dry-run", "--fields", "outcome"],
        "unknown field 'outcome' in --fields",
        BODY_NAMES,
      ],
      [
        ["7", ...wallet, "--dry-run", "--fields", "description,,isSelfSender"],
        "--fields has an empty name",
        BODY_NAMES,
      ],
      [["7", ...wallet, "--yes", "--fields", "Outcome"], "did you mean outcome?", OUTCOME_NAMES],
    ];
    for (const [args, problem, names] of cases) {
      const r = await run(["declarations", "confirm", ...args]);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toContain(problem);
      expect(r.stderr).toContain(names);
      expect(r.stderr).toContain("nothing was sent");
      expect(r.stdout).toBe("");
    }
    expect(server.requests).toEqual([]);
  });

  it("a batch's outcome records: the fields asked for, in that order, in every format", async () => {
    const fields = ["--fields", "outcome,cryptoDepositDeclarationId,byThisRequest"];
    const batch = (format: string) =>
      sandbox(["-o", format, "declarations", "confirm", ...XRP, ...wallet, "--yes", ...fields]);
    const expected: Record<string, string> = {
      ndjson: XRP.map(
        (id) => `{"outcome":"confirmed","cryptoDepositDeclarationId":${id},"byThisRequest":true}\n`,
      ).join(""),
      json: `[\n${XRP.map((id) => `  {\n    "outcome": "confirmed",\n    "cryptoDepositDeclarationId": ${id},\n    "byThisRequest": true\n  }`).join(",\n")}\n]\n`,
      csv: `outcome,cryptoDepositDeclarationId,byThisRequest\r\n${XRP.map((id) => `confirmed,${id},true\r\n`).join("")}`,
      tsv: XRP.map((id) => `confirmed\t${id}\ttrue\n`).join(""),
      // The table for people has its own short headings (as with every --fields table).
      table: `OUTCOME    ID         THIS REQUEST\n${XRP.map((id) => `confirmed  ${id}  true\n`).join("")}`,
    };
    for (const [format, stdout] of Object.entries(expected)) {
      const r = await batch(format);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout, format).toBe(stdout);
      expect(r.stderr).toContain("2 confirmed (2 confirmations sent)");
    }
  });

  it("--dry-run: the bodies' fields asked for, in that order, in every format; nothing sent", async () => {
    const fields = ["--fields", "isSelfSender,cryptoDepositDeclarationId,firstName"];
    const dry = (format: string, ids = XRP) =>
      sandbox(["-o", format, "declarations", "confirm", ...ids, ...wallet, "--dry-run", ...fields]);
    // An answer the body lacks (a self sender's firstName) is null in JSON, empty elsewhere.
    const expected: Record<string, string> = {
      ndjson: XRP.map(
        (id) => `{"isSelfSender":true,"cryptoDepositDeclarationId":${id},"firstName":null}\n`,
      ).join(""),
      json: `[\n${XRP.map((id) => `  {\n    "isSelfSender": true,\n    "cryptoDepositDeclarationId": ${id},\n    "firstName": null\n  }`).join(",\n")}\n]\n`,
      csv: `isSelfSender,cryptoDepositDeclarationId,firstName\r\n${XRP.map((id) => `true,${id},\r\n`).join("")}`,
      tsv: XRP.map((id) => `true\t${id}\t\n`).join(""),
      table: `isSelfSender  cryptoDepositDeclarationId  firstName\n${XRP.map((id) => `true          ${id}\n`).join("")}`,
    };
    for (const [format, stdout] of Object.entries(expected)) {
      const r = await dry(format);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout, format).toBe(stdout);
      expect(r.stderr).toContain("nothing was sent");
    }
    // One declaration's body: one object, as without --fields.
    const one = await dry("json", [XRP[0]!]);
    expect(one.stdout).toBe(
      `{"isSelfSender":true,"cryptoDepositDeclarationId":${XRP[0]},"firstName":null}\n`,
    );
  });

  it("--dry-run -o ndjson --fields with the required fields is a --from file: the same bodies sent", async () => {
    const home = tempHome();
    const inHome = (args: string[], input?: string) =>
      runMain(["--sandbox", ...args], { home, ...(input === undefined ? {} : { input }) });
    const full = await inHome([
      "-o",
      "ndjson",
      "declarations",
      "confirm",
      ...XRP,
      ...wallet,
      "--dry-run",
    ]);
    const chosen = await inHome([
      "-o",
      "ndjson",
      "declarations",
      "confirm",
      ...XRP,
      ...wallet,
      "--dry-run",
      "--fields",
      "AddressType,description,isSelfSender,cryptoDepositDeclarationId",
    ]);
    expect(chosen.code, chosen.stderr).toBe(0);
    expect(Object.keys(JSON.parse(chosen.stdout.split("\n")[0]!))).toEqual([
      "AddressType",
      "description",
      "isSelfSender",
      "cryptoDepositDeclarationId",
    ]);
    // Read back, the chosen fields make the very bodies the full dry run prints.
    const reread = await inHome(
      ["-o", "ndjson", "declarations", "confirm", "--from", "-", "--dry-run"],
      chosen.stdout,
    );
    expect(reread.code, reread.stderr).toBe(0);
    expect(reread.stdout).toBe(full.stdout);
    const sent = await inHome(
      [
        "-o",
        "ndjson",
        "declarations",
        "confirm",
        "--from",
        "-",
        "--yes",
        "--fields",
        "cryptoDepositDeclarationId,outcome",
      ],
      chosen.stdout,
    );
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout).toBe(
      XRP.map((id) => `{"cryptoDepositDeclarationId":${id},"outcome":"confirmed"}\n`).join(""),
    );
    // Without a required field the file is refused by its rows, and nothing is sent.
    const partial = await inHome([
      "-o",
      "ndjson",
      "declarations",
      "confirm",
      "--pending",
      "--symbol",
      "XLM",
      ...wallet,
      "--dry-run",
      "--fields",
      "cryptoDepositDeclarationId,isSelfSender,AddressType",
    ]);
    expect(partial.code, partial.stderr).toBe(0);
    const refused = await inHome(
      ["declarations", "confirm", "--from", "-", "--yes"],
      partial.stdout,
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("row 1");
    expect(refused.stderr).toContain("nothing was sent");
  });

  it("--auto honours --fields: the matched bodies with --dry-run, then their outcome records", async () => {
    const home = tempHome();
    const inHome = (args: string[]) => runMain(["--sandbox", ...args], { home });
    // The sandbox's 2.45 ETH deposit, to this address (seed data).
    const ETH = "734001025";
    const rule = await inHome([
      "rules",
      "add",
      "sister-eth",
      "--symbol",
      "ETH",
      "--address",
      "0x71C7656EC7ab88b098defB751B7401B5f6d8976F",
      "--amount",
      "2.45",
      "--first-name",
      "Ayşe",
      "--last-name",
      "Yılmaz",
      "--address-type",
      "individual-wallet",
      "--description",
      "Gift from my sister's wallet",
    ]);
    expect(rule.code, rule.stderr).toBe(0);
    const refused = await inHome(["declarations", "confirm", "--auto", "--fields", "firstName"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("unknown field 'firstName' in --fields");
    const dry = await inHome([
      "-o",
      "ndjson",
      "declarations",
      "confirm",
      "--auto",
      "--dry-run",
      "--fields",
      "lastName,cryptoDepositDeclarationId",
    ]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe(`{"lastName":"Yılmaz","cryptoDepositDeclarationId":${ETH}}\n`);
    const sent = await inHome([
      "-o",
      "csv",
      "declarations",
      "confirm",
      "--auto",
      "--yes",
      "--fields",
      "outcome,cryptoDepositDeclarationId",
    ]);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout).toBe(`outcome,cryptoDepositDeclarationId\r\nconfirmed,${ETH}\r\n`);
  });

  it("a single confirm with --fields prints its outcome record, whatever the ending", async () => {
    let answer = OK;
    let status = 200;
    server = await startTestServer((_req, res) => sendJson(res, status, answer));
    const fields = ["--fields", "outcome,verifiedBy,cryptoDepositDeclarationId"];
    const json = await run(["-o", "json", "declarations", "confirm", "7", ...wallet, ...fields]);
    expect(json.code).toBe(0);
    // A 200 with success:true: the record that says so, not the success object (it has none of these).
    expect(json.stdout).toBe(
      '{"outcome":"confirmed","verifiedBy":"answer","cryptoDepositDeclarationId":7}\n',
    );
    expect(json.stderr).toBe(
      "Declaration 7 confirmed: the deposit will be credited to your wallet\n",
    );
    const csv = await run(["-o", "csv", "declarations", "confirm", "8", ...wallet, ...fields]);
    expect(csv.stdout).toBe(
      "outcome,verifiedBy,cryptoDepositDeclarationId\r\nconfirmed,answer,8\r\n",
    );
    const table = await run(["-o", "table", "declarations", "confirm", "9", ...wallet, ...fields]);
    expect(table.stdout).toBe("OUTCOME    VERIFIED BY  ID\nconfirmed  answer       9\n");
    // Any other ending: the same fields, and the exit code of the outcome.
    status = 422;
    answer = '{"success":false,"message":"Declaration is already confirmed","code":422}';
    const again = await run(["-o", "ndjson", "declarations", "confirm", "7", ...wallet, ...fields]);
    expect(again.code).toBe(5);
    expect(again.stdout).toBe(
      '{"outcome":"already_confirmed","verifiedBy":"answer","cryptoDepositDeclarationId":7}\n',
    );
    // The JSON error line carries the answer's HTTP status and the service's code.
    const errorLine = again.stderr.split("\n").find((line) => line.startsWith('{"error"'));
    expect(JSON.parse(errorLine!).error).toMatchObject({
      kind: "conflict",
      status: 422,
      code: 422,
    });
  });
});

describe("the send path and its receipts", () => {
  let server: TestServer;
  let dir: string;
  afterEach(async () => {
    await server?.close();
    // Every receipts file a test leaves behind is a whole chain.
    if (dir) expect((await openReceipts(join(dir, "receipts.ndjson")).verify()).ok).toBe(true);
  });
  const body = confirmBody({
    cryptoDepositDeclarationId: "7",
    isSelfSender: false,
    firstName: "Ayşe",
    lastName: "Yılmaz",
    description: DESCRIPTION,
    addressType: "IndividualWallet",
  });
  const row = (status: "Pending" | "Confirmed", confirmedAt: string | null = null) =>
    `[{"cryptoDepositDeclarationId":7,"createdAt":"2025-06-14T09:21:07.412Z","status":"${status}","confirmedAt":${confirmedAt === null ? "null" : `"${confirmedAt}"`},"confirmedBy":null,"firstName":${status === "Confirmed" ? '"Ayşe"' : "null"},"lastName":${status === "Confirmed" ? '"Yılmaz"' : "null"},"amount":1,"symbol":"XRP","address":"r1","memoTag":null,"lightningInvoice":null}]`;
  const waits: number[] = [];

  /** The send path's deps; the client waits (a 429's wait) on the same `sleep`, as the CLI's does. */
  async function deps(options: { receipts?: Receipts; sleep?: Sleep } = {}): Promise<SendDeps> {
    dir = await mkdtemp(join(tmpdir(), "tradectl-send-"));
    waits.length = 0;
    const sleep =
      options.sleep ??
      (async (ms: number) => {
        waits.push(ms);
      });
    const client = new TradeClient({
      baseUrl: server.url,
      credentials: { publicKey: "k", secret: "c2VjcmV0" },
      retries: 0,
      sleep,
    });
    return {
      client,
      io: memoryIO(),
      receipts: options.receipts ?? openReceipts(join(dir, "receipts.ndjson")),
      now: Date.now,
      sleep,
      claimTimeoutMs: 1_000,
      signal: new AbortController().signal,
    };
  }
  const posts = () => server.requests.filter((q) => q.method === "POST");

  it("records the exact body before it is sent, sends those bytes, and records the answer", async () => {
    let recordedFirst = false;
    server = await startTestServer(async (_req, res) => {
      const text = await readFile(join(dir, "receipts.ndjson"), "utf8");
      recordedFirst = text.split("\n").filter(Boolean).length === 1;
      sendJson(res, 200, OK);
    });
    const d = await deps();
    const sent = await sendOne({ body }, d);
    expect({
      ...sent,
      judgement: { ...sent.judgement, message: inEnglish(sent.judgement.message) },
    }).toEqual({
      id: "7",
      written: true,
      judgement: {
        outcome: "confirmed",
        verifiedBy: "answer",
        byThisRequest: true,
        message: "declaration 7 confirmed",
        kind: null,
      },
      answered: { status: 200, code: 0 },
    });
    expect(recordedFirst).toBe(true);
    const [request, outcome] = await d.receipts.history("7");
    expect(request).toMatchObject({ type: "request", body: posts()[0]!.body, publicKey: "k" });
    expect(outcome).toMatchObject({
      type: "outcome",
      status: 200,
      responseBody: OK,
      outcome: "confirmed",
    });
  });

  it("success:false is the server's refusal: rejected by its answer, no read-back", async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 200, '{"success":false,"message":"busy","code":1}'),
    );
    const sent = await sendOne({ body }, await deps());
    expect(sent.judgement).toMatchObject({
      outcome: "rejected",
      verifiedBy: "answer",
      kind: "validation",
    });
    expect(server.requests.map((q) => q.method)).toEqual(["POST"]);
  });

  it.each([
    [
      "a 302",
      (res: ServerResponse) => {
        res.writeHead(302, { location: "/elsewhere" });
        res.end();
      },
    ],
    [
      "an HTML page",
      (res: ServerResponse) => {
        res.writeHead(200, { "content-type": "text/html" });
        res.end("<html>ok</html>");
      },
    ],
    ["a 502", (res: ServerResponse) => sendJson(res, 502, '{"message":"bad gateway"}')],
  ])(
    "%s after the confirmation was applied is a lost answer: read back, confirmed",
    async (_what, answer) => {
      let applied = false;
      server = await startTestServer((req, res) => {
        if (req.method === "POST") {
          applied = true;
          answer(res);
        } else sendJson(res, 200, row(applied ? "Confirmed" : "Pending", new Date().toISOString()));
      });
      const d = await deps();
      const sent = await sendOne({ body }, d);
      expect(sent.judgement).toMatchObject({
        outcome: "confirmed",
        verifiedBy: "read-back",
        byThisRequest: true,
      });
      expect(posts()).toHaveLength(1);
      expect((await d.receipts.requests("7"))[0]!.outcome).toMatchObject({
        outcome: "confirmed",
        verifiedBy: "read-back",
      });
    },
  );

  it("a lost answer read back still Pending is unknown, never 'not applied'; the next run settles it with no second POST", async () => {
    // The service applies the confirmation late: after its answer was lost and the list read.
    let applied = false;
    server = await startTestServer((req, res) => {
      if (req.method === "POST") {
        res.socket?.destroy();
        return;
      }
      sendJson(res, 200, row(applied ? "Confirmed" : "Pending", new Date().toISOString()));
    });
    const d = await deps();
    const first = await sendOne({ body }, d);
    expect(first).toMatchObject({
      written: true,
      judgement: { outcome: "unknown", verifiedBy: null, byThisRequest: null, kind: "unknown" },
    });
    expect(inEnglish(first.judgement.message)).toContain("the request may yet be applied");
    expect(inEnglish(first.judgement.message)).not.toMatch(/not applied|not sent/);
    applied = true;
    const again = await sendOne({ body }, d);
    expect(posts()).toHaveLength(1);
    expect(again).toMatchObject({
      written: false,
      judgement: { outcome: "already_confirmed", verifiedBy: "read-back", byThisRequest: false },
    });
    // The earlier request is settled on record by the second run's read-back.
    expect((await d.receipts.requests("7"))[0]!.outcome).toMatchObject({
      outcome: "confirmed",
      verifiedBy: "read-back",
    });
  });

  it("a request on record with no outcome (a killed run) is read back first: Confirmed, nothing is sent", async () => {
    server = await startTestServer((req, res) => {
      if (req.method === "POST") sendJson(res, 200, OK);
      else sendJson(res, 200, row("Confirmed", new Date().toISOString()));
    });
    const d = await deps();
    await d.receipts.recordRequest({
      baseUrl: server.url,
      publicKey: "k",
      declarationId: "7",
      body: '{"cryptoDepositDeclarationId":7,"isSelfSender":false,"firstName":"Ayşe","lastName":"Yılmaz"}',
    });
    const sent = await sendOne({ body }, d);
    expect(posts()).toHaveLength(0);
    expect(sent).toMatchObject({
      written: false,
      judgement: { outcome: "already_confirmed", byThisRequest: false },
    });
    const [earlier] = await d.receipts.requests("7");
    expect(earlier!.outcome).toMatchObject({
      outcome: "confirmed",
      verifiedBy: "read-back",
      byThisRequest: true,
    });
  });

  it("a 429 is not processed: waited out as the service says, sent again, both attempts on record", async () => {
    server = await startTestServer((req, res) => {
      if (posts().length === 1) {
        res.writeHead(429, { "content-type": "application/json", "retry-after": "3" });
        res.end(
          '{"message":"Too many requests","details":"Quota exceeded. Maximum allowed: 2 per 1m.","limit":2,"period":"1m"}',
        );
      } else sendJson(res, 200, OK);
      void req;
    });
    const d = { ...(await deps()), claimTimeoutMs: 10_000 };
    const sent = await sendOne({ body }, d);
    expect(sent.judgement.outcome).toBe("confirmed");
    expect(waits).toContain(3_000);
    expect(posts()).toHaveLength(2);
    expect(posts()[0]!.body).toBe(posts()[1]!.body);
    const history = await d.receipts.history("7");
    expect(history.map((e) => `${e.type} ${e.attempt}`)).toEqual([
      "request 1",
      "not-processed 1",
      "request 2",
      "outcome 2",
    ]);
    expect(new Set(history.map((e) => e.requestId)).size).toBe(1);
  });

  it("a request on record from another key is not this account's to settle: sent without a read-back (issue 33, item 16)", async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, OK));
    const d = await deps();
    // Cut off with no outcome, made with another key.
    await d.receipts.recordRequest({
      baseUrl: "https://elsewhere.example/",
      publicKey: "another-key",
      declarationId: "7",
      body: "{}",
    });
    const sent = await sendOne({ body }, d);
    expect(sent.judgement.outcome).toBe("confirmed");
    expect(server.requests.map((r) => r.method)).toEqual(["POST"]);
  });

  it("a 429 asking for a wait longer than --timeout: not waited, rejected (rate_limited), sent once (issue 33, item 12)", async () => {
    server = await startTestServer((_req, res) => {
      res.writeHead(429, { "content-type": "application/json", "retry-after": "99999" });
      res.end('{"message":"Too many requests"}');
    });
    const d = { ...(await deps()), claimTimeoutMs: 30_000 };
    const sent = await sendOne({ body }, d);
    expect(sent).toMatchObject({
      written: true,
      judgement: { outcome: "rejected", kind: "rate_limited" },
    });
    expect(inEnglish(sent.judgement.message)).toContain("longer than --timeout (30.0 s)");
    expect(waits.filter((ms) => ms > 30_000)).toEqual([]);
    expect(posts()).toHaveLength(1);
  });

  it("Ctrl-C while waiting out a 429: rejected (written once, not processed), never not_sent", async () => {
    server = await startTestServer((_req, res) => {
      res.writeHead(429, { "content-type": "application/json", "retry-after": "3" });
      res.end('{"message":"Too many requests"}');
    });
    const controller = new AbortController();
    const sleep: Sleep = async (_ms, signal) => {
      controller.abort();
      signal?.throwIfAborted();
    };
    const d = { ...(await deps({ sleep })), claimTimeoutMs: 10_000 };
    const sent = await sendOne({ body }, { ...d, signal: controller.signal });
    expect(sent).toMatchObject({
      written: true,
      judgement: { outcome: "rejected", verifiedBy: "answer", kind: "cancelled" },
    });
    expect(posts()).toHaveLength(1);
    expect((await d.receipts.history("7")).map((e) => e.type)).toEqual([
      "request",
      "not-processed",
      "outcome",
    ]);
  });

  it("another process's request in flight past --timeout: not sent, said so (fake clock)", async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, OK));
    const d = await deps();
    let t = 0;
    const clock = {
      now: () => t,
      sleep: async (ms: number) => {
        t += ms;
      },
    };
    // Held as another process would hold it (this process's pid is alive).
    const held = await d.receipts.claim("7", { timeoutMs: 1_000, ...clock });
    const sent = await sendOne({ body }, { ...d, ...clock, claimTimeoutMs: 5_000 });
    await held.release();
    expect(sent).toMatchObject({
      written: false,
      judgement: { outcome: "not_sent", kind: "unknown" },
    });
    expect(inEnglish(sent.judgement.message)).toContain("has a request for it in flight");
    expect(posts()).toHaveLength(0);
  });

  it("a 401 refusing the stamp is sent once more with a fresh stamp, both on record", async () => {
    server = await startTestServer((req, res) => {
      if (req.url.startsWith("/api/v2/server/time"))
        return sendJson(res, 200, `{"serverTime":${Date.now()}}`);
      if (posts().length === 1) return sendJson(res, 401, '{"message":"Invalid Nonce"}');
      sendJson(res, 200, OK);
    });
    const d = await deps();
    const sent = await sendOne({ body }, d);
    expect(sent.judgement.outcome).toBe("confirmed");
    expect(posts()).toHaveLength(2);
    expect((await d.receipts.history("7")).map((e) => e.type)).toEqual([
      "request",
      "not-processed",
      "request",
      "outcome",
    ]);
  });

  it("a 401 that says no more, twice: sent once more with a fresh stamp, then rejected (auth), every attempt on record", async () => {
    server = await startTestServer((req, res) => {
      if (req.url.startsWith("/api/v2/server/time")) {
        return sendJson(res, 200, `{"serverTime":${Date.now()}}`);
      }
      res.writeHead(401);
      res.end();
    });
    const d = await deps();
    const sent = await sendOne({ body }, d);
    expect(sent.judgement).toMatchObject({
      outcome: "rejected",
      verifiedBy: "answer",
      kind: "auth",
    });
    expect(posts()).toHaveLength(2);
    const history = await d.receipts.history("7");
    expect(history.map((e) => `${e.type} ${e.attempt}`)).toEqual([
      "request 1",
      "not-processed 1",
      "request 2",
      "not-processed 2",
      "outcome 2",
    ]);
    expect(history[1]).toMatchObject({ status: 401, reason: "unauthorized" });
  });

  it("receipts that cannot be written stop the send: nothing is sent", async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, OK));
    const blocked = await mkdtemp(join(tmpdir(), "tradectl-blocked-"));
    await writeFile(join(blocked, "file"), "");
    const d = await deps({ receipts: openReceipts(join(blocked, "file", "receipts.ndjson")) });
    const error = await sendOne({ body }, d).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TradectlError);
    expect(server.requests).toHaveLength(0);
  });
});
