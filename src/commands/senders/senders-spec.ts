import { Command } from "@commander-js/extra-typings";
import { SENDER_FIELD_NAMES, senderNameProblem } from "../../config/senders.js";
import { TradectlError } from "../../errors.js";
import { checkedFields, fieldsOption } from "../../output/fields-option.js";
import { answersFromFlags, withAnswerFlags } from "../declarations/confirm/spec.js";
import { defineVerb } from "../verb.js";
import type { SenderAddOptions } from "./senders.js";

function checkedName(name: string): string {
  const problem = senderNameProblem(name);
  if (problem) throw new TradectlError("usage", problem);
  return name;
}

export const sendersAddVerb = defineVerb({
  command: () =>
    withAnswerFlags(
      new Command("add")
        .description("Save the answers for a sender under a name (checked with the confirm rules)")
        .argument("<NAME>", "a name for `declarations confirm --sender NAME`"),
    ).addHelpText(
      "after",
      `
A sender is: --self, or --first-name and --last-name; --address-type; with an exchange,
--exchange-id or --exchange-name; optionally --description. Saved in the config file (0600).
Adding a name that exists replaces it.

Examples:
  $ tradectl senders add me-kraken --self --address-type exchange --exchange-id 3
  $ tradectl senders add sister --first-name Ayşe --last-name Yılmaz \\
      --address-type individual-wallet --description "Gift from my sister's wallet"
  $ tradectl senders add friend --first-name Can --last-name Öztürk --address-type exchange \\
      --exchange-name "My local exchange"

Then: tradectl declarations confirm --pending --symbol XRP --sender me-kraken --description "…"`,
    ),
  options: ([name], flags): SenderAddOptions => ({
    name: checkedName(name),
    answers: answersFromFlags(undefined, {
      ...flags,
      yes: false,
      dryRun: false,
      pending: false,
      symbol: [],
    }),
  }),
  run: async () => (await import("./senders.js")).runSendersAdd,
});

export const sendersListVerb = defineVerb({
  command: () =>
    new Command("list")
      .alias("ls")
      .description("List the saved senders")
      .addOption(fieldsOption(SENDER_FIELD_NAMES))
      .addHelpText(
        "after",
        `
Examples:
  $ tradectl senders list
  $ tradectl senders list -o json
  $ tradectl senders list --fields name,AddressType,exchangeId -o csv`,
      ),
  options: (_args, flags) => ({ fields: checkedFields(flags.fields, SENDER_FIELD_NAMES) }),
  run: async () => (await import("./senders.js")).runSendersList,
});

export const sendersRemoveVerb = defineVerb({
  command: () =>
    new Command("remove")
      .alias("rm")
      .description("Delete a saved sender")
      .argument("<NAME>", "the sender's name (`tradectl senders list`)")
      .addHelpText(
        "after",
        `
Examples:
  $ tradectl senders remove me-kraken
  $ tradectl senders rm sis`,
      ),
  options: ([name]) => ({ name }),
  run: async () => (await import("./senders.js")).runSendersRemove,
});
