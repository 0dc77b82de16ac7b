import { afterEach, describe, expect, it } from "vitest";
import { TradeClient } from "../../src/api/client.js";
import type { CommandContext } from "../../src/commands/context.js";
import { runConfirm } from "../../src/commands/declarations/confirm.js";
import {
  missingAnswerLine,
  missingAnswers,
  violationsOfGivenAnswers,
} from "../../src/commands/declarations/confirm-draft.js";
import {
  type ConfirmFlags,
  confirmOptions,
  draftFromFlags,
} from "../../src/commands/declarations/confirm-spec.js";
import { createPrompter } from "../../src/commands/prompter.js";
import { confirmRuleViolations } from "../../src/domain/confirm.js";
import { TradectlError } from "../../src/errors.js";
import type { OutputFormat } from "../../src/output/formats.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";
import { type MemoryIO, memoryIO } from "../helpers/memory-io.js";

const flags = (given: Partial<ConfirmFlags> = {}): ConfirmFlags => ({
  yes: false,
  dryRun: false,
  pending: false,
  symbol: [],
  ...given,
});
const DESCRIPTION = "Transfer from my own Binance account";

describe("draftFromFlags", () => {
  it("maps the flags onto the seed's fields", () => {
    expect(
      draftFromFlags(
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
    const self = draftFromFlags(undefined, flags({ self: true, exchangeName: "X" }));
    expect(self.isSelfSender).toBe(true);
    expect(self.exchangeOtherName).toBe("X");
    expect(draftFromFlags(undefined, flags()).isSelfSender).toBeUndefined();
  });

  it("refuses what cannot be a request, every problem at once", () => {
    let error: unknown;
    try {
      draftFromFlags("12a", flags({ addressType: "bank", self: true, firstName: "A" }));
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

describe("missingAnswers", () => {
  it("lists the unanswered questions in the wizard's order", () => {
    expect(missingAnswers({})).toEqual(["declaration", "sender", "description", "addressType"]);
    expect(missingAnswers({ isSelfSender: false, lastName: "" })).toEqual([
      "declaration",
      "firstName",
      "description",
      "addressType",
    ]);
    expect(
      missingAnswers({
        cryptoDepositDeclarationId: "1",
        isSelfSender: true,
        description: "",
        addressType: "Exchange",
      }),
    ).toEqual(["exchange"]);
    // An empty answer is an answer: the rule, not the question, catches it.
    expect(
      missingAnswers({
        cryptoDepositDeclarationId: "1",
        isSelfSender: true,
        description: "",
        addressType: "Exchange",
        exchangeOtherName: "",
      }),
    ).toEqual([]);
  });

  it("leaves out the violations of questions still to be asked, by field", () => {
    const draft = { cryptoDepositDeclarationId: "1", isSelfSender: true, description: "short" };
    const all = confirmRuleViolations(draft, { supportedExchangeIds: null });
    expect(all.map((v) => v.message)).toEqual([
      "description field must be between 20 and 100 characters long",
      "addressType must be provided.",
    ]);
    expect(violationsOfGivenAnswers(all, missingAnswers(draft))).toEqual([
      {
        rule: "descriptionLength",
        field: "description",
        message: "description field must be between 20 and 100 characters long",
      },
    ]);
    // A name given blank breaks the rule now; the other, still to be asked, does not.
    const named = { cryptoDepositDeclarationId: "1", isSelfSender: false, firstName: " " };
    const broken = confirmRuleViolations(named, { supportedExchangeIds: null });
    expect(violationsOfGivenAnswers(broken, ["lastName"]).map((v) => v.field)).toEqual([
      "firstName",
      "description",
      "AddressType",
    ]);
  });

  it("names the flag for each missing answer, with the seed's rule", () => {
    expect(missingAnswerLine("lastName")).toBe(
      "missing the sender's last name: pass --last-name NAME (firstName and lastName required when isSelfSender is false)",
    );
    expect(missingAnswerLine("declaration")).not.toContain("(undefined)");
  });
});

describe("runConfirm in-process", () => {
  let server: TestServer;
  let controller: AbortController;
  let io: MemoryIO;
  afterEach(async () => {
    await server?.close();
  });

  function context(output: OutputFormat = "tsv"): CommandContext {
    controller = new AbortController();
    io = memoryIO();
    const client = new TradeClient({
      baseUrl: server.url,
      credentials: { publicKey: "k", secret: "c2VjcmV0" },
      retries: 0,
      signal: controller.signal,
    });
    return {
      io,
      env: {},
      globals: {
        baseUrl: server.url,
        profile: "default",
        sandbox: false,
        output,
        debug: false,
        timeoutMs: 5_000,
        retries: 0,
      },
      signal: controller.signal,
      now: Date.now,
      trace: undefined,
      prompter: createPrompter(io, controller.signal),
      client: async () => client,
      onCleanup: () => {},
    };
  }
  const exchangeFlags = flags({
    self: true,
    addressType: "exchange",
    exchangeId: "2",
    description: DESCRIPTION,
  });

  it("reads the exchanges listing once for both checks, then sends once", async () => {
    server = await startTestServer((req, res) =>
      req.method === "GET"
        ? sendJson(res, 200, '[{"id":1,"name":"A"},{"id":2,"name":"B"}]')
        : sendJson(res, 200, '{"success":true,"message":"","code":0}'),
    );
    const code = await runConfirm(confirmOptions(["7"], exchangeFlags), context("csv"));
    expect(code).toBe(0);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /api/v1/exchanges",
      "POST /api/v1/crypto-deposit-declarations/confirm",
    ]);
    expect(server.requests[1]!.body).toBe(
      `{"cryptoDepositDeclarationId":7,"isSelfSender":true,"description":"${DESCRIPTION}","AddressType":"Exchange","exchangeId":2}`,
    );
    expect(io.stdoutText()).toBe(
      "cryptoDepositDeclarationId,success,message,code\r\n7,true,,0\r\n",
    );
    expect(io.stderrText()).toBe(
      "Declaration 7 confirmed: the deposit will be credited to your wallet\n",
    );
  });

  it("-q keeps stdout data and drops the sentence on stderr", async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 200, '{"success":true,"message":"","code":0}'),
    );
    const ctx = context("ndjson");
    const quiet = memoryIO({ quiet: true });
    const code = await runConfirm(
      confirmOptions(
        ["9007199254740993"],
        flags({ self: true, addressType: "individual-wallet", description: DESCRIPTION }),
      ),
      { ...ctx, io: quiet },
    );
    expect(code).toBe(0);
    expect(quiet.stdoutText()).toBe(
      '{"cryptoDepositDeclarationId":9007199254740993,"success":true,"message":"","code":0}\n',
    );
    expect(quiet.stderrText()).toBe("");
  });

  it("Ctrl-C while the POST is in flight: cancelled, and says it may have arrived", async () => {
    server = await startTestServer((req) => {
      // Hold the answer; the user interrupts meanwhile.
      if (req.method === "POST") controller.abort();
    });
    const error = await runConfirm(
      confirmOptions(
        ["7"],
        flags({ self: true, addressType: "individual-wallet", description: DESCRIPTION }),
      ),
      context(),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TradectlError);
    expect((error as TradectlError).kind).toBe("cancelled");
    expect((error as TradectlError).message).toBe(
      "cancelled while the confirmation was being sent",
    );
    expect((error as TradectlError).hint).toContain("it may have reached the server");
    expect(server.requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });
});
