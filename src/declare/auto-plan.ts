import type { TradeClient } from "../api/client.js";
import { readRules } from "../config/rules.js";
import type { UnreadableEntry } from "../config/saved-entries.js";
import type { SenderAnswers } from "../config/senders.js";
import { overlayAnswers } from "../domain/batch.js";
import { type ConfirmBody, confirmBody, confirmRuleViolations } from "../domain/confirm.js";
import { answersNeedListing, missingAnswers } from "../domain/confirm-answers.js";
import { type Declaration, declarationId } from "../domain/declarations.js";
import {
  ambiguity,
  importedWithdrawal,
  type NearMiss,
  planAuto,
  type Rule,
  type RuleSubject,
  ruleState,
  ruleSubject,
} from "../domain/rules.js";
import type { Text } from "../errors.js";
import { msg, type Translator } from "../i18n/index.js";
import type { IOStreams } from "../output/io.js";
import { seedText } from "../output/seed-text.js";
import {
  type ExchangeListing,
  listingOnce,
  missingAnswer,
  savedSenders,
  supportedIds,
} from "./answers.js";
import type { DeclareContext } from "./context.js";
import { amountWithSymbol } from "./declaration-view.js";
import type { PlanItem } from "./plan.js";
import { ruleGuard } from "./rule-guard.js";
import { resolveExchangeName } from "./rule-listing.js";

/**
 * The core of `declarations confirm --auto` and `watch --auto` (docs/RULES.md), apart from sending: the pending declarations, each with its rule and the body that
 * rule's answers make, or why it gets none. The send path takes the `matched` items, claims
 * each `--once` rule with `spendOnce` (config/rules.ts) before its POST, and gives it back
 * with `releaseOnce` when the POST is proven not applied.
 */

/** One pending declaration's place in an `--auto` run. */
export type AutoPlanItem =
  | {
      kind: "matched";
      declaration: Declaration;
      /** The rule as saved (a sender's name, not its answers): what a receipt names. */
      rule: Rule;
      /** The confirm body its answers make for this declaration: checked, ready to send. */
      body: ConfirmBody;
    }
  | { kind: "no_rule"; declaration: Declaration; nearMiss?: NearMiss }
  | {
      kind: "ambiguous";
      declaration: Declaration;
      /** The rules that match it, sorted. */
      rules: string[];
      /** Why, naming the rules (for the plan and the outcome's message). */
      message: Text;
    }
  | {
      /** Its one rule's answers no longer make a confirmation (a sender removed, an exchange unlisted). */
      kind: "broken";
      declaration: Declaration;
      rule: Rule;
      /** Each a line: the seed's message, or what is missing. */
      problems: Text[];
    };

export interface AutoPlan {
  /** One per Pending declaration, in the list's order (newest first). */
  items: AutoPlanItem[];
  /** Lines for stderr: the exchanges listing could not be read, so ids were not checked. */
  warnings: Text[];
}

export interface AutoInput {
  /** The run's one client. */
  client: TradeClient;
  /** Where the saved senders are read (the config file). */
  env: NodeJS.ProcessEnv;
  /** The saved rules (`readRules(env).items`); spent and expired ones are ignored. */
  rules: readonly Rule[];
  /** The run's clock (Unix ms), for `--until`. */
  now: number;
}

const PAGE_SIZE = 100;

/** Every Pending declaration, in one walk of the list. */
export async function listPending(client: TradeClient): Promise<Declaration[]> {
  const pending: Declaration[] = [];
  for await (const page of client.walkDeclarations({
    statuses: ["Pending"],
    page: 1,
    pageSize: PAGE_SIZE,
  })) {
    pending.push(...page);
  }
  return pending;
}

/** `declarations confirm --auto`: one walk of the pending list, then the plan. */
export async function planAutoConfirm(input: AutoInput): Promise<AutoPlan> {
  return planAutoFor(await listPending(input.client), input);
}

/**
 * `watch --auto`: the plan for the records of one poll, with the rules as they are now (one
 * added, spent or expired while the watch runs counts). A `--once` rule is ambiguous when it
 * matches more than one pending declaration, seen before or not: those are judged against the
 * whole pending list.
 */
export async function planAutoNow(
  records: readonly Declaration[],
  input: AutoInput,
): Promise<AutoPlan> {
  const planned = await planAutoFor(records, input);
  if (!planned.items.some((i) => i.kind === "matched" && i.rule.once)) return planned;
  const whole = await planAutoFor(await listPending(input.client), input);
  const byId = new Map(whole.items.map((i) => [declarationId(i.declaration), i]));
  const items = planned.items.map((i) => {
    const again = byId.get(declarationId(i.declaration));
    return i.kind === "matched" && i.rule.once && again ? again : i;
  });
  return { items, warnings: planned.warnings };
}

/**
 * The saved rules as they are now, each one that cannot be read named on stderr (once per
 * name when `warned` is kept across calls, as the watch does).
 */
export function readRulesOrWarn(
  ctx: Pick<DeclareContext, "env" | "io">,
  warned: Set<string> = new Set(),
): Rule[] {
  const { items, unreadable } = readRules(ctx.env);
  warnUnreadable(unreadable, ctx.io, warned);
  return items;
}

