import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { parseLossless } from "../../src/wire/json.js";
import { fastListCheck } from "../../src/wire/schema-fast-path.js";
import {
  declarationListSchema,
  declarationSchema,
  exchangeListSchema,
  orderEnvelopeSchema,
  tradeEnvelopeSchema,
} from "../../src/wire/schemas.js";

/**
 * The fast check may only say "passes" where valibot passes the body and its output is the
 * body itself field for field (same keys, same order, same values): then returning the body
 * as parsed is what valibot's copy would have been. Everywhere else it must say "no" (the
 * caller then runs valibot, whose issues name the field). valibot is the reference here.
 */
const fast = fastListCheck(declarationListSchema)!;

/** valibot passes it, and its copy of every record equals the record in order and values. */
function valibotPassesUnchanged(body: unknown): boolean {
  const checked = v.safeParse(declarationListSchema, body);
  if (!checked.success || !Array.isArray(body)) return false;
  return checked.output.every((copy, i) => {
    const original = body[i] as Record<string, unknown>;
    const keys = Object.keys(original);
    const copyKeys = Object.keys(copy);
    return (
      keys.length === copyKeys.length &&
      keys.every(
        (k, j) => copyKeys[j] === k && (copy as Record<string, unknown>)[k] === original[k],
      )
    );
  });
}

const FIELDS = Object.keys(declarationSchema.entries);
const NULLISH = [
  "confirmedAt",
  "confirmedBy",
  "firstName",
  "lastName",
  "memoTag",
  "lightningInvoice",
];
/** A right value of each field as JSON text (the seed's example record). */
const GOOD: Record<string, string> = {
  cryptoDepositDeclarationId: "9223372036854775807",
  createdAt: '"2025-06-14T09:21:07.412Z"',
  status: '"Pending"',
  confirmedAt: "null",
  confirmedBy: '"Ada"',
  firstName: "null",
  lastName: '"Lovelace"',
  amount: "0.8000000000000000",
  symbol: '"BTC"',
  address: '"bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh"',
  memoTag: '"memo"',
  lightningInvoice: "null",
};
const MISSING = Symbol("missing");
/** Each way a field can be wrong: missing, null, a number for a string, a string for a number… */
const WRONG = [MISSING, "null", "5", "1.5", "-0", "1e3", '"734001026"', '"x"', "true", "{}", "[]"];
const fieldValue = (name: string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(GOOD[name]!) },
    { weight: 1, arbitrary: fc.constantFrom(...WRONG) },
  );
/** Fields the schema does not name, some of them keys valibot's copy leaves out. */
const extraField = fc.tuple(
  fc.constantFrom("note", "network", "__proto__", "constructor", "prototype", "toString"),
  fc.constantFrom('"x"', "1", "null", "{}"),
);

const recordText = fc
  .record({
    values: fc.tuple(...FIELDS.map(fieldValue)),
    extras: fc.uniqueArray(extraField, { selector: ([k]) => k, maxLength: 2 }),
    extrasFirst: fc.boolean(),
    order: fc.oneof(
      { weight: 4, arbitrary: fc.constant(FIELDS.map((_, i) => i)) },
      {
        weight: 1,
        arbitrary: fc.shuffledSubarray(
          FIELDS.map((_, i) => i),
          { minLength: FIELDS.length },
        ),
      },
    ),
  })
  .map(({ values, extras, extrasFirst, order }) => {
    const own = order
      .filter((i) => values[i] !== MISSING)
      .map((i) => `"${FIELDS[i]}":${String(values[i])}`);
    const others = extras.map(([k, value]) => `"${k}":${value}`);
    return `{${(extrasFirst ? [...others, ...own] : [...own, ...others]).join(",")}}`;
  });

