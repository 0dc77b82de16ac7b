import { RULE_FIELD_NAMES, type RuleFieldName, readRules, saveRule } from "../../config/rules.js";
import { findSender, type SenderAnswers } from "../../config/senders.js";
import { missingAnswer } from "../../declare/answers.js";
import { readListingOrWarn, resolveExchangeName } from "../../declare/rule-listing.js";
import { overlayAnswers } from "../../domain/batch.js";
import { confirmRuleViolations } from "../../domain/confirm.js";
import { missingAnswers } from "../../domain/confirm-answers.js";
import { type PresetName, presetText } from "../../domain/description-presets.js";
import { parseWhen, whenProblem } from "../../domain/duration.js";
import {
  type Rule,
  type RuleAnswers,
  type RuleMatch,
  type RuleState,
  ruleState,
} from "../../domain/rules.js";
import { TradectlError } from "../../errors.js";
import { type LabelKey, msg } from "../../i18n/index.js";
import { cellText, fieldColumns, sameText } from "../../output/fields.js";
import { GIVE } from "../../output/narrowing.js";
import { type Column, fieldTable, type RecordView } from "../../output/records.js";
import { seedText } from "../../output/seed-text.js";
import { tableColumn } from "../../output/table.js";
import { isoUtc, localTime } from "../../output/time.js";
import type { CommandContext } from "../context.js";
import {
  type AnswerCells,
  answerCells,
  answerColumns,
  listSaved,
  removeSaved,
  type SavedCollection,
} from "../saved-run.js";
import type { SavedListOptions } from "../saved-spec.js";
import type { DepositState } from "./import/states.js";

export interface RuleAddOptions {
  name: string;
  match: RuleMatch;
  /** The answer flags given (over the sender's, when one is named). */
  given: SenderAnswers;
  sender: string | undefined;
  once: boolean;
  /** `--until` as typed (checked by the spec); made a time with the run's clock. */
  until: string | undefined;
  /** `--description-preset`: its text, in the run's language, is the rule's description. */
  preset?: PresetName | undefined;
}

/**
 * `rules add NAME <match> (<answers> | --sender NAME)`: the answers, with the sender's under
 * them, must make a whole confirmation (description included: a rule asks nothing when it is
 * used) that passes the confirm rules, the exchange id checked against the listing when it can
 * be read. A broken rule is not saved (exit 2).
 */
export async function runRulesAdd(options: RuleAddOptions, ctx: CommandContext): Promise<number> {
  const now = ctx.now();
  let until: number | null = null;
  if (options.until !== undefined) {
    const when = parseWhen(options.until, now, 1);
    if (!when.ok) throw TradectlError.listing("usage", [whenProblem("--until", when)]);
    if (when.ms <= now) {
      const params = { until: options.until };
      throw new TradectlError("usage", msg("rules.add.past", params), {
        hint: msg("rules.add.pastHint"),
      });
    }
    until = when.ms;
  }
  const answers = await checkedRuleAnswers(options, ctx);

  const rule: Rule = {
    name: options.name,
    match: options.match,
    answers,
    once: options.once,
    until,
    spent: null,
  };
  const replaced = await saveRule(ctx.env, rule);
  const { t } = ctx.io;
  ctx.io.info(
    t(replaced ? "rules.add.replaced" : "rules.add.saved", {
      name: options.name,
      once: options.once ? t("rules.add.savedOnce") : "",
      until: until === null ? "" : t("rules.add.savedUntil", { time: isoUtc(until) }),
    }),
  );
  return 0;
}

/**
 * A rule's answers as saved: the flags (a preset's text as the description) over the named
 * sender's, which together must make a whole confirmation (description included: a rule asks
 * nothing when it is used) that passes the confirm rules, the exchange id checked against the
 * listing when it can be read. A listed `--exchange-name` is kept as its id. Refused (exit 2,
 * nothing saved) otherwise. `rules add` and `rules import` both check theirs here.
 */
export async function checkedRuleAnswers(
  options: Pick<RuleAddOptions, "given" | "sender" | "preset">,
  ctx: CommandContext,
): Promise<RuleAnswers> {
  const sender = options.sender === undefined ? null : senderOf(options.sender, ctx);
  const read = await readListingOrWarn(
    sender ? overlayAnswers(sender.answers, options.given) : options.given,
    ctx,
  );
  // A listed `--exchange-name` is kept as its id, as a confirm would send it.
  const { answers: resolved, line: byName } = resolveExchangeName(options.given, read, ctx.io.t);
  // A preset's text, in the run's language, is the rule's own description.
  const given: SenderAnswers = options.preset
    ? { ...resolved, description: presetText(options.preset, ctx.io.t.lang) }
    : resolved;
  const answers = sender ? overlayAnswers(sender.answers, given) : given;

  const missing = missingAnswers(answers).filter((a) => a !== "declaration");
  if (missing.length > 0) {
    const hint = sender
      ? msg("rules.x.needsAllSender", { sender: sender.name })
      : msg("rules.x.needsAll");
    throw TradectlError.listing("usage", missing.map(missingAnswer), {
      hint: hint,
    });
  }
  const violations = confirmRuleViolations(
    { ...answers, cryptoDepositDeclarationId: "0" },
    { supportedExchangeIds: read.supported },
  );
  if (violations.length > 0) {
    const hint = violations.some((v) => v.rule === "exchangeIdNotSupported")
      ? msg("rules.x.nothingSavedListed")
      : msg("hint.nothingSaved");
    throw TradectlError.listing(
      "validation",
      violations.map((v) => seedText(v.rule)),
      { hint },
    );
  }
  if (byName) ctx.io.info(byName);
  return sender ? { sender: sender.name, given } : { given };
}

