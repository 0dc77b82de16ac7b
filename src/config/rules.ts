import { DECIMAL } from "../domain/amount.js";
import { answersFromRow } from "../domain/batch.js";
import { canonicalId } from "../domain/ids.js";
import { type Rule, type RuleAnswers, type RuleMatch, ruleState } from "../domain/rules.js";
import { type Text, TradectlError } from "../errors.js";
import { joined, msg } from "../i18n/index.js";
import { configFile } from "./paths.js";
import { isObject, isoMs, originEntry, originFrom } from "./rule-origin.js";
import {
  entriesIn,
  findEntry,
  ownCopy,
  readEntries,
  type SavedEntries,
  saveEntry,
  type UnreadableEntry,
  unreadableEntry,
} from "./saved-entries.js";
import { ANSWER_FIELD_NAMES, savedNameProblem, senderRecord } from "./senders.js";
import { type ConfigFile, readConfig, updateConfig } from "./store.js";

/**
 * Rules (docs/RULES.md), kept in the config file (mode 0600) under
 * `rules`, beside the profiles and senders, which are kept as they are:
 *
 *   "rules": { "expected-xrp": {
 *     "match": { "symbol": "XRP", "address": "rLHz…", "memo": "1048576", "amount": "250.5" },
 *     "sender": "me-binance", "answers": { "description": "…" },
 *     "once": true, "until": "2026-11-25T12:00:00.000Z",
 *     "spent": { "declarationId": "734001023", "at": "2026-11-24T12:03:00.000Z" } } }
 *
 * `answers` uses the confirm body's field names, as senders do. An entry this version cannot
 * read is reported (its name and why) by `readRules`, never silently dropped, and is left in
 * the file untouched by every write.
 */

/** What `rules list` prints, and the names `--fields` takes. */
export const RULE_FIELD_NAMES = [
  "name",
  "state",
  "symbol",
  "address",
  "memo",
  "amount",
  "sender",
  ...ANSWER_FIELD_NAMES,
  "once",
  "until",
  "spentBy",
  "spentAt",
  "source",
  "txid",
  "withdrawnAt",
  "deposit",
] as const;
export type RuleFieldName = (typeof RULE_FIELD_NAMES)[number];

export const rulesIn = (config: ConfigFile): Record<string, unknown> => entriesIn(config, "rules");

const optionalText = (value: unknown): value is string | undefined =>
  value === undefined || typeof value === "string";

/** The reasons an entry is no rule that name nothing but themselves. */
type RuleProblem =
  | "ruleWhy.notObject"
  | "ruleWhy.noMatch"
  | "ruleWhy.noSymbol"
  | "ruleWhy.matchNotText"
  | "ruleWhy.sender"
  | "ruleWhy.answersNotObject"
  | "ruleWhy.declarationId"
  | "ruleWhy.once"
  | "ruleWhy.until"
  | "ruleWhy.spent"
  | "ruleWhy.amounts"
  | "ruleWhy.origin";

/** One entry of the file as a rule, or why it is not one. */
export function ruleFromEntry(name: string, entry: unknown): Rule | UnreadableEntry {
  const bad = (key: RuleProblem): UnreadableEntry => unreadableEntry(name, key);
  if (!isObject(entry)) return bad("ruleWhy.notObject");
  const match = entry.match;
  if (!isObject(match)) return bad("ruleWhy.noMatch");
  const { symbol, address, memo, amount } = match;
  if (typeof symbol !== "string" || symbol.trim() === "") return bad("ruleWhy.noSymbol");
  if (!optionalText(address) || !optionalText(memo) || !optionalText(amount)) {
    return bad("ruleWhy.matchNotText");
  }
  if (amount !== undefined && !DECIMAL.test(amount.trim())) {
    return {
      name,
      why: msg("ruleWhy.amount", { amount }),
    };
  }
  const amounts = match.amounts;
  if (
    amounts !== undefined &&
    (!Array.isArray(amounts) ||
      amounts.length === 0 ||
      !amounts.every((a) => typeof a === "string" && DECIMAL.test(a.trim())))
  ) {
    return bad("ruleWhy.amounts");
  }
  const origin = originFrom(entry.imported);
  if (origin === null) return bad("ruleWhy.origin");
  const sender = entry.sender;
  if (sender !== undefined && (typeof sender !== "string" || savedNameProblem("sender", sender))) {
    return bad("ruleWhy.sender");
  }
  const answers = entry.answers ?? {};
  if (!isObject(answers)) return bad("ruleWhy.answersNotObject");
  const read = answersFromRow(answers);
  if (!read.ok) {
    // The answers' own problems (domain/batch.ts), each in the run's language.
    return unreadableEntry(name, "ruleWhy.answers", { problems: joined(read.problems) });
  }
  const { cryptoDepositDeclarationId: id, ...given } = read.answers;
  if (id !== undefined) return bad("ruleWhy.declarationId");
  const once = entry.once ?? false;
  if (typeof once !== "boolean") return bad("ruleWhy.once");
  const until = entry.until === undefined || entry.until === null ? null : isoMs(entry.until);
  if (until === null && entry.until !== undefined && entry.until !== null) {
    return bad("ruleWhy.until");
  }
  let spent: Rule["spent"] = null;
  if (entry.spent !== undefined && entry.spent !== null) {
    const s = entry.spent;
    const declarationId =
      isObject(s) && typeof s.declarationId === "string" ? canonicalId(s.declarationId) : null;
    const at = isObject(s) ? isoMs(s.at) : null;
    if (declarationId === null || at === null) return bad("ruleWhy.spent");
    spent = { declarationId, at };
  }
  const ruleMatch: RuleMatch = { symbol };
  if (address !== undefined) ruleMatch.address = address;
  if (memo !== undefined) ruleMatch.memo = memo;
  if (amount !== undefined) ruleMatch.amount = amount;
  if (amounts !== undefined) ruleMatch.amounts = amounts as string[];
  const ruleAnswers: RuleAnswers = sender === undefined ? { given } : { sender, given };
  const rule: Rule = { name, match: ruleMatch, answers: ruleAnswers, once, until, spent };
  if (origin !== undefined) rule.origin = origin;
  return rule;
}

