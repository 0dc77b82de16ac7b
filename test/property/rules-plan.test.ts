import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AutoItem, planAuto, type Rule, type RuleSubject } from "../../src/domain/rules.js";

/**
 * Random rules against random pending declarations: the plan must equal an oracle written here
 * from the contract's words ("Declaring by rules"), which never calls the module's helpers.
 * Every value is generated from a meaning (which asset, which amount, which address, which
 * answers) and then written in one of its spellings, so the oracle compares meanings and the
 * module must see through the spellings: symbols in any case with Turkish İ/ı, amounts with
 * trailing zeros, hex addresses in any case, exchange ids with leading zeros.
 */

/** Symbols by meaning, each with spellings a person may type (`İ`/`ı` are `i` without locale). */
const SYMBOLS: readonly (readonly string[])[] = [
  ["BTC", "btc", "Btc"],
  ["XRP", "xrp"],
  ["LINK", "link", "LİNK", "lınk", "LıNK"],
];

/** Amounts by meaning, in thousandths: written with any number of trailing zeros. */
const AMOUNTS_MILLI = [250_500n, 250_501n, 250_000n];
function amountText(milli: bigint, zeros: number): string {
  const whole = milli / 1000n;
  const frac = (milli % 1000n).toString().padStart(3, "0").replace(/0+$/, "");
  const digits = frac + "0".repeat(zeros);
  return digits === "" ? String(whole) : `${whole}.${digits}`;
}

/** Addresses by meaning: hex ones are one address in any letter case; base58 ones are not. */
const ADDRESSES: readonly { text: string; hex: boolean }[] = [
  { text: "0x71c7656ec7ab88b098defb751b7401b5f6d8976f", hex: true },
  { text: "rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh", hex: false },
  { text: "rlhzpsx6oxkzu2ql12khch8g8cnzv1rbjh", hex: false },
];
function addressText(index: number, upper: boolean[]): string {
  const a = ADDRESSES[index]!;
  if (!a.hex) return a.text;
  return [...a.text]
    .map((c, i) => (i > 1 && upper[i % upper.length] ? c.toUpperCase() : c))
    .join("");
}

const MEMOS = ["1048576", "104857"];

/** Answer sets by meaning (what would be sent); two spellings of the first. */
const ANSWERS: readonly { meaning: number; given: Rule["answers"]["given"] }[] = [
  {
    meaning: 0,
    given: {
      isSelfSender: true,
      addressType: "Exchange",
      exchangeId: "3",
      description: "My own coins from Binance",
    },
  },
  {
    meaning: 0,
    given: {
      isSelfSender: true,
      addressType: "Exchange",
      exchangeId: "003",
      description: "  My own coins from Binance ",
    },
  },
  {
    meaning: 1,
    given: {
      isSelfSender: true,
      addressType: "Exchange",
      exchangeId: "2",
      description: "My own coins from Binance",
    },
  },
  {
    meaning: 2,
    given: {
      isSelfSender: false,
      firstName: "Ayşe",
      lastName: "Yılmaz",
      addressType: "IndividualWallet",
      description: "Gift from my sister's wallet",
    },
  },
];

interface GenDeclaration {
  id: number;
  pending: boolean;
  symbol: [number, number];
  amount: [number, number];
  address: [number, boolean[]];
  memo: number | null;
}
interface GenRule {
  symbol: [number, number];
  amount: [number, number] | null;
  address: [number, boolean[]] | null;
  memo: number | null;
  answers: number;
  once: boolean;
  /** Offset from now in ms (negative: expired), or null. */
  until: number | null;
  spent: boolean;
}

const pick = (list: readonly unknown[]) => fc.nat({ max: list.length - 1 });
const symbolArb = pick(SYMBOLS).chain((s) =>
  fc.tuple(fc.constant(s), fc.nat({ max: SYMBOLS[s]!.length - 1 })),
);
const amountArb = fc.tuple(pick(AMOUNTS_MILLI), fc.nat({ max: 4 }));
const addressArb = fc.tuple(
  pick(ADDRESSES),
  fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
);
const memoArb = fc.option(pick(MEMOS), { nil: null });

const declarationArb = fc.record({
  pending: fc.constantFrom(true, true, true, false),
  symbol: symbolArb,
  amount: amountArb,
  address: addressArb,
  memo: memoArb,
});
const ruleArb = fc.record({
  symbol: symbolArb,
  amount: fc.option(amountArb, { nil: null, freq: 2 }),
  address: fc.option(addressArb, { nil: null, freq: 2 }),
  memo: fc.option(pick(MEMOS), { nil: null, freq: 2 }),
  answers: pick(ANSWERS),
  once: fc.boolean(),
  until: fc.option(fc.integer({ min: -5_000, max: 5_000 }), { nil: null }),
  spent: fc.constantFrom(false, false, false, true),
});

