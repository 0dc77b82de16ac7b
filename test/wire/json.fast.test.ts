import fc from "fast-check";
import { isLosslessNumber, LosslessNumber, parse, stringify } from "lossless-json";
import { describe, expect, it } from "vitest";
import {
  carryCompactTexts,
  jsonPaths,
  parseLossless,
  parseScanned,
  scanBody,
  stringifyLossless,
} from "../../src/wire/json.js";

/**
 * parseLossless and stringifyLossless take fast paths (JSON.parse for the shape, a direct
 * writer for plain data) and must give exactly what lossless-json gives: the same value, the
 * same text, the same error. lossless-json is the reference here.
 */
const reference = (text: string) => parse(text, null, (digits) => new LosslessNumber(digits));

function outcome(run: () => unknown): { value?: string; error?: string } {
  try {
    return { value: describe_(run()) };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

/** A value as text that tells LosslessNumber from a string and keeps key order and prototypes. */
function describe_(value: unknown): string {
  if (isLosslessNumber(value)) return `#${value.value}`;
  if (Array.isArray(value)) return `[${value.map(describe_).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const proto = Object.getPrototypeOf(value) === Object.prototype ? "" : "(proto!)";
    return `{${proto}${Object.keys(value)
      .map((k) => `${JSON.stringify(k)}:${describe_((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? String(value);
}

function sameAsReference(text: string): void {
  expect(outcome(() => parseLossless(text))).toEqual(outcome(() => reference(text)));
}

const numberLiteral = fc
  .tuple(
    fc.boolean(),
    fc.bigInt({ min: 0n, max: 10n ** 30n }),
    fc.option(fc.stringMatching(/^[0-9]{1,20}$/)),
    fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), fc.nat(400))),
  )
  .map(
    ([minus, int, frac, exp]) =>
      `${minus ? "-" : ""}${int}${frac === null ? "" : `.${frac}`}${exp === null ? "" : `${exp[0]}${exp[1]}${exp[2]}`}`,
  );

const key = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom("id", "amount", "0", "12", "__proto__", "toJSON", "a\u0085b", "é"),
);
const ws = fc.constantFrom("", "", "", " ", "\n  ", "\t", "\r\n");

/** JSON text with literal numbers, escapes, whitespace, duplicate and integer-like keys. */
const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    numberLiteral,
    fc.string({ unit: "binary", maxLength: 8 }).map((s) => JSON.stringify(s)),
    fc.constantFrom('"a\\u0041\\/\\"\\\\"', '"\\ud800"', "true", "false", "null"),
    fc
      .array(fc.tuple(ws, tie("value"), ws), { maxLength: 4 })
      .map((items) => `[${items.map(([a, v, b]) => a + v + b).join(",")}]`),
    fc
      .array(fc.tuple(key, ws, tie("value")), { maxLength: 5 })
      .map(
        (entries) =>
          `{${entries.map(([k, space, v]) => `${JSON.stringify(k)}${space}:${space}${v}`).join(",")}}`,
      ),
  ),
})).value;

describe("parseLossless (fast path) agrees with lossless-json", () => {
  it("on a page of declarations as the service sends them", () => {
    const page =
      '[{"cryptoDepositDeclarationId":9223372036854775807,"createdAt":"2025-06-14T09:21:07.412Z","status":"Pending","confirmedAt":null,"firstName":"Fatma","lastName":"Doğan","amount":0.8000000000000000,"symbol":"BTC","memoTag":"\\u001b]52;c;AAAA\\u0007","extra":{"n":[1,-0,1e-7,2.50]}}]';
    sameAsReference(page);
    const parsed = parseLossless(page) as Record<string, unknown>[];
    expect((parsed[0]!.cryptoDepositDeclarationId as LosslessNumber).value).toBe(
      "9223372036854775807",
    );
    expect((parsed[0]!.amount as LosslessNumber).value).toBe("0.8000000000000000");
    expect(parsed[0]!.memoTag).toBe("\u001b]52;c;AAAA\u0007");
  });

  it("on the cases the engine's parser sees differently", () => {
    // Differing duplicates are an error; equal ones are not; integer-like keys keep their place.
    for (const text of [
      '{"a":1,"a":2}',
      '{"a":1,"a":1}',
      '{"a":{"b":1},"a":{"b":1}}',
      '{"b":1,"2":2,"a":3}',
      '{"__proto__":{"x":1}}',
      "12.50",
      '"text"',
      "[]",
      "{}",
      " [ 1 , 2.0 ] ",
      "",
      "[1,]",
      "01",
      '{"a":1',
      '["\\x"]',
      "[-]",
      `${"[".repeat(5000)}${"]".repeat(5000)}`,
    ]) {
      sameAsReference(text);
    }
  });

  it("on generated JSON text (property)", () => {
    fc.assert(fc.property(jsonText, sameAsReference), { numRuns: 2000 });
  });

  it("on generated text that is mostly not JSON (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'{}[]:,"\\ 01-.eE+truefalsn') }),
        sameAsReference,
      ),
      { numRuns: 2000 },
    );
  });
});

describe("parseScanned: the client's pass over the body, made before parsing, used again", () => {
  it("agrees with lossless-json and uses the pass it is given (property)", () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        const scan = scanBody(text, Number.POSITIVE_INFINITY);
        const before = jsonPaths.scanGiven;
        expect(outcome(() => parseScanned(text, scan))).toEqual(outcome(() => reference(text)));
        expect(jsonPaths.scanGiven - before).toBe(1);
      }),
      { numRuns: 2000 },
    );
  });

  it("does not use a pass over another text", () => {
    const scan = scanBody('[{"id":1,"amount":2.50}]', 256);
    const before = jsonPaths.scanGiven;
    const parsed = parseScanned('[{"id":7,"amount":0.8000000000000000}]', scan);
    expect(describe_(parsed)).toBe('[{"id":#7,"amount":#0.8000000000000000}]');
    expect(jsonPaths.scanGiven).toBe(before);
  });
});

describe("the fast path's numbers", () => {
  it("are LosslessNumbers in every way lossless-json's own are", () => {
    const [fast] = parseLossless("[9223372036854775807]") as LosslessNumber[];
    const own = new LosslessNumber("9223372036854775807");
    expect(jsonPaths.parseFast).toBeGreaterThan(0);
    expect(fast).toBeInstanceOf(LosslessNumber);
    expect(Object.getPrototypeOf(fast)).toBe(LosslessNumber.prototype);
    expect(isLosslessNumber(fast)).toBe(true);
    expect(Object.getOwnPropertyNames(fast)).toEqual(Object.getOwnPropertyNames(own));
    for (const name of Object.getOwnPropertyNames(own))
      expect(Object.getOwnPropertyDescriptor(fast, name)).toEqual(
        Object.getOwnPropertyDescriptor(own, name),
      );
    expect(fast!.valueOf()).toBe(own.valueOf());
    expect(String(fast)).toBe("9223372036854775807");
    expect(JSON.stringify(fast)).toBe(JSON.stringify(own));
    expect(stringify([fast])).toBe("[9223372036854775807]");
  });
});

describe("stringifyLossless (fast path) agrees with lossless-json", () => {
  function sameText(value: unknown, indent?: number): void {
    expect(outcome(() => stringifyLossless(value, indent))).toEqual(
      outcome(() => stringify(value, undefined, indent) ?? "null"),
    );
  }

  it("on parsed data, compact and indented", () => {
    fc.assert(
      fc.property(jsonText, fc.constantFrom(undefined, 0, 2, 4, -1, 11), (text, indent) => {
        let value: unknown;
        try {
          value = reference(text);
        } catch {
          return;
        }
        sameText(value, indent);
      }),
      { numRuns: 2000 },
    );
  });

  it("on values JSON text cannot hold", () => {
    class Point {
      x = 1;
    }
    const values: unknown[] = [
      undefined,
      { a: undefined, b: 1 },
      [undefined, () => 1, Symbol("s")],
      { d: new Date(0) },
      { n: Number.NaN, i: Number.POSITIVE_INFINITY, z: -0 },
      { big: 12n },
      { custom: { toJSON: () => "x" } },
      new Point(),
      Object.create(null),
      Object.assign(Object.create(null), { k: new LosslessNumber("1.50") }),
      { boxed: new String("s") },
      { nested: [[], {}, [{}]] },
    ];
    for (const value of values) {
      sameText(value);
      sameText(value, 2);
    }
  });
});

describe("a record printed as its own text from the body", () => {
  const recordsText = fc
    .array(
      fc
        .array(fc.tuple(key, ws, jsonText), { maxLength: 5 })
        .map(
          (entries) =>
            `{${entries.map(([k, space, v]) => `${JSON.stringify(k)}${space}:${v}`).join(",")}}`,
        ),
      { maxLength: 4 },
    )
    .map((records) => `[${records.join(",")}]`);

  it("is exactly what lossless-json writes for the parsed records (property)", () => {
    fc.assert(
      fc.property(recordsText, (text) => {
        let expected: unknown[];
        try {
          expected = reference(text) as unknown[];
        } catch {
          return;
        }
        const parsed = parseLossless(text) as unknown[];
        expect(parsed.map((r) => stringifyLossless(r))).toEqual(expected.map((r) => stringify(r)));
      }),
      { numRuns: 2000 },
    );
  });

  it("is used for a compact page, and not where the body's text is not the compact form", () => {
    const own = () => jsonPaths.stringifyOwn;
    const printed = (text: string) => {
      const before = own();
      const lines = (parseLossless(text) as unknown[]).map((r) => stringifyLossless(r));
      return { lines, own: own() - before };
    };
    expect(printed('[{"id":9007199254740993,"amount":0.10,"memo":"\u0085x"}]')).toEqual({
      lines: ['{"id":9007199254740993,"amount":0.10,"memo":"\u0085x"}'],
      own: 1,
    });
    // Whitespace, an escape, a lone surrogate (JSON.stringify writes it as \ud800).
    expect(printed('[{"id": 1},{"a":"\\u0041"},{"b":"\ud800"}]')).toEqual({
      lines: ['{"id":1}', '{"a":"A"}', '{"b":"\\ud800"}'],
      own: 0,
    });
  });

  it("is carried to a copy only while the copy has the same fields in the same order", () => {
    const [record] = parseLossless('[{"status":"Pending","id":7,"n":null}]') as Record<
      string,
      unknown
    >[];
    const same = { ...record };
    const reordered = { id: record!.id, status: record!.status, n: null };
    const changed = { ...record, status: "Confirmed" };
    carryCompactTexts([record, record, record], [same, reordered, changed]);
    expect([same, reordered, changed].map((r) => stringifyLossless(r))).toEqual([
      '{"status":"Pending","id":7,"n":null}',
      '{"id":7,"status":"Pending","n":null}',
      '{"status":"Confirmed","id":7,"n":null}',
    ]);
  });
});