const isRule = (read: Rule | UnreadableEntry): read is Rule => "match" in read;

/** The config's rules, by name, and every entry that could not be read (for a warning). */
export const rulesOf = (config: ConfigFile): SavedEntries<Rule> =>
  readEntries(config, "rules", ruleFromEntry);

/** Every saved rule, and every entry that could not be read (for a warning). */
export function readRules(env: NodeJS.ProcessEnv): SavedEntries<Rule> {
  return rulesOf(readConfig(configFile(env)));
}

/** The rule saved under `name`; an unknown name is a usage error that lists the saved ones. */
export function findRule(env: NodeJS.ProcessEnv, name: string): Rule {
  return findEntry(readRules(env), "rules", name, ({ why }) => {
    const hint = msg("savedRule.unreadableHint", { name });
    return new TradectlError("usage", msg("savedRule.unreadable", { name, why }), { hint });
  });
}

/** A rule as the file keeps it. */
export function ruleEntry(rule: Rule): Record<string, unknown> {
  const entry: Record<string, unknown> = { match: { ...rule.match } };
  if (rule.answers.sender !== undefined) entry.sender = rule.answers.sender;
  entry.answers = senderRecord(rule.answers.given);
  entry.once = rule.once;
  if (rule.until !== null) entry.until = new Date(rule.until).toISOString();
  if (rule.spent !== null) {
    entry.spent = {
      declarationId: rule.spent.declarationId,
      at: new Date(rule.spent.at).toISOString(),
    };
  }
  if (rule.origin !== undefined) entry.imported = originEntry(rule.origin);
  return entry;
}

/** Saves (or replaces) a rule; true when one of that name was replaced. */
export function saveRule(env: NodeJS.ProcessEnv, rule: Rule): Promise<boolean> {
  return saveEntry(env, "rules", rule.name, ruleEntry(rule));
}

/** How a claim of a `--once` rule ended. */
export type SpendResult =
  | { ok: true; rule: Rule }
  | {
      ok: false;
      /** `spent`: another confirmation (maybe of this declaration) spent it first. */
      reason: "spent" | "expired" | "missing" | "unreadable";
      /** Who spent it, when `reason` is `spent`. */
      spent?: Rule["spent"];
      message: Text;
    };

/**
 * Claims the `--once` rule `name` for `declarationId` before its confirmation is sent: under the
 * config file's lock, the rule is read as it is on disk now and, when it is still active, marked
 * spent by that declaration at `now`. Of any number of callers, in any number of processes,
 * exactly one gets `ok: true`; the others are told who spent it. A rule that is not `--once` is
 * never spent: it is answered `ok: true` and left as it is.
 */
export function spendOnce(
  env: NodeJS.ProcessEnv,
  name: string,
  declarationId: string,
  now: number,
): Promise<SpendResult> {
  return updateConfig(configFile(env), (config): SpendResult => {
    const rules = ownCopy(rulesIn(config));
    if (!Object.hasOwn(rules, name)) {
      return {
        ok: false,
        reason: "missing",
        message: msg("savedRule.removed", { name }),
      };
    }
    const read = ruleFromEntry(name, rules[name]);
    if (!isRule(read)) {
      return {
        ok: false,
        reason: "unreadable",
        message: msg("savedRule.unreadable", { name, why: read.why }),
      };
    }
    const state = ruleState(read, now);
    if (state === "spent") {
      return {
        ok: false,
        reason: "spent",
        spent: read.spent,
        message: msg("savedRule.spent", { name, id: read.spent!.declarationId }),
      };
    }
    if (state === "expired") {
      return {
        ok: false,
        reason: "expired",
        message: msg("savedRule.expired", { name }),
      };
    }
    if (!read.once) return { ok: true, rule: read };
    const rule: Rule = { ...read, spent: { declarationId, at: now } };
    rules[name] = ruleEntry(rule);
    config.rules = rules;
    return { ok: true, rule };
  });
}

/**
 * Gives back a `--once` rule that `declarationId` spent, when its confirmation is proven not to
 * have been applied (not sent, rejected, not found), so the expected deposit can still be
 * declared. A rule spent by another declaration, or replaced meanwhile, is left alone; true
 * when the rule was given back.
 */
export function releaseOnce(
  env: NodeJS.ProcessEnv,
  name: string,
  declarationId: string,
): Promise<boolean> {
  return updateConfig(configFile(env), (config) => {
    const rules = ownCopy(rulesIn(config));
    if (!Object.hasOwn(rules, name)) return false;
    const read = ruleFromEntry(name, rules[name]);
    if (!isRule(read) || read.spent?.declarationId !== declarationId) return false;
    rules[name] = ruleEntry({ ...read, spent: null });
    config.rules = rules;
    return true;
  });
}
