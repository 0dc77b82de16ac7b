import type { Text } from "../errors.js";
import { msg } from "../i18n/index.js";
import { numberText } from "../wire/json.js";
import type { Declaration } from "../wire/schemas.js";
import { sameAddress, sameAmount } from "./batch.js";
import type { Answers } from "./confirm.js";
import { canonicalId, INT32_MAX } from "./ids.js";
import { sameWord } from "./text.js";

/**
 * Declaring by rules (docs/RULES.md): which pending declaration a rule
 * describes, and the plan `--auto` follows. Pure: no I/O, and time is passed in. The one home
 * of "does this rule match this declaration"; the property test checks it against the
 * contract's words.
 */

/** What a rule looks for. `symbol` is required; every other field given must be equal. */
export interface RuleMatch {
  /** Any case, compared without locale (`btc`, `BTC`; Turkish `İ`/`ı` meet `i`). */
  symbol: string;
  /** Compared as the batch's `--address` compares (hex addresses in any case). */
  address?: string;
  /** The memo or destination tag, exactly as the service lists it (blanks around ignored). */
  memo?: string;
  /** Exact decimal equality: `250.5` equals `250.50`, not `250.501`. */
  amount?: string;
  /**
   * An imported withdrawal whose source does not say whether its amount is before or after
   * the fee: the deposit's amount equals one of these exactly (`amount` is then absent).
   */
  amounts?: readonly string[];
}

/** Where an imported rule came from (`rules import`): kept for the plan, receipts and listing. */
export interface RuleOrigin {
  /** The `--source` it was imported with. */
  source: string;
  /** What makes it the same withdrawal on a second import: its txid, else `id:` its id. */
  key: string;
  txid: string | null;
  /** The sending exchange's own id of the withdrawal. */
  withdrawalId: string | null;
  /** Unix ms of the withdrawal; null when the file gave none. */
  time: number | null;
}

/** A rule's answers to the confirm questions: a saved sender's (resolved at use), then these over it. */
export interface RuleAnswers {
  /** A saved sender's name; its answers are read when the rule is used, with `given` over them. */
  sender?: string;
  given: Omit<Answers, "cryptoDepositDeclarationId">;
}

/** The confirmation that spent a `--once` rule. */
export interface RuleSpent {
  declarationId: string;
  /** Unix ms. */
  at: number;
}

export interface Rule {
  name: string;
  match: RuleMatch;
  answers: RuleAnswers;
  /** An expected deposit: the rule confirms one declaration and is then spent. */
  once: boolean;
  /** Unix ms from which the rule matches nothing; null: no end. */
  until: number | null;
  spent: RuleSpent | null;
  /** Set on rules made by `rules import`. */
  origin?: RuleOrigin;
}

/** What the receipt of a confirmation an imported rule made names: the withdrawal it expected. */
export function importedWithdrawal(
  rule: Pick<Rule, "origin">,
): { source: string; txid: string | null; withdrawalId: string | null } | undefined {
  const o = rule.origin;
  return o ? { source: o.source, txid: o.txid, withdrawalId: o.withdrawalId } : undefined;
}

/** What a rule looks at in a declaration, as text exactly as the service sent it. */
export interface RuleSubject {
  id: string;
  status: string;
  symbol: string;
  address: string;
  memoTag: string | null;
  amount: string;
}

/** A listed declaration as a rule sees it (ids and amounts as the digits sent). */
export function ruleSubject(d: Declaration): RuleSubject {
  return {
    id: numberText(d.cryptoDepositDeclarationId),
    status: d.status,
    symbol: d.symbol ?? "",
    address: d.address ?? "",
    memoTag: d.memoTag ?? null,
    amount: numberText(d.amount),
  };
}

export type RuleState = "active" | "spent" | "expired";

/** Spent wins over expired: a spent rule did its job, whatever the clock says since. */
export function ruleState(rule: Pick<Rule, "spent" | "until">, now: number): RuleState {
  if (rule.spent !== null) return "spent";
  if (rule.until !== null && now >= rule.until) return "expired";
  return "active";
}

/** Whether every field the rule gives equals the declaration's (status and liveness aside). */
export function fieldsMatch(match: RuleMatch, d: RuleSubject): boolean {
  if (!sameWord(match.symbol, d.symbol)) return false;
  if (match.address !== undefined && !sameAddress(match.address, d.address)) return false;
  if (match.memo !== undefined && (d.memoTag === null || match.memo.trim() !== d.memoTag.trim())) {
    return false;
  }
  if (match.amount !== undefined && !sameAmount(match.amount, d.amount)) return false;
  if (match.amounts !== undefined && !match.amounts.some((a) => sameAmount(a, d.amount))) {
    return false;
  }
  return true;
}

/** Which of an imported rule's amounts the declaration has (null: none, or no such list). */
export function amountMatched(match: RuleMatch, amount: string): string | null {
  if (match.amount !== undefined) return sameAmount(match.amount, amount) ? match.amount : null;
  return match.amounts?.find((a) => sameAmount(a, amount)) ?? null;
}

