import {
  type AutoPlanItem,
  nearMissText,
  planAutoConfirm,
  plannedItem,
  readRulesOrWarn,
} from "../../../declare/auto-plan.js";
import { amountWithSymbol } from "../../../declare/declaration-view.js";
import { settleOpenElsewhere } from "../../../declare/read-back.js";
import { sendDeps } from "../../../declare/send-types.js";
import { declarationId } from "../../../domain/declarations.js";
import { amountMatched, ruleState } from "../../../domain/rules.js";
import { type Text, TradectlError } from "../../../errors.js";
import { joined, type LabelKey, msg, type Translator } from "../../../i18n/index.js";
import type { IOStreams } from "../../../output/io.js";
import { GIVE, type Give } from "../../../output/narrowing.js";
import { renderRecords, tableColumn } from "../../../output/table.js";
import { numberText } from "../../../wire/json.js";
import type { CommandContext } from "../../context.js";
import { runBatch } from "./batch.js";

/**
 * `declarations confirm --auto` (docs/RULES.md): the saved rules'
 * plan for every pending declaration (its rule, `no_rule`, or `ambiguous`), shown on stderr;
 * then the matched ones handed to the batch as a plan of its own, so they are shown, asked
 * about (or `--yes`), dry-run and sent exactly as a batch is, each with its rule's guard.
 */

export interface AutoConfirmOptions {
  yes: boolean;
  dryRun: boolean;
  /** `--fields`: the outcome records' (the bodies' with --dry-run) fields printed, in order. */
  fields?: readonly string[] | undefined;
}

export async function runAutoConfirm(
  options: AutoConfirmOptions,
  ctx: CommandContext,
): Promise<number> {
  const { io } = ctx;
  const rules = readRulesOrWarn(ctx);
  const now = ctx.now();
  if (!rules.some((r) => ruleState(r, now) === "active")) {
    io.info(rules.length === 0 ? io.t("confirm.auto.noRules") : io.t("confirm.auto.allSpent"));
    return 0;
  }
  const { items, warnings } = await planAutoConfirm({
    client: await ctx.client(),
    env: ctx.env,
    rules,
    now,
  });
  for (const w of warnings) io.warning(io.t.text(w));
  // A request of ours open on record for a declaration no longer pending is settled now.
  const pending = new Set(items.map((i) => declarationId(i.declaration)));
  await settleOpenElsewhere(pending, await sendDeps(ctx));
  if (items.length === 0) {
    io.info(io.t("confirm.auto.nonePending"));
    return 0;
  }
  showPlan(items, io);

  const broken = items.filter((i) => i.kind === "broken");
  if (broken.length > 0) throw brokenError(broken);

  const matched = items.filter((i) => i.kind === "matched");
  const left = items.length - matched.length;
  if (matched.length === 0) {
    io.info(io.t("confirm.auto.noneMatch", { unmatched: unmatched(items, io.t) }));
    return 0;
  }
  if (left > 0) io.info(io.t("confirm.auto.leftUnsent", { unmatched: unmatched(items, io.t) }));

  const planned = matched.map((item) => plannedItem(item, ctx));
  return runBatch(
    {
      selection: { kind: "planned", items: planned },
      answers: {},
      yes: options.yes,
      dryRun: options.dryRun,
      fields: options.fields,
    },
    ctx,
  );
}

/** `2 with no rule, 1 ambiguous`. */
function unmatched(items: readonly AutoPlanItem[], t: Translator): string {
  const noRule = items.filter((i) => i.kind === "no_rule").length;
  const ambiguous = items.filter((i) => i.kind === "ambiguous").length;
  return [
    noRule > 0 ? t("confirm.auto.noRule", { count: noRule }) : "",
    ambiguous > 0 ? t("confirm.auto.ambiguous", { count: ambiguous }) : "",
  ]
    .filter(Boolean)
    .join(", ");
}

/** What each pending declaration gets, in words: `send`, `no_rule`, `ambiguous: …`. */
function planWord(item: AutoPlanItem, t: Translator): string {
  switch (item.kind) {
    case "matched":
      return whichAmount(item, t("confirm.plan.send"), t);
    case "no_rule":
      return item.nearMiss ? nearMissText(item, t) : "no_rule";
    case "ambiguous":
      return t("confirm.in.planAmbiguous", { why: item.message });
    case "broken":
      return t("confirm.in.planBroken", { problems: joined(item.problems) });
  }
}

/**
 * An imported rule that expects either of two amounts names the one the deposit has: the
 * withdrawal's amount, or that amount less its fee.
 */
function whichAmount(
  item: Extract<AutoPlanItem, { kind: "matched" }>,
  rule: string,
  t: Translator,
): string {
  const amounts = item.rule.match.amounts;
  if (amounts === undefined) return rule;
  const which = amountMatched(item.rule.match, numberText(item.declaration.amount));
  return which === amounts[0]
    ? t("rules.import.matchedAmount", { rule })
    : t("rules.import.matchedLessFee", { rule });
}

const ruleOf = (item: AutoPlanItem): string =>
  item.kind === "matched" || item.kind === "broken"
    ? item.rule.name
    : item.kind === "ambiguous"
      ? item.rules.join(", ")
      : (item.nearMiss?.rule ?? "");

/**
 * The plan on stderr: on a terminal a table of every pending declaration; elsewhere a line for
 * each one a rule touches (the others are counted).
 */
function showPlan(items: readonly AutoPlanItem[], io: IOStreams): void {
  if (io.stderrIsTTY) {
    io.info(autoPlanTable(items, io));
    return;
  }
  for (const item of items) {
    if (item.kind === "no_rule" && !item.nearMiss) continue;
    const plan =
      item.kind === "matched"
        ? whichAmount(item, io.t("confirm.in.planRule", { rule: item.rule.name }), io.t)
        : planWord(item, io.t);
    io.info(
      io.t("confirm.in.planLine", {
        id: declarationId(item.declaration),
        amount: amountWithSymbol(item.declaration),
        plan,
      }),
    );
  }
}

/** The plan for a person, on stderr: each pending declaration, its rule and what it gets. */
function autoPlanTable(items: readonly AutoPlanItem[], io: IOStreams): string {
  const column = (label: LabelKey, text: (i: AutoPlanItem) => string, give?: Give) =>
    tableColumn<AutoPlanItem>(label, (i) => text(i), give);
  const columns = [
    column("label.id", (i) => declarationId(i.declaration)),
    column("label.amount", (i) => amountWithSymbol(i.declaration)),
    column("label.address", (i) => i.declaration.address ?? "", GIVE.address),
    column("label.memo", (i) => i.declaration.memoTag ?? "", GIVE.memo),
    column("label.rule", ruleOf, GIVE.name),
    column("label.plan", (i) => planWord(i, io.t), GIVE.text),
  ];
  return renderRecords({ columns }, items, {
    out: io.err,
    columns: io.columns,
    t: io.t,
  }).trimEnd();
}

/** A rule whose answers no longer make a confirmation: every problem named, nothing sent. */
function brokenError(broken: readonly Extract<AutoPlanItem, { kind: "broken" }>[]): TradectlError {
  const problems = broken.flatMap((b) =>
    b.problems.map(
      (p): Text =>
        msg("confirm.in.ruleProblem", {
          id: declarationId(b.declaration),
          rule: b.rule.name,
          problem: p,
        }),
    ),
  );
  const names = [...new Set(broken.map((b) => b.rule.name))];
  const hint = msg("confirm.in.fixRules", { count: names.length, name: names[0]! });
  return TradectlError.listing("validation", problems, { hint });
}
