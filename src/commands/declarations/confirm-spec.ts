import { Command, Option } from "@commander-js/extra-typings";
import { normalizeAddressType } from "../../domain/confirm.js";
import { canonicalId, idProblem } from "../../domain/ids.js";
import { TradectlError } from "../../errors.js";
import { sanitize } from "../../output/sanitize.js";
import { defineVerb } from "../verb.js";
import type { ConfirmOptions } from "./confirm.js";
import type { PartialDraft } from "./confirm-draft.js";

const confirmCommand = () =>
  new Command("confirm")
    .description("Confirm a pending declaration: say who sent the deposit (a wizard on a terminal)")
    .argument("[ID]", "declaration id (picked from the pending ones when not given)")
    .addOption(
      new Option("--self", "I sent it myself (my own name is used)").conflicts([
        "firstName",
        "lastName",
      ]),
    )
    .option("--first-name <NAME>", "sender's first name (another person)")
    .option("--last-name <NAME>", "sender's last name (another person)")
    .option("--description <TEXT>", "what the deposit is, 20 to 100 characters")
    .option(
      "--address-type <TYPE>",
      "exchange or individual-wallet (also Exchange, IndividualWallet)",
    )
    // No commander conflict with --exchange-name: giving both breaks a rule of the seed, and the
    // user should read the seed's own message ("Only one of exchangeId or exchangeOtherName…").
    .option("--exchange-id <N>", "id from `tradectl exchanges list`")
    .option(
      "--exchange-name <NAME>",
      "the exchange's name: sent as its exchangeId when the exchanges listing has it (any case), else as a name not listed (at most 200 characters)",
    )
    .option("-y, --yes", "do not ask the final 'Send?' question", false)
    .option(
      "--dry-run",
      "check everything and print the request body in the -o format; send nothing (it may read the exchanges listing)",
      false,
    )
    .addHelpText(
      "after",
      `
Output: a confirmation the server answered prints, with -o json,
  {"cryptoDepositDeclarationId": ID, "success": true, "message": "", "code": 0}.
  When the answer is lost (a reset, a timeout) the declarations list is read instead, and
  what it shows is printed, never an answer the server did not send:
  {"cryptoDepositDeclarationId":ID,"status":"Confirmed","confirmedAt":"…",
   "verifiedBy":"read-back","confirmedByThisRequest":true}   (null: cannot tell)
  Already confirmed before this request, by the server's 422 or by the list: exit 5.

Examples:
  $ tradectl declarations confirm
  $ tradectl declarations confirm 4711 --self --address-type exchange --exchange-name binance \\
      --description "Transfer from my own Binance account" --yes
  $ tradectl declarations confirm 4711 --first-name Ayse --last-name Yilmaz \\
      --address-type individual-wallet --description "Gift from my sister's wallet" --dry-run`,
    );

/** The flags of `declarations confirm`, as commander parses them (inferred from the spec). */
export type ConfirmFlags = ReturnType<ReturnType<typeof confirmCommand>["opts"]>;

/**
 * The flags as a draft. Only what cannot be a request at all is refused here (an id that is not
 * an int64, an unknown address type); everything else goes through the seed's rules so the user
 * sees the seed's words. An answer given empty (`--first-name ""`) is an answer, and breaks a rule.
 */
export function draftFromFlags(id: string | undefined, flags: ConfirmFlags): PartialDraft {
  const problems: string[] = [];
  let declarationId: string | undefined;
  if (id !== undefined) {
    const problem = idProblem(id);
    if (problem) problems.push(`declaration id '${sanitize(id)}' ${problem}`);
    else declarationId = canonicalId(id)!;
  }
  let addressType: PartialDraft["addressType"];
  if (flags.addressType !== undefined) {
    addressType = normalizeAddressType(flags.addressType) ?? undefined;
    if (!addressType) {
      problems.push(
        `--address-type must be exchange or individual-wallet, got '${sanitize(flags.addressType)}'`,
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

export function confirmOptions(id: string | undefined, flags: ConfirmFlags): ConfirmOptions {
  return {
    draft: draftFromFlags(id, flags),
    yes: flags.yes,
    dryRun: flags.dryRun,
  };
}

export const confirmVerb = defineVerb({
  command: confirmCommand,
  options: ([id], flags) => confirmOptions(id, flags),
  run: async () => (await import("./confirm.js")).runConfirm,
});
