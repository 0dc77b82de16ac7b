import { Command, Option } from "@commander-js/extra-typings";
import { amountProblem } from "../../../domain/amount.js";
import { type Answers, normalizeAddressType } from "../../../domain/confirm.js";
import { canonicalId, idProblem } from "../../../domain/ids.js";
import { TradectlError } from "../../../errors.js";
import { english, type Translator } from "../../../i18n/index.js";
import { checkedPreset, presetOption, presetTable } from "../../description-preset.js";
import { defineVerb } from "../../verb.js";
import { confirmFields, confirmFieldsOption } from "./fields.js";
import type { Selection } from "./plan.js";
import type { ConfirmOptions } from "./run.js";

/**
 * The answers to the confirm questions as flags: `declarations confirm` and `senders add` take
 * the same ones, declared here once. (Generic over the options too, its type made tsc's
 * declaration emit run for minutes.)
 */
export const withAnswerFlags = <Args extends unknown[]>(
  command: Command<Args>,
  t: Translator = english,
) =>
  command
    .addOption(new Option("--self", t("confirm.flag.self")).conflicts(["firstName", "lastName"]))
    .option("--first-name <NAME>", t("confirm.flag.firstName"))
    .option("--last-name <NAME>", t("confirm.flag.lastName"))
    .option("--description <TEXT>", t("confirm.flag.description"))
    .option("--address-type <TYPE>", t("confirm.flag.addressType"))
    // No commander conflict with --exchange-name: giving both breaks a rule of the seed, and the
    // user should read the seed's own message ("Only one of exchangeId or exchangeOtherName…").
    .option("--exchange-id <N>", t("confirm.flag.exchangeId"))
    .option("--exchange-name <NAME>", t("confirm.flag.exchangeName"));

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
    .addOption(confirmFieldsOption())
    .addHelpText("after", t("confirm.after"))
    .addHelpText("after", () => t("confirm.presetAfter", { presets: presetTable(t) }));

/** The flags of `declarations confirm`, as commander parses them (inferred from the spec). */
export type ConfirmFlags = ReturnType<ReturnType<typeof confirmCommand>["opts"]>;

/**
 * The flags as answers. Only what cannot be a request at all is refused here (an id that is not
 * an int64, an unknown address type); everything else goes through the seed's rules so the user
 * sees the seed's words. An answer given empty (`--first-name ""`) is an answer, and breaks a rule.
 */
export function answersFromFlags(id: string | undefined, flags: ConfirmFlags): Answers {
  const problems: string[] = [];
  let declarationId: string | undefined;
  if (id !== undefined) {
    const problem = idProblem(id);
    if (problem) problems.push(`declaration id '${id}' ${problem}`);
    else declarationId = canonicalId(id)!;
  }
  let addressType: Answers["addressType"];
  if (flags.addressType !== undefined) {
    addressType = normalizeAddressType(flags.addressType) ?? undefined;
    if (!addressType) {
      problems.push(
        `--address-type must be exchange or individual-wallet, got '${flags.addressType}'`,
      );
    }
  }
  if (flags.self && (flags.firstName !== undefined || flags.lastName !== undefined)) {
    // Commander refuses the pair too; kept here so the rule holds for callers that skip argv.
    problems.push("--self cannot be used with --first-name or --last-name: pick one sender");
  }
  if (problems.length > 0) {
    throw new TradectlError("usage", problems[0]!, {
      details: problems.slice(1),
      hint: "see `tradectl declarations confirm --help`",
    });
  }
  const named = flags.firstName !== undefined || flags.lastName !== undefined;
  return {
    cryptoDepositDeclarationId: declarationId,
    isSelfSender: flags.self ? true : named ? false : undefined,
    firstName: flags.firstName,
    lastName: flags.lastName,
    description: flags.description,
    addressType,
    exchangeId: flags.exchangeId,
    exchangeOtherName: flags.exchangeName,
  };
}

/**
 * Several ids, --pending or --from make a batch; one id (or none) a single confirm. What
 * cannot be a selection at all is refused here, every problem at once.
 */
function selectionOf(ids: readonly string[], flags: ConfirmFlags): Selection | undefined {
  const problems: string[] = [];
  const ways = [
    ids.length > 1 ? "several ids" : ids.length === 1 ? "an id" : "",
    flags.pending ? "--pending" : "",
    flags.from !== undefined ? "--from" : "",
  ].filter(Boolean);
  if (ways.length > 1)
    problems.push(`choose one of ${ways.join(", ")}: they select declarations in different ways`);
  const narrowing = [
    flags.symbol.length > 0 ? "--symbol" : "",
    flags.address !== undefined ? "--address" : "",
    flags.amount !== undefined ? "--amount" : "",
  ].filter(Boolean);
  if (narrowing.length > 0 && !flags.pending) {
    problems.push(
      `${narrowing.join(", ")} narrow${narrowing.length === 1 ? "s" : ""} --pending: add --pending`,
    );
  }
  if (flags.amount !== undefined) {
    const problem = amountProblem(flags.amount);
    if (problem) problems.push(problem);
  }
  for (const symbol of flags.symbol) {
    if (symbol.trim() === "") problems.push("--symbol needs an asset symbol, e.g. XRP");
  }
  if (flags.address !== undefined && flags.address.trim() === "") {
    problems.push("--address needs a deposit address");
  }
  if (flags.from !== undefined && flags.from.trim() === "")
    problems.push("--from needs a file, or - for stdin");
  for (const id of ids) {
    const problem = idProblem(id);
    if (problem) problems.push(`declaration id '${id}' ${problem}`);
  }
  if (problems.length > 0) {
    throw new TradectlError("usage", problems[0]!, {
      details: problems.slice(1),
      hint: "see `tradectl declarations confirm --help`; nothing was sent",
    });
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
function autoConflicts(ids: readonly string[], flags: ConfirmFlags): string[] {
  return [
    ids.length > 0 ? "declaration ids" : "",
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
  ].filter(Boolean);
}

export function confirmOptions(ids: readonly string[], flags: ConfirmFlags): ConfirmOptions {
  if (flags.auto) {
    const conflicts = autoConflicts(ids, flags);
    if (conflicts.length > 0) {
      throw new TradectlError(
        "usage",
        `--auto cannot be used with ${conflicts.join(", ")}: the saved rules choose the declarations and give the answers`,
        {
          hint: "`tradectl rules list` shows the rules; without --auto, the flags select and answer; nothing was sent",
        },
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