/** Whether the rule describes the declaration now: Pending, the rule active, every field equal. */
export function ruleMatches(rule: Rule, d: RuleSubject, now: number): boolean {
  return d.status === "Pending" && ruleState(rule, now) === "active" && fieldsMatch(rule.match, d);
}

const trimmed = (s: string | undefined) => (s === undefined ? "" : s.trim());

/**
 * The answers as what they would send, so two rules that say the same thing in other words
 * (blanks around a name, `003` and `3` for an exchange id, names given beside `--self`) are the
 * same answers, and any difference in what would be sent is a difference.
 */
export function answersKey(answers: RuleAnswers): string {
  const a = answers.given;
  const self = a.isSelfSender === true;
  const exchangeId =
    a.exchangeId === undefined ? "" : (canonicalId(a.exchangeId, INT32_MAX) ?? a.exchangeId.trim());
  return JSON.stringify([
    answers.sender ?? null,
    a.isSelfSender ?? null,
    self ? "" : trimmed(a.firstName),
    self ? "" : trimmed(a.lastName),
    trimmed(a.description),
    a.addressType ?? null,
    a.addressType === "IndividualWallet" ? "" : exchangeId,
    a.addressType === "IndividualWallet" ? "" : trimmed(a.exchangeOtherName),
  ]);
}

/**
 * A pending declaration to an imported rule's symbol, address and memo whose amount is none the
 * rule expects (the contract's `near_miss`): shown with both amounts, never sent.
 */
export interface NearMiss {
  rule: string;
  /** What the rule expects (one amount, or the amount and the amount less the fee). */
  expected: readonly string[];
}

/** The first (by name) active imported rule that the declaration nearly matches, else null. */
export function nearMissOf(rules: readonly Rule[], d: RuleSubject, now: number): NearMiss | null {
  if (d.status !== "Pending") return null;
  const near = rules
    .filter((r) => {
      if (r.origin === undefined || ruleState(r, now) !== "active") return false;
      const { amount, amounts, ...where } = r.match;
      if (where.address === undefined || (amount === undefined && amounts === undefined)) {
        return false;
      }
      return fieldsMatch(where, d) && !fieldsMatch(r.match, d);
    })
    .sort((a, b) => byName(a.name, b.name))[0];
  if (near === undefined) return null;
  const expected = near.match.amounts ?? (near.match.amount ? [near.match.amount] : []);
  return { rule: near.name, expected };
}

/** One pending declaration's place in the plan. */
export type AutoItem<D extends RuleSubject = RuleSubject> =
  | { kind: "matched"; declaration: D; rule: Rule }
  /** `nearMiss`: an imported rule expects this address with another amount (never sent). */
  | { kind: "no_rule"; declaration: D; nearMiss?: NearMiss }
  | {
      kind: "ambiguous";
      declaration: D;
      /** The names of the rules involved, sorted. */
      rules: string[];
      why: "different_answers" | "once_matches_several";
    };

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The plan `--auto` follows: one item per Pending declaration, in the order given (others are
 * left out). A declaration that matches no active rule is `no_rule`; one matched by rules whose
 * answers differ, or by a `--once` rule that matches more than one of the pending declarations,
 * is `ambiguous` (never sent); otherwise it is `matched` with its rule: when several rules with
 * the same answers match, a `--once` one is named (the deposit it expected has come), else the
 * first by name.
 */
export function planAuto<D extends RuleSubject>(
  pending: readonly D[],
  rules: readonly Rule[],
  now: number,
): AutoItem<D>[] {
  const live = pending.filter((d) => d.status === "Pending");
  const matching = live.map((d) => rules.filter((r) => ruleMatches(r, d, now)));
  const onceHits = new Map<string, number>();
  for (const found of matching) {
    for (const r of found) if (r.once) onceHits.set(r.name, (onceHits.get(r.name) ?? 0) + 1);
  }
  return live.map((declaration, i): AutoItem<D> => {
    const found = matching[i]!;
    if (found.length === 0) {
      const nearMiss = nearMissOf(rules, declaration, now);
      return nearMiss
        ? { kind: "no_rule", declaration, nearMiss }
        : { kind: "no_rule", declaration };
    }
    const names = found.map((r) => r.name).sort(byName);
    if (found.some((r) => r.once && onceHits.get(r.name)! > 1)) {
      return { kind: "ambiguous", declaration, rules: names, why: "once_matches_several" };
    }
    if (new Set(found.map((r) => answersKey(r.answers))).size > 1) {
      return { kind: "ambiguous", declaration, rules: names, why: "different_answers" };
    }
    const rule = [...found].sort(
      (a, b) => Number(b.once) - Number(a.once) || byName(a.name, b.name),
    )[0]!;
    return { kind: "matched", declaration, rule };
  });
}

/** Why an item is ambiguous (the rules named). */
export function ambiguity(item: Extract<AutoItem, { kind: "ambiguous" }>): Text {
  const rules = item.rules.join(", ");
  return item.why === "once_matches_several"
    ? msg("domain.rules.onceSeveral", { rules })
    : msg("domain.rules.differentAnswers", { rules });
}
