import { Command } from "@commander-js/extra-typings";
import type { Selection } from "../../../declare/plan.js";
import { amountProblem } from "../../../domain/amount.js";
import { canonicalId, idProblem } from "../../../domain/ids.js";
import { type Text, TradectlError } from "../../../errors.js";
import { english, msg, type Translator } from "../../../i18n/index.js";
import { answersFromFlags, withAnswerFlags } from "../../answer-flags.js";
import { checkedPreset, presetOption, presetTable } from "../../description-preset.js";
import { defineVerb } from "../../verb.js";
import { confirmFields, confirmFieldsOption } from "./fields.js";
import type { ConfirmOptions } from "./run.js";

const confirmCommand = (t: Translator = english) =>
  withAnswerFlags(
    new Command("confirm")
      .description(t("confirm.description"))
      .argument("[ID...]", t("confirm.arg")),
    t,
  )
    .addOption(presetOption(t))
    .option("--sender <NAME>", t("confirm.flag.sender"))
    .option("--pending", t("confirm.flag.pending"), false)
    .option(
      "--symbol <SYM>",
      t("confirm.flag.symbol"),
      (value: string, previous: string[] = []) => [...previous, value],
      [] as string[],
    )
    .option("--address <ADDR>", t("confirm.flag.address"))
    .option("--amount <N>", t("confirm.flag.amount"))
    .option("--from <FILE>", t("confirm.flag.from"))
    .option("--auto", t("confirm.flag.auto"))
    .option("-y, --yes", t("confirm.flag.yes"), false)
    .option("--dry-run", t("confirm.flag.dryRun"), false)
    .addOption(confirmFieldsOption(t))
    .addHelpText("after", t("confirm.after"))
    .addHelpText("after", () => t("confirm.presetAfter", { presets: presetTable(t) }));

/** The flags of `declarations confirm`, as commander parses them (inferred from the spec). */
export type ConfirmFlags = ReturnType<ReturnType<typeof confirmCommand>["opts"]>;

/**
 * Several ids, --pending or --from make a batch; one id (or none) a single confirm. What
 * cannot be a selection at all is refused here, every problem at once.
 */
function selectionOf(ids: readonly string[], flags: ConfirmFlags): Selection | undefined {
  const problems: Text[] = [];
  const ways = [
    ids.length > 1
      ? msg("confirm.in.waySeveralIds")
      : ids.length === 1
        ? msg("confirm.in.wayAnId")
        : "",
    flags.pending ? "--pending" : "",
    flags.from !== undefined ? "--from" : "",
  ].filter((way) => way !== "");
  if (ways.length > 1) problems.push(msg("confirm.in.oneWay", { ways: listOf(ways) }));
  const narrowing = [
    flags.symbol.length > 0 ? "--symbol" : "",
    flags.address !== undefined ? "--address" : "",
    flags.amount !== undefined ? "--amount" : "",
  ].filter(Boolean);
  if (narrowing.length > 0 && !flags.pending) {
    problems.push(
      msg("confirm.in.narrowsPending", { count: narrowing.length, flags: narrowing.join(", ") }),
    );
  }
  if (flags.amount !== undefined) {
    const problem = amountProblem(flags.amount);
    if (problem) problems.push(problem);
  }
  for (const symbol of flags.symbol) {
    if (symbol.trim() === "") problems.push(msg("confirm.in.symbolEmpty"));
  }
  if (flags.address !== undefined && flags.address.trim() === "") {
    problems.push(msg("confirm.in.addressEmpty"));
  }
  if (flags.from !== undefined && flags.from.trim() === "")
    problems.push(msg("confirm.in.fromEmpty"));
  for (const id of ids) {
    const problem = idProblem(id, msg("domain.id.declaration", { id }));
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) {
    const hint = msg("confirm.in.seeHelpNothingSent");
    throw TradectlError.listing("usage", problems, { hint });
  }
  if (flags.pending) {
    return {
      kind: "pending",
      filter: {
        symbols: flags.symbol.map((s) => s.trim()),
        address: flags.address?.trim(),
        amount: flags.amount?.trim(),
      },
    };
  }
  if (flags.from !== undefined) return { kind: "from", source: flags.from };
  if (ids.length > 1) {
    // The same id twice is one declaration: confirmed once.
    return { kind: "ids", ids: [...new Set(ids.map((id) => canonicalId(id)!))] };
  }
  return undefined;
}

/** The flags `--auto` cannot be given with: it selects, and its rules answer. */
function autoConflicts(ids: readonly string[], flags: ConfirmFlags): (string | Text)[] {
  return [
    ids.length > 0 ? msg("confirm.in.declarationIds") : "",
    flags.pending ? "--pending" : "",
    flags.from !== undefined ? "--from" : "",
    flags.symbol.length > 0 ? "--symbol" : "",
    flags.address !== undefined ? "--address" : "",
    flags.amount !== undefined ? "--amount" : "",
    flags.sender !== undefined ? "--sender" : "",
    flags.self ? "--self" : "",
    flags.firstName !== undefined ? "--first-name" : "",
    flags.lastName !== undefined ? "--last-name" : "",
    flags.description !== undefined ? "--description" : "",
    flags.descriptionPreset !== undefined ? "--description-preset" : "",
    flags.addressType !== undefined ? "--address-type" : "",
    flags.exchangeId !== undefined ? "--exchange-id" : "",
    flags.exchangeName !== undefined ? "--exchange-name" : "",
  ].filter((conflict) => conflict !== "");
}

/**
 * Items joined with ", " as one parameter, each a text or a catalog entry: the flags stay as
 * they are, "an id" is said in the run's language.
 */
function listOf(items: readonly (string | Text)[]): Text {
  const [first, ...rest] = items;
  if (first === undefined) return msg("confirm.in.none");
  return rest.length === 0
    ? msg("confirm.in.one", { item: first })
    : msg("confirm.in.list", { first, rest: listOf(rest) });
}

export function confirmOptions(ids: readonly string[], flags: ConfirmFlags): ConfirmOptions {
  if (flags.auto) {
    const conflicts = autoConflicts(ids, flags);
    if (conflicts.length > 0) {
      const hint = msg("confirm.in.autoHint");
      throw TradectlError.listing(
        "usage",
        [msg("confirm.in.autoConflicts", { flags: listOf(conflicts) })],
        { hint },
      );
    }
    return {
      answers: {},
      yes: flags.yes,
      dryRun: flags.dryRun,
      auto: true,
      fields: confirmFields(flags.fields, flags.dryRun),
    };
  }
  const selection = selectionOf(ids, flags);
  return {
    answers: answersFromFlags(selection ? undefined : ids[0], flags),
    preset: checkedPreset(flags.descriptionPreset),
    sender: flags.sender,
    selection,
    yes: flags.yes,
    dryRun: flags.dryRun,
    fields: confirmFields(flags.fields, flags.dryRun),
  };
}

export const confirmVerb = defineVerb({
  command: confirmCommand,
  options: ([ids], flags) => confirmOptions(ids, flags),
  run: async () => (await import("./run.js")).runConfirm,
});
