import fc from "fast-check";
import { isLosslessNumber, LosslessNumber, parse, stringify } from "lossless-json";
import { afterAll, beforeAll, expect, it } from "vitest";
import { TradeClient } from "../../src/api/client.js";
import { jsonPaths, stringifyLossless } from "../../src/wire/json.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";

/**
 * The client's fast path over a walk's pages, end to end: the transport's one pass over each
 * body (scanBody, made before the count and used again by the parse), the parse from JSON.parse
 * with each number's digits from that pass, the quick check of the records, and a record printed
 * as its own text. Against lossless-json on the same bodies: the same values (every number's
 * exact text: ids past 2^53, amounts with trailing zeros, exponents, minus signs), the same
 * compact text for every record, on pages written compact or not, with escapes or not.
 */
const reference = (text: string) => parse(text, null, (digits) => new LosslessNumber(digits));

/** A value as text that tells LosslessNumber from a string and keeps key order. */
function shown(value: unknown): string {
  if (isLosslessNumber(value)) return `#${value.value}`;
  if (Array.isArray(value)) return `[${value.map(shown).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${shown(v)}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

const integer = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 25n }))
  .map(([minus, n]) => `${minus && n > 0n ? "-" : ""}${n}`);
const number = fc
  .tuple(
    integer,
    fc.option(fc.stringMatching(/^[0-9]{1,20}$/)),
    fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), fc.nat(300))),
  )
  .map(([int, frac, exp]) => `${int}${frac === null ? "" : `.${frac}`}${exp ? exp.join("") : ""}`);
/** Names as people write them, and as a server might escape them. */
const text = fc.oneof(
  fc.constantFrom("Doğan", "Şükrü Çelik", "Ada", "", "İstanbul 😀", 'a\\"b', "\\u00e7ok", "x\\/y"),
  fc.string({ maxLength: 12 }).map((s) => JSON.stringify(s).slice(1, -1)),
);
const nullable = fc.option(text, { nil: null }).map((t) => (t === null ? "null" : `"${t}"`));
const space = fc.constantFrom("", "", "", "", " ", "\n  ");

const record = fc
  .record({
    id: integer,
    amount: number,
    status: fc.constantFrom("Pending", "Confirmed"),
    firstName: nullable,
    lastName: nullable,
    memoTag: nullable,
    extra: fc.option(fc.tuple(number, text), { nil: null }),
    space,
  })
  .map(
    (r) =>
      `{"cryptoDepositDeclarationId":${r.id},${r.space}"createdAt":"2025-06-14T09:21:07.412Z","status":"${r.status}","confirmedAt":null,"confirmedBy":null,"firstName":${r.firstName},"lastName":${r.lastName},"amount":${r.space}${r.amount},"symbol":"BTC","address":"bc1q","memoTag":${r.memoTag},"lightningInvoice":null${r.extra ? `,"note":{"n":[${r.extra[0]}],"t":"${r.extra[1]}"}` : ""}}`,
  );

let server: TestServer;
let pages: string[] = [];
let client: TradeClient;
beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const page = Number(new URL(req.url, "http://x").searchParams.get("page"));
    sendJson(res, 200, pages[page - 1] ?? "[]");
  });
  client = new TradeClient({
    baseUrl: server.url,
    credentials: { publicKey: "k", secret: "c2VjcmV0" },
  });
});
afterAll(async () => {
  await client.close();
  await server.close();
});

it("a walk's records are lossless-json's, and each prints as lossless-json writes it (property)", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(record, { minLength: 1, maxLength: 230 }),
      fc.constantFrom(",", ", ", ",\n"),
      async (records, separator) => {
        pages = [];
        for (let i = 0; i < records.length; i += 100)
          pages.push(`[${records.slice(i, i + 100).join(separator)}]`);
        if (records.length % 100 === 0) pages.push("[]");
        const before = { ...jsonPaths };
        const walked: unknown[] = [];
        for await (const page of client.walkDeclarations(
          { statuses: [], page: 1, pageSize: 100 },
          { ahead: 1 },
        ))
          walked.push(...page);
        const expected = pages.flatMap((body) => reference(body) as unknown[]);
        expect(walked.map(shown)).toEqual(expected.map(shown));
        expect(walked.map((r) => stringifyLossless(r))).toEqual(expected.map((r) => stringify(r)));
        // Every page went through the fast path, with the transport's pass over it.
        expect(jsonPaths.parseSlow - before.parseSlow).toBe(0);
        expect(jsonPaths.scanGiven - before.scanGiven).toBe(pages.length);
      },
    ),
    { numRuns: 60 },
  );
});
