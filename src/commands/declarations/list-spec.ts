import { Command } from "@commander-js/extra-typings";
import {
  DECLARATION_FIELD_NAMES,
  isSeedListRule,
  parseListQuery,
} from "../../domain/declarations.js";
import { PAGE_SIZE_MAX } from "../../domain/limits.js";
import { parseWholeNumber } from "../../domain/numbers.js";
import { TradectlError } from "../../errors.js";
import { checkedFields, fieldsOption } from "../../output/fields-option.js";
import { defineVerb } from "../verb.js";
import type { ListPlan } from "./list.js";

/** `--all` reads the largest pages the service gives: fewest round trips for a long history. */
export const ALL_PAGE_SIZE = PAGE_SIZE_MAX;

const LIST_HINT = "see `tradectl declarations list --help` for the flags and their ranges";

const collect = (value: string, previous: string[] = []) => [...previous, value];

const listCommand = () =>
  new Command("list")
    .alias("ls")
    .description("List your deposit declarations, newest first")
    .option(
      "--status <STATUS>",
      "Pending or Confirmed, case-insensitive; repeat for several (default: both)",
      collect,
    )
    .option("--page <N>", "page number, from 1 (default: 1); with --all, the page to start from")
    .option("--page-size <N>", "records per page, 1 to 100 (default: 20; --all always reads 100)")
    .option(
      "--all",
      "walk every page from --page on, 100 at a time, until the last, streaming records",
      false,
    )
    .option("--limit <N>", "stop after N records (without --all: cut the one page fetched)")
    .addOption(fieldsOption(DECLARATION_FIELD_NAMES))
    .addHelpText(
      "after",
      `
Examples:
  $ tradectl declarations list --status pending
  $ tradectl declarations list --all -o ndjson > declarations.ndjson
  $ tradectl declarations list --all --limit 500 -o csv > latest-500.csv
  $ tradectl --sandbox declarations list --page 2 --page-size 50
  $ tradectl declarations list --fields cryptoDepositDeclarationId,amount,symbol -o csv`,
    );

/** The flags of `declarations list`, as commander parses them (inferred from the spec). */
export type ListFlags = ReturnType<ReturnType<typeof listCommand>["opts"]>;

/**
 * Checks every flag before anything is sent and reports every broken rule at once. The seed's
 * rules (page, pageSize, Unknown) come back in the seed's words as `validation`; malformed
 * flags are `usage`. Both exit 2.
 */
export function planList(flags: ListFlags): ListPlan {
  const problems: string[] = [];
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
    if (limit === null)
      problems.push(`--limit must be a whole number of at least 1, got '${flags.limit}'`);
  }
  // Page numbers count pages of the page size, so `--all --page 3 --page-size 20` could only be
  // honoured by reading small pages or by starting somewhere else than the user meant. Refusing
  // it keeps `--page` with `--all` unambiguous: it counts pages of 100.
  if (flags.all && parsed.ok && parsed.query.pageSize !== ALL_PAGE_SIZE) {
    problems.push(
      `--page-size cannot be used with --all: --all always reads pages of ${ALL_PAGE_SIZE}, the most the service gives`,
    );
  }

  if (problems.length > 0 || !parsed.ok) {
    // The seed's own rules alone are `validation`; any flag we could not read makes it `usage`.
    const kind = problems.length === 0 && violations.every(isSeedListRule) ? "validation" : "usage";
    const messages = [...violations.map((v) => v.message), ...problems];
    throw new TradectlError(kind, messages[0]!, {
      details: messages.slice(1),
      hint:
        flags.all && pageSizeGiven
          ? "drop --page-size; with --all, --page counts pages of 100"
          : LIST_HINT,
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