describe("the fast check of the declarations list", () => {
  it("is derived from the declarations schema", () => {
    expect(fast).not.toBeNull();
  });

  it("says 'passes' exactly where valibot passes the body unchanged (generated records)", () => {
    let passed = 0;
    fc.assert(
      fc.property(fc.array(recordText, { maxLength: 4 }), (records) => {
        const body = parseLossless(`[${records.join(",")}]`);
        const verdict = fast(body);
        expect(verdict).toBe(valibotPassesUnchanged(body));
        if (verdict) passed++;
      }),
      { numRuns: 3000, seed: 3_800_038 },
    );
    // Both verdicts were reached often enough to mean something.
    expect(passed).toBeGreaterThan(300);
    expect(passed).toBeLessThan(2700);
  });

  it("passes the service's own records, and says no to each wrong field", () => {
    const good = FIELDS.map((k) => `"${k}":${GOOD[k]}`);
    expect(fast(parseLossless(`[{${good.join(",")}}]`))).toBe(true);
    expect(fast(parseLossless("[]"))).toBe(true);
    for (const [i, name] of FIELDS.entries()) {
      const without = good.filter((_, j) => j !== i);
      // A nullish field may be missing; any other may not.
      expect(fast(parseLossless(`[{${without.join(",")}}]`))).toBe(NULLISH.includes(name));
      const nulled = good.map((f, j) => (j === i ? `"${name}":null` : f));
      expect(fast(parseLossless(`[{${nulled.join(",")}}]`))).toBe(NULLISH.includes(name));
      const numbered = good.map((f, j) => (j === i ? `"${name}":5` : f));
      expect(fast(parseLossless(`[{${numbered.join(",")}}]`))).toBe(
        name === "cryptoDepositDeclarationId" || name === "amount",
      );
    }
    const halfId = good.map((f, j) => (j === 0 ? `"${FIELDS[0]}":1.5` : f));
    expect(fast(parseLossless(`[{${halfId.join(",")}}]`))).toBe(false);
    const textAmount = good.map((f) => (f.startsWith('"amount"') ? '"amount":"0.8"' : f));
    expect(fast(parseLossless(`[{${textAmount.join(",")}}]`))).toBe(false);
  });

  it("says no to what is not a list of plain records", () => {
    expect(fast(parseLossless("{}"))).toBe(false);
    expect(fast(parseLossless("[[]]"))).toBe(false);
    expect(fast(parseLossless("[null]"))).toBe(false);
    expect(fast(null)).toBe(false);
  });
});

describe("a schema holding anything the fast check does not know gets no fast check", () => {
  const item = { id: v.string() };
  it.each([
    ["a number field", v.array(v.looseObject({ id: v.number() }))],
    ["a piped field", v.array(v.looseObject({ id: v.pipe(v.string(), v.minLength(1)) }))],
    ["a nullish with a default", v.array(v.looseObject({ id: v.nullish(v.string(), "x") }))],
    ["an optional field", v.array(v.looseObject({ id: v.optional(v.string()) }))],
    ["a union field", v.array(v.looseObject({ id: v.union([v.string(), v.number()]) }))],
    ["a nullish of an unknown", v.array(v.looseObject({ id: v.nullish(v.number()) }))],
    ["a field with a fallback", v.array(v.looseObject({ id: v.fallback(v.string(), "x") }))],
    ["a strict object", v.array(v.object(item))],
    [
      "a pipe on the record",
      v.array(
        v.pipe(
          v.looseObject(item),
          v.check(() => true),
        ),
      ),
    ],
    ["a pipe on the list", v.pipe(v.array(v.looseObject(item)), v.minLength(1))],
    ["a record alone", v.looseObject(item)],
    ["a field named like Object.prototype's", v.array(v.looseObject({ toString: v.string() }))],
  ])("%s", (_name, schema) => {
    expect(fastListCheck(schema as v.GenericSchema<unknown, unknown>)).toBeNull();
  });

  it("the other response schemas", () => {
    expect(fastListCheck(orderEnvelopeSchema)).toBeNull();
    expect(fastListCheck(tradeEnvelopeSchema)).toBeNull();
    expect(fastListCheck(exchangeListSchema)).toBeNull();
  });

  it("a list of string, custom and nullish fields gets one, answering as valibot does", () => {
    const schema = v.array(
      v.looseObject({
        a: v.string(),
        b: v.nullish(v.string()),
        c: v.custom<number>((x) => x === 1),
      }),
    );
    const check = fastListCheck(schema)!;
    expect(check([{ a: "x", c: 1 }])).toBe(true);
    expect(check([{ a: "x", b: null, c: 1, d: 2 }])).toBe(true);
    expect(check([{ a: "x", c: 2 }])).toBe(false);
    expect(check([{ c: 1, a: "x" }])).toBe(false);
    expect(check([{ d: 2, a: "x", c: 1 }])).toBe(false);
  });
});
