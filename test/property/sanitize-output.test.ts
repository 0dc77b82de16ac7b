import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempHome } from "../helpers/cli.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";
import { runMain, TEST_CREDENTIALS } from "../helpers/run.js";

/**
 * The sanitiser end to end (its unit properties are in test/output/sanitize.test.ts): server
 * text full of escape bytes, C1 controls and bidi marks, in every text field and in error
 * messages, goes through the whole CLI in every format, with and without --debug. No byte that
 * a terminal acts on reaches stdout or stderr, except the formats' own line structure.
 */
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u2028\u2029]/u;
const HOSTILE = [
  "\u001b",
  "\u001b[2J",
  "\u001b]52;c;cm0gLXJmIH4=\u0007",
  "\u009b",
  "\u009d",
  "\u0007",
  "\u0000",
  "\r",
  "\n",
  "\t",
  "\u007f",
  "\u202e",
  "\u2066",
  "\u200f",
  "\u061c",
  "\u2028",
  "\u2029",
];
const text = fc
  .array(fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 4 })), { maxLength: 8 })
  .map((parts) => parts.join(""));

/** The structure each format may use: newlines, tabs between TSV fields, CRLF in CSV. */
const STRUCTURE: Record<string, RegExp> = {
  tsv: /[\n\t]/g,
  csv: /\r\n|\n/g,
  table: /\n/g,
  json: /\n/g,
  ndjson: /\n/g,
};

interface Texts {
  address: string;
  memoTag: string;
  confirmedBy: string;
  firstName: string;
  symbol: string;
  pairSymbol: string;
  orderClientId: string;
  exchangeName: string;
  message: string;
}

let texts: Texts;
let failWith: number | null = null;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const t = texts;
    if (failWith !== null) {
      sendJson(res, failWith, JSON.stringify({ success: false, message: t.message, code: 1 }));
    } else if (req.url.startsWith("/api/v1/order/")) {
      sendJson(
        res,
        200,
        `{"data":{"id":9932534,"price":"0","amount":"1","quantity":"1","stopPrice":"0","pairSymbol":${JSON.stringify(t.pairSymbol)},"pairSymbolNormalized":"BTC_TRY","type":"sell","method":"stopmarket","orderClientId":${JSON.stringify(t.orderClientId)},"time":1749891667412,"updateTime":1749891667412,"status":"Untouched","leftAmount":"1"},"success":true,"message":null,"code":0}`,
      );
    } else if (req.url.startsWith("/api/v1/exchanges")) {
      sendJson(res, 200, JSON.stringify({ data: [{ id: 1, name: t.exchangeName }] }));
    } else {
      sendJson(
        res,
        200,
        `[{"cryptoDepositDeclarationId":734001017,"createdAt":"2025-06-14T09:21:07.412Z","status":"Confirmed","confirmedAt":"2025-06-14T10:00:00.000Z","confirmedBy":${JSON.stringify(t.confirmedBy)},"firstName":${JSON.stringify(t.firstName)},"lastName":"Demir","amount":0.8000000000000000,"symbol":${JSON.stringify(t.symbol)},"address":${JSON.stringify(t.address)},"memoTag":${JSON.stringify(t.memoTag)},"lightningInvoice":null}]`,
      );
    }
  });
});
afterAll(async () => {
  await server.close();
});

const texts$ = fc.record({
  address: text,
  memoTag: text,
  confirmedBy: text,
  firstName: text,
  symbol: text,
  pairSymbol: text,
  orderClientId: text,
  exchangeName: text,
  message: text,
});

function assertClean(output: string, structure: RegExp, what: string) {
  const rest = output.replace(structure, "");
  const bad = UNSAFE.exec(rest);
  expect(
    bad,
    `${what}: U+${bad?.[0].codePointAt(0)?.toString(16)} in ${JSON.stringify(output)}`,
  ).toBeNull();
}

describe("hostile server text, every format", () => {
  it("no terminal control character reaches stdout or stderr", async () => {
    const home = tempHome();
    await fc.assert(
      fc.asyncProperty(
        texts$,
        fc.constantFrom("tsv", "csv", "table", "json", "ndjson"),
        fc.constantFrom(
          ["declarations", "list"],
          ["order", "get", "9932534"],
          ["exchanges", "list"],
        ),
        fc.boolean(),
        fc.option(fc.constantFrom(400, 404, 422, 500), { nil: null }),
        async (t, format, command, debug, status) => {
          texts = t;
          failWith = status;
          const args = ["--base-url", server.url, "--retries", "0", "-o", format, ...command];
          const r = await runMain(debug ? ["--debug", ...args] : args, {
            home,
            env: TEST_CREDENTIALS,
          });
          // A 404 of the exchanges listing means "no listing" (docs/SERVICE-NOTES.md): exit 0.
          const noListing = status === 404 && command[0] === "exchanges";
          expect(r.code).toBe(
            status === null || noListing
              ? 0
              : status === 500
                ? 1
                : status === 404
                  ? 3
                  : status === 422
                    ? 5
                    : 2,
          );
          assertClean(r.stdout, STRUCTURE[format]!, `stdout (${format})`);
          assertClean(r.stderr, /\n/g, "stderr");
        },
      ),
      { numRuns: 200, seed: 7 },
    );
  }, 60_000);
});
