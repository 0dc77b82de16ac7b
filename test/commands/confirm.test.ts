import { afterEach, describe, expect, it } from "vitest";
import { TradeClient } from "../../src/api/client.js";
import { missingAnswerLine } from "../../src/commands/declarations/confirm/answers.js";
import { type Settled, sendOne } from "../../src/commands/declarations/confirm/send.js";
import {
  answersFromFlags,
  type ConfirmFlags,
} from "../../src/commands/declarations/confirm/spec.js";
import { confirmBody } from "../../src/domain/confirm.js";
import { TradectlError } from "../../src/errors.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";
import { memoryIO } from "../helpers/memory-io.js";
import { runMain, TEST_CREDENTIALS } from "../helpers/run.js";

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
    expect([e.message, ...e.details]).toEqual([
      "declaration id '12a' must contain decimal digits only",
      "--address-type must be exchange or individual-wallet, got 'bank'",
      "--self cannot be used with --first-name or --last-name: pick one sender",
    ]);
  });
});

describe("missingAnswerLine", () => {
  it("names the flag for each missing answer, with the seed's rule", () => {
    expect(missingAnswerLine("lastName")).toBe(
      "missing the sender's last name: pass --last-name NAME (firstName and lastName required when isSelfSender is false)",
    );
    expect(missingAnswerLine("declaration")).toBe(
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

  it("Ctrl-C while the POST is in flight: exit 130, and says it may have arrived", async () => {
    const controller = new AbortController();
    server = await startTestServer((req) => {
      // Hold the answer; the user interrupts meanwhile.
      if (req.method === "POST") controller.abort();
    });
    const r = await run(["declarations", "confirm", "7", ...wallet], {
      signal: controller.signal,
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toContain("error: cancelled while the confirmation was being sent\n");
    expect(r.stderr).toContain("hint: it may have reached the server: ");
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
    expect(r.stdout).toMatch(/^\d+\tconfirmed\t\n/);
    expect(r.stderr.match(/\(the embedded sandbox, state in /g)).toHaveLength(1);
  });
});

describe("the send path's recorder seam", () => {
  let server: TestServer;
  afterEach(async () => {
    await server?.close();
  });
  const body = confirmBody({
    cryptoDepositDeclarationId: "7",
    isSelfSender: true,
    description: DESCRIPTION,
    addressType: "IndividualWallet",
  });

  function recorded() {
    const events: string[] = [];
    return {
      events,
      recorder: {
        beforeSend: (sent: typeof body) => {
          // Recorded before the request is written: the server has seen no POST yet.
          const posts = server.requests.filter((q) => q.method === "POST").length;
          events.push(`before ${sent.cryptoDepositDeclarationId.value} (${posts} POSTs seen)`);
        },
        settled: (outcome: Settled) => {
          events.push(`settled ${outcome.id} ${outcome.outcome}`);
        },
      },
    };
  }
  const client = () =>
    new TradeClient({
      baseUrl: server.url,
      credentials: { publicKey: "k", secret: "c2VjcmV0" },
      retries: 0,
    });

  it("records the body before it is sent, and the outcome once known", async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, OK));
    const { events, recorder } = recorded();
    const settled = await sendOne(
      { body, statusBefore: null },
      { client: client(), io: memoryIO(), now: Date.now, recorder },
    );
    expect(settled).toEqual({ id: "7", outcome: "confirmed", via: "response" });
    expect(events).toEqual(["before 7 (0 POSTs seen)", "settled 7 confirmed"]);
  });

  it("a lost answer is settled after the read-back, not before", async () => {
    server = await startTestServer((req, res) => {
      if (req.method === "POST") {
        sendJson(res, 200, '{"success":false,"message":"busy","code":1}');
      } else {
        sendJson(
          res,
          200,
          '[{"cryptoDepositDeclarationId":7,"createdAt":"2025-06-14T09:21:07.412Z","status":"Pending","confirmedAt":null,"confirmedBy":null,"firstName":null,"lastName":null,"amount":1,"symbol":"XRP","address":"r1","memoTag":null,"lightningInvoice":null}]',
        );
      }
    });
    const { events, recorder } = recorded();
    const io = memoryIO();
    const settled = await sendOne(
      { body, statusBefore: null },
      { client: client(), io, now: Date.now, recorder },
    );
    expect(settled.outcome).toBe("rejected");
    expect("error" in settled && settled.error.message).toBe(
      "declaration 7 is still Pending: the confirmation was not applied; it is safe to run the command again",
    );
    expect(events).toEqual(["before 7 (0 POSTs seen)", "settled 7 rejected"]);
    expect(server.requests.map((q) => q.method)).toEqual(["POST", "GET"]);
    expect(io.stderrText()).toContain("checking declaration 7's state instead of sending again");
  });

  it("a recorder that fails stops the send: nothing is sent", async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, OK));
    const error = await sendOne(
      { body, statusBefore: null },
      {
        client: client(),
        io: memoryIO(),
        now: Date.now,
        recorder: {
          beforeSend: () => {
            throw new TradectlError("usage", "cannot record");
          },
          settled: () => {},
        },
      },
    ).catch((e: unknown) => e);
    expect((error as TradectlError).message).toBe("cannot record");
    expect(server.requests).toHaveLength(0);
  });
});