/** Each rule that cannot be read, named on stderr (once per name in `warned`). */
export function warnUnreadable(
  unreadable: readonly UnreadableEntry[],
  io: IOStreams,
  warned: Set<string> = new Set(),
): void {
  for (const u of unreadable) {
    if (warned.has(u.name)) continue;
    warned.add(u.name);
    io.warning(io.t("declarations.watch.unreadableRule", { name: u.name, why: u.why }));
  }
}

/** A matched item as the batch sends it: its rule named, its `--once` rule guarded. */
export function plannedItem(
  item: Extract<AutoPlanItem, { kind: "matched" }>,
  ctx: Pick<DeclareContext, "env" | "io" | "now">,
): PlanItem {
  const id = declarationId(item.declaration);
  return {
    label: msg("confirm.in.declaration", { id }),
    id,
    declaration: item.declaration,
    body: item.body,
    rule: item.rule.name,
    imported: importedWithdrawal(item.rule),
    guard: ruleGuard(item.rule, id, { env: ctx.env, io: ctx.io, now: ctx.now }),
  };
}

/** A rule's answers as they stand now: the sender's (read now) with the rule's over them. */
interface Resolved {
  rule: Rule;
  answers: SenderAnswers;
  problems: Text[];
}

/** The exchanges listing when some answers need it; a warning when it cannot be read. */
async function listingFor(
  answers: readonly SenderAnswers[],
  client: TradeClient,
  warnings: Text[],
): Promise<ExchangeListing | null> {
  if (!answers.some(answersNeedListing)) return null;
  const listing = await listingOnce({ client: async () => client }).get();
  if (!listing.exchanges) {
    warnings.push(msg("rules.auto.noListing", { why: listing.why }));
  }
  return listing;
}

/**
 * The plan for these declarations (a watch's new ones, or the whole pending list): each rule's
 * answers resolved (its sender read now, a listed exchange name made its id, then checked by
 * the confirm rules), the declarations matched by `planAuto` (rules that resolve to the same
 * answers agree), and a body made for each matched one.
 */
export async function planAutoFor(
  declarations: readonly Declaration[],
  input: AutoInput,
): Promise<AutoPlan> {
  const warnings: Text[] = [];
  const active = input.rules.filter((r) => ruleState(r, input.now) === "active");
  // The config file that holds the rules was just read; if it cannot be now, every rule with a
  // sender is reported as broken below rather than guessed.
  const senders = active.some((r) => r.answers.sender !== undefined) ? savedSenders(input.env) : [];
  const drafts = active.map((rule): Resolved => {
    const { sender } = rule.answers;
    if (sender === undefined) return { rule, answers: { ...rule.answers.given }, problems: [] };
    const saved = senders.find((s) => s.name === sender);
    if (!saved) {
      return {
        rule,
        answers: { ...rule.answers.given },
        problems: [msg("rules.auto.senderGone", { sender })],
      };
    }
    return { rule, answers: overlayAnswers(saved.answers, rule.answers.given), problems: [] };
  });
  const listing = await listingFor(
    drafts.map((d) => d.answers),
    input.client,
    warnings,
  );
  const supported = supportedIds(listing);
  for (const d of drafts) {
    if (d.problems.length > 0) continue;
    d.answers = resolveExchangeName(d.answers, { listing }).answers;
    const missing = missingAnswers(d.answers).filter((a) => a !== "declaration");
    d.problems.push(...missing.map(missingAnswer));
    if (missing.length === 0) {
      const violations = confirmRuleViolations(
        { ...d.answers, cryptoDepositDeclarationId: "0" },
        { supportedExchangeIds: supported },
      );
      d.problems.push(...violations.map((v) => seedText(v.rule)));
    }
  }
  const byName = new Map(drafts.map((d) => [d.rule.name, d]));
  // Planned on the resolved answers, so two rules that say the same thing agree; a broken
  // rule keeps its own (its sender's name), so it never agrees by accident.
  const planned = drafts.map(
    (d): Rule => (d.problems.length > 0 ? d.rule : { ...d.rule, answers: { given: d.answers } }),
  );
  const subjects = declarations.map((d): RuleSubject & { record: Declaration } => ({
    ...ruleSubject(d),
    record: d,
  }));
  const items = planAuto(subjects, planned, input.now).map((item): AutoPlanItem => {
    const declaration = item.declaration.record;
    if (item.kind === "no_rule") {
      return item.nearMiss
        ? { kind: "no_rule", declaration, nearMiss: item.nearMiss }
        : { kind: "no_rule", declaration };
    }
    if (item.kind === "ambiguous") {
      return { kind: "ambiguous", declaration, rules: item.rules, message: ambiguity(item) };
    }
    const resolved = byName.get(item.rule.name)!;
    if (resolved.problems.length > 0) {
      return {
        kind: "broken",
        declaration,
        rule: resolved.rule,
        problems: resolved.problems,
      };
    }
    return {
      kind: "matched",
      declaration,
      rule: resolved.rule,
      body: confirmBody({ ...resolved.answers, cryptoDepositDeclarationId: item.declaration.id }),
    };
  });
  return { items, warnings };
}

/** A near miss in words: the rule, what it expects and what came (never sent). */
export function nearMissText(
  item: Extract<AutoPlanItem, { kind: "no_rule" }>,
  t: Translator,
): string {
  return t("rules.import.nearMiss", {
    rule: item.nearMiss?.rule ?? "",
    expected: (item.nearMiss?.expected ?? []).join(" | "),
    amount: amountWithSymbol(item.declaration),
  });
}