const NOW = Date.parse("2026-11-24T12:00:00Z");

function subjectOf(d: GenDeclaration): RuleSubject {
  return {
    id: String(734_000_000 + d.id),
    status: d.pending ? "Pending" : "Confirmed",
    symbol: SYMBOLS[d.symbol[0]]![d.symbol[1]]!,
    amount: amountText(AMOUNTS_MILLI[d.amount[0]]!, d.amount[1]),
    address: addressText(d.address[0], d.address[1]),
    memoTag: d.memo === null ? null : MEMOS[d.memo]!,
  };
}

function ruleOf(r: GenRule, i: number): Rule {
  return {
    name: `rule-${i}`,
    match: {
      symbol: SYMBOLS[r.symbol[0]]![r.symbol[1]]!,
      ...(r.amount ? { amount: amountText(AMOUNTS_MILLI[r.amount[0]]!, r.amount[1]) } : {}),
      ...(r.address ? { address: addressText(r.address[0], r.address[1]) } : {}),
      ...(r.memo !== null ? { memo: MEMOS[r.memo]! } : {}),
    },
    answers: { given: ANSWERS[r.answers]!.given },
    once: r.once,
    until: r.until === null ? null : NOW + r.until,
    spent: r.spent ? { declarationId: "1", at: NOW - 1 } : null,
  };
}

/** The contract's words, as meanings: "every field the rule gives equals it". */
function oracleDescribes(r: GenRule, d: GenDeclaration): boolean {
  if (!d.pending) return false;
  if (r.symbol[0] !== d.symbol[0]) return false;
  if (r.amount && r.amount[0] !== d.amount[0]) return false;
  if (r.address) {
    // Hex: one address in any case; others only as written (and never across meanings).
    if (r.address[0] !== d.address[0]) return false;
  }
  if (r.memo !== null && r.memo !== d.memo) return false;
  return true;
}

/** "A spent or expired rule matches nothing." */
const oracleLive = (r: GenRule) => !r.spent && (r.until === null || r.until > 0);

type OracleKind = "matched" | "no_rule" | "ambiguous";

function oracle(rules: readonly GenRule[], decls: readonly GenDeclaration[]) {
  const pending = decls.filter((d) => d.pending);
  const hits = (r: GenRule) => pending.filter((d) => oracleDescribes(r, d)).length;
  return pending.map((d) => {
    const found = rules
      .map((r, i) => ({ r, i }))
      .filter(({ r }) => oracleLive(r) && oracleDescribes(r, d));
    let kind: OracleKind;
    if (found.length === 0) kind = "no_rule";
    else if (found.some(({ r }) => r.once && hits(r) > 1)) kind = "ambiguous";
    else if (new Set(found.map(({ r }) => ANSWERS[r.answers]!.meaning)).size > 1)
      kind = "ambiguous";
    else kind = "matched";
    return { d, kind, allowed: new Set(found.map(({ i }) => `rule-${i}`)), found };
  });
}

describe("planAuto against the contract's words", () => {
  it("confirms exactly what a rule describes, and never anything ambiguous", () => {
    fc.assert(
      fc.property(
        fc.array(ruleArb, { maxLength: 8 }),
        fc.array(declarationArb, { maxLength: 10 }),
        (genRules, genDecls) => {
          const decls = genDecls.map((d, id) => ({ ...d, id }));
          const rules = genRules.map(ruleOf);
          const plan: AutoItem[] = planAuto(decls.map(subjectOf), rules, NOW);
          const expected = oracle(genRules, decls);
          expect(plan.map((p) => p.declaration.id)).toEqual(expected.map((e) => subjectOf(e.d).id));
          plan.forEach((item, k) => {
            const want = expected[k]!;
            expect(item.kind).toBe(want.kind);
            if (item.kind === "matched") {
              // Zero wrong matches: the rule is one that describes it, live, with its answers.
              expect(want.allowed.has(item.rule.name)).toBe(true);
              const meaning = ANSWERS[genRules[Number(item.rule.name.slice(5))]!.answers]!.meaning;
              for (const { r } of want.found) expect(ANSWERS[r.answers]!.meaning).toBe(meaning);
            }
            if (item.kind === "ambiguous") {
              expect(new Set(item.rules)).toEqual(want.allowed);
            }
          });
        },
      ),
      { numRuns: 3000 },
    );
  });
});