/** The saved sender a rule names; an unknown one is refused as a confirm refuses it. */
function senderOf(name: string, ctx: CommandContext) {
  try {
    return findSender(ctx.env, name);
  } catch (error) {
    if (!(error instanceof TradectlError)) throw error;
    // The same refusal, in a rule's words: adding a rule sends nothing either way, and here
    // nothing was saved.
    if (error.hint?.key !== "hint.nothingSent") throw error;
    throw TradectlError.with(error, {
      hint: msg("hint.nothingSaved"),
    });
  }
}

/** A rule as printed: its name and state, the match, the answers, and its life. */
interface RuleRow extends AnswerCells {
  name: string;
  state: RuleState;
  symbol: string;
  address: string | null;
  memo: string | null;
  amount: string | null;
  sender: string | null;
  once: boolean;
  until: string | null;
  spentBy: string | null;
  spentAt: string | null;
  /** An imported rule's withdrawal: where from, its transaction id, when; its deposit's state. */
  source: string | null;
  txid: string | null;
  withdrawnAt: string | null;
  deposit: DepositState | null;
}

function row(rule: Rule, now: number, deposit: DepositState | null): RuleRow {
  const origin = rule.origin;
  return {
    name: rule.name,
    state: ruleState(rule, now),
    symbol: rule.match.symbol,
    address: rule.match.address ?? null,
    memo: rule.match.memo ?? null,
    // An imported rule that may arrive with either of two amounts: both, `|` between them.
    amount: rule.match.amount ?? rule.match.amounts?.join("|") ?? null,
    sender: rule.answers.sender ?? null,
    ...answerCells(rule.answers.given),
    once: rule.once,
    until: rule.until === null ? null : isoUtc(rule.until),
    spentBy: rule.spent?.declarationId ?? null,
    spentAt: rule.spent === null ? null : isoUtc(rule.spent.at),
    source: origin?.source ?? null,
    txid: origin?.txid ?? origin?.withdrawalId ?? null,
    withdrawnAt: origin?.time == null ? null : isoUtc(origin.time),
    deposit,
  };
}

const text = cellText<RuleRow>;

const time = (
  field: "until" | "spentAt" | "withdrawnAt",
  label: LabelKey,
): Omit<Column<RuleRow>, "header"> => ({
  text: text(field),
  table: tableColumn<RuleRow>(label, (r, _c, lang) =>
    r[field] === null ? "" : localTime(r[field], lang),
  ),
});

const RULE_COLUMNS: readonly Column<RuleRow>[] = fieldColumns<RuleRow, RuleFieldName>(
  RULE_FIELD_NAMES,
  {
    name: sameText("label.name", text("name")),
    state: sameText("label.state", text("state")),
    symbol: sameText("label.symbol", text("symbol")),
    address: sameText("label.address", text("address"), { give: GIVE.address }),
    memo: sameText("label.memo", text("memo")),
    amount: sameText("label.amount", text("amount"), { numeric: true }),
    sender: sameText("label.sender", text("sender")),
    ...answerColumns<RuleRow>(),
    once: sameText("label.once", text("once")),
    until: time("until", "label.until"),
    spentBy: sameText("label.spentBy", text("spentBy"), { numeric: true }),
    spentAt: time("spentAt", "label.spentAt"),
    source: sameText("label.source", text("source")),
    txid: sameText("label.txid", text("txid"), { give: GIVE.memo }),
    withdrawnAt: time("withdrawnAt", "label.withdrawn"),
    deposit: sameText("label.deposit", text("deposit")),
  },
);

/** What a person reads first: name, state, the match, who and until when. */
const TABLE_FIELDS: readonly RuleFieldName[] = [
  "name",
  "state",
  "symbol",
  "amount",
  "address",
  "memo",
  "sender",
  "AddressType",
  "until",
  "spentBy",
];

/** Rules as `rules list` and `rules remove` show them. */
const RULES: SavedCollection<Rule, RuleRow> = {
  kind: "rules",
  read: readRules,
  rows: async (rules, ctx) => {
    const now = ctx.now();
    const { depositStates } = await import("./import/states.js");
    const deposits = await depositStates(rules, ctx);
    return rules.map((r) => row(r, now, deposits.get(r.name) ?? null));
  },
  view: {
    columns: RULE_COLUMNS,
    table: fieldTable(RULE_COLUMNS.filter((c) => TABLE_FIELDS.includes(c.header as RuleFieldName))),
  },
  unreadable: ({ name, why }) => msg("declarations.watch.unreadableRule", { name, why }),
  none: msg("rules.list.none"),
  removed: (name) => msg("rules.removed", { name }),
};

/** `rules list --source S`: the imported rules, their deposit's state first. */
const IMPORTED_VIEW: RecordView<RuleRow> = {
  columns: RULE_COLUMNS,
  table: fieldTable(
    ["name", "deposit", "symbol", "amount", "address", "memo", "txid", "until", "spentBy"].map(
      (f) => RULE_COLUMNS.find((c) => c.header === f)!,
    ),
  ),
};

export function runRulesList(
  options: SavedListOptions & { source?: string | undefined },
  ctx: CommandContext,
): Promise<number> {
  const { source } = options;
  // With --source, only that source's imported rules, and a person reads each one's deposit first.
  if (source === undefined) return listSaved(RULES, options, ctx);
  const keep = (rule: Rule) => rule.origin?.source === source;
  return listSaved(RULES, { ...options, view: IMPORTED_VIEW, keep }, ctx);
}

export const runRulesRemove = (options: { name: string }, ctx: CommandContext) =>
  removeSaved(RULES, options.name, ctx);
