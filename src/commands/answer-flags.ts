// The answers to the confirm questions as flags: `declarations confirm`, `senders add`, `rules add` and `rules import` take the same ones.
import { type Command, Option } from "@commander-js/extra-typings";
import { type Answers, normalizeAddressType } from "../domain/confirm.js";
import { canonicalId, idProblem } from "../domain/ids.js";
import { type Text, TradectlError } from "../errors.js";
import { english, msg, type Translator } from "../i18n/index.js";

/**
 * The answers to the confirm questions as flags: `declarations confirm`, `senders add`,
 * `rules add` and `rules import` take the same ones, declared here once. (Generic over the options too, its type made tsc's
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

/** The answer flags as commander parses them (a command's flags hold these among others). */
export interface AnswerFlags {
  self?: boolean | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  description?: string | undefined;
  addressType?: string | undefined;
  exchangeId?: string | undefined;
  exchangeName?: string | undefined;
}

/**
 * The flags as answers. Only what cannot be a request at all is refused here (an id that is not
 * an int64, an unknown address type); everything else goes through the seed's rules so the user
 * sees the seed's words. An answer given empty (`--first-name ""`) is an answer, and breaks a rule.
 */
export function answersFromFlags(id: string | undefined, flags: AnswerFlags): Answers {
  const problems: Text[] = [];
  let declarationId: string | undefined;
  if (id !== undefined) {
    const problem = idProblem(id, msg("domain.id.declaration", { id }));
    if (problem) problems.push(problem);
    else declarationId = canonicalId(id)!;
  }
  let addressType: Answers["addressType"];
  if (flags.addressType !== undefined) {
    addressType = normalizeAddressType(flags.addressType) ?? undefined;
    if (!addressType) {
      problems.push(msg("confirm.in.addressType", { given: flags.addressType }));
    }
  }
  if (flags.self && (flags.firstName !== undefined || flags.lastName !== undefined)) {
    // Commander refuses the pair too; kept here so the rule holds for callers that skip argv.
    problems.push(msg("confirm.in.selfAndNames"));
  }
  if (problems.length > 0) {
    const hint = msg("confirm.in.seeHelp");
    throw TradectlError.listing("usage", problems, { hint });
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
