import { Command } from "@commander-js/extra-typings";
import {
  DECLARATION_FIELD_NAMES,
  DECLARATION_STATUSES,
  isSeedListRule,
  type ListViolation,
  parseListQuery,
} from "../../domain/declarations.js";
import { PAGE_SIZE_MAX } from "../../domain/limits.js";
import { parseWholeNumber } from "../../domain/numbers.js";
import { type Text, TradectlError } from "../../errors.js";
import { english, msg, type Translator } from "../../i18n/index.js";
import { checkedFields, fieldsOption } from "../../output/fields-option.js";
import { seedText } from "../../output/seed-text.js";
import { defineVerb } from "../verb.js";
import type { ListPlan } from "./list.js";

/**
 * A broken list rule as people read it: the seed's in its own words (after the run's language's),
 * ours in the run's language; the English is the rule's message, as before.
 */
function violationText(v: ListViolation): Text {
  const value = v.value ?? "";
  if (v.rule === "statusNotAllowed") {
    return msg("declarations.list.statusNotAllowed", {
      value,
      allowed: DECLARATION_STATUSES.join(", "),
    });
  }
  if (v.rule === "notWholeNumber") {
    return msg("declarations.list.notWhole", { field: v.field, value });
  }
  return seedText(v.rule);
}

/** `--all` reads the largest pages the service gives: fewest round trips for a long history. */
export const ALL_PAGE_SIZE = PAGE_SIZE_MAX;

const collect = (value: string, previous: string[] = []) => [...previous, value];

const listCommand = (t: Translator = english) =>
  new Command("list")
    .alias("ls")
    .description(t("declarations.list.description"))
    .option("--status <STATUS>", t("declarations.list.opt.status"), collect)
    .option("--page <N>", t("declarations.list.opt.page"))
    .option("--page-size <N>", t("declarations.list.opt.pageSize"))
    .option("--all", t("declarations.list.opt.all"), false)
    .option("--limit <N>", t("declarations.list.opt.limit"))
    .addOption(fieldsOption(DECLARATION_FIELD_NAMES, t))
    .addHelpText("after", t("declarations.list.after"));

/** The flags of `declarations list`, as commander parses them (inferred from the spec). */
export type ListFlags = ReturnType<ReturnType<typeof listCommand>["opts"]>;

/**
 * Checks every flag before anything is sent and reports every broken rule at once. The seed's
 * rules (page, pageSize, Unknown) come back in the seed's words as `validation`; malformed
 * flags are `usage`. Both exit 2.
 */
export function planList(flags: ListFlags): ListPlan {
  // Each flag we could not read.
  const problems: Text[] = [];
  const pageSizeGiven = flags.pageSize !== undefined;
  const parsed = parseListQuery({
    status: flags.status,
    page: flags.page,
    pageSize: flags.all && !pageSizeGiven ? ALL_PAGE_SIZE : flags.pageSize,
  });
  const violations = parsed.ok ? [] : parsed.errors;

  let limit: number | null = null;
  if (flags.limit !== undefined) {
    limit = parseWholeNumber(flags.limit, 1);
    if (limit === null) problems.push(msg("declarations.list.badLimit", { value: flags.limit }));
  }
  // Page numbers count pages of the page size, so `--all --page 3 --page-size 20` could only be
  // honoured by reading small pages or by starting somewhere else than the user meant. Refusing
  // it keeps `--page` with `--all` unambiguous: it counts pages of 100.
  if (flags.all && parsed.ok && parsed.query.pageSize !== ALL_PAGE_SIZE) {
    problems.push(msg("declarations.list.pageSizeWithAll", { size: ALL_PAGE_SIZE }));
  }

  if (problems.length > 0 || !parsed.ok) {
    // The seed's own rules alone are `validation`; any flag we could not read makes it `usage`.
    const kind = problems.length === 0 && violations.every(isSeedListRule) ? "validation" : "usage";
    const hintKey =
      flags.all && pageSizeGiven ? "declarations.list.hintDropPageSize" : "declarations.list.hint";
    // A seed rule is said in the run's language with the service's English after it.
    throw TradectlError.listing(kind, [...violations.map(violationText), ...problems], {
      hint: msg(hintKey),
    });
  }
  return {
    query: parsed.query,
    all: flags.all,
    limit,
    statusGiven: (flags.status ?? []).length > 0,
    fields: checkedFields(flags.fields, DECLARATION_FIELD_NAMES),
  };
}

export const listVerb = defineVerb({
  command: listCommand,
  options: (_args, flags) => planList(flags),
  run: async () => (await import("./list.js")).runList,
});
