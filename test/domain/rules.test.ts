import { describe, expect, it } from "vitest";
import {
  ambiguity,
  answersKey,
  fieldsMatch,
  planAuto,
  type Rule,
  type RuleSubject,
  ruleState,
} from "../../src/domain/rules.js";
import { inEnglish } from "../../src/i18n/index.js";

const NOW = Date.parse("2026-11-24T12:00:00Z");

const SELF_BINANCE = {
  isSelfSender: true,
  addressType: "Exchange" as const,
  exchangeId: "3",
  description: "My own XRP from my Binance account",
};

function rule(name: string, match: Rule["match"], extra: Partial<Rule> = {}): Rule {
  return {
    name,
    match,
    answers: { given: SELF_BINANCE },
    once: false,
    until: null,
    spent: null,
    ...extra,
  };
}

function decl(id: string, fields: Partial<RuleSubject> = {}): RuleSubject {
  return {
    id,
    status: "Pending",
    symbol: "XRP",
    address: "rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh",
    memoTag: "1048576",
    amount: "250.50",
    ...fields,
  };
}

describe("fieldsMatch", () => {
  it("compares amounts as exact decimals", () => {
    expect(fieldsMatch({ symbol: "XRP", amount: "250.5" }, decl("1"))).toBe(true);
    expect(fieldsMatch({ symbol: "XRP", amount: "250.500000" }, decl("1"))).toBe(true);
    expect(fieldsMatch({ symbol: "XRP", amount: "250.501" }, decl("1"))).toBe(false);
    expect(fieldsMatch({ symbol: "XRP", amount: "250" }, decl("1"))).toBe(false);
  });

  it("an imported withdrawal with two amounts (before or after the fee): the deposit equals either one", () => {
    const match = { symbol: "XRP", amounts: ["250.5", "250.75"] };
    expect(fieldsMatch(match, decl("1", { amount: "250.50" }))).toBe(true);
    expect(fieldsMatch(match, decl("1", { amount: "250.750" }))).toBe(true);
    expect(fieldsMatch(match, decl("1", { amount: "250.6" }))).toBe(false);
  });

  it("folds symbols without locale, Turkish İ and ı included", () => {
    const link = decl("1", { symbol: "LINK" });
    for (const s of ["link", "LİNK", "lınk", "Link"]) {
      expect(fieldsMatch({ symbol: s }, link)).toBe(true);
    }
    expect(fieldsMatch({ symbol: "LNK" }, link)).toBe(false);
  });

  it("compares hex addresses in any case, others exactly", () => {
    const eth = decl("1", { symbol: "ETH", address: "0x71C7656EC7ab88b098defB751B7401B5f6d8976F" });
    expect(
      fieldsMatch({ symbol: "eth", address: "0x71c7656ec7ab88b098defb751b7401b5f6d8976f" }, eth),
    ).toBe(true);
    expect(
      fieldsMatch({ symbol: "XRP", address: "rlhzpsx6oxkzu2ql12khch8g8cnzv1rbjh" }, decl("2")),
    ).toBe(false);
  });

  it("needs the memo when the rule gives one", () => {
    expect(fieldsMatch({ symbol: "XRP", memo: "1048576" }, decl("1"))).toBe(true);
    expect(fieldsMatch({ symbol: "XRP", memo: "104857" }, decl("1"))).toBe(false);
    expect(fieldsMatch({ symbol: "XRP", memo: "1048576" }, decl("1", { memoTag: null }))).toBe(
      false,
    );
  });
});

describe("ruleState", () => {
  it("is spent once spent, expired from `until` on, else active", () => {
    expect(ruleState({ spent: null, until: null }, NOW)).toBe("active");
    expect(ruleState({ spent: null, until: NOW + 1 }, NOW)).toBe("active");
    expect(ruleState({ spent: null, until: NOW }, NOW)).toBe("expired");
    expect(ruleState({ spent: { declarationId: "1", at: 0 }, until: NOW - 1 }, NOW)).toBe("spent");
  });
});

describe("planAuto", () => {
  it("matches, leaves the rest as no_rule, and skips what is not Pending", () => {
    const plan = planAuto(
      [decl("1"), decl("2", { symbol: "BTC" }), decl("3", { status: "Confirmed" })],
      [rule("xrp", { symbol: "xrp" })],
      NOW,
    );
    expect(plan.map((p) => [p.declaration.id, p.kind])).toEqual([
      ["1", "matched"],
      ["2", "no_rule"],
    ]);
    expect(plan[0]).toMatchObject({ kind: "matched", rule: { name: "xrp" } });
  });

  it("lets spent and expired rules match nothing", () => {
    const plan = planAuto(
      [decl("1")],
      [
        rule("spent", { symbol: "XRP" }, { once: true, spent: { declarationId: "9", at: NOW } }),
        rule("expired", { symbol: "XRP" }, { until: NOW - 1 }),
      ],
      NOW,
    );
    expect(plan[0]!.kind).toBe("no_rule");
  });

  it("calls rules with different answers ambiguous, naming them", () => {
    const other = { given: { ...SELF_BINANCE, exchangeId: "2" } };
    const [item] = planAuto(
      [decl("1")],
      [
        rule("b", { symbol: "XRP" }),
        rule("a", { symbol: "XRP", amount: "250.5" }, { answers: other }),
      ],
      NOW,
    );
    expect(item).toMatchObject({ kind: "ambiguous", rules: ["a", "b"], why: "different_answers" });
    if (item!.kind === "ambiguous") expect(inEnglish(ambiguity(item!))).toContain("a, b");
  });

  it("lets rules with the same answers agree, naming a --once one first", () => {
    const same = {
      given: { ...SELF_BINANCE, exchangeId: "003", description: ` ${SELF_BINANCE.description}` },
    };
    const [item] = planAuto(
      [decl("1")],
      [
        rule("a-standing", { symbol: "XRP" }),
        rule("z-once", { symbol: "XRP", amount: "250.5" }, { once: true, answers: same }),
      ],
      NOW,
    );
    expect(item).toMatchObject({ kind: "matched", rule: { name: "z-once" } });
  });

  it("makes a --once rule that matches two pending declarations ambiguous for both", () => {
    const plan = planAuto(
      [decl("1"), decl("2"), decl("3", { amount: "7" })],
      [rule("expected", { symbol: "XRP", amount: "250.5" }, { once: true })],
      NOW,
    );
    expect(plan.map((p) => p.kind)).toEqual(["ambiguous", "ambiguous", "no_rule"]);
  });

  it("sees the sender's name as part of the answers", () => {
    expect(answersKey({ sender: "me", given: {} })).not.toBe(
      answersKey({ sender: "you", given: {} }),
    );
    expect(answersKey({ given: { isSelfSender: true, firstName: "x" } })).toBe(
      answersKey({ given: { isSelfSender: true } }),
    );
  });
});
