import { Command } from "@commander-js/extra-typings";
import { SENDER_FIELD_NAMES } from "../../config/senders.js";
import { english, type Translator } from "../../i18n/index.js";
import { answersFromFlags, withAnswerFlags } from "../answer-flags.js";
import { checkedPreset, presetHelp, presetOption } from "../description-preset.js";
import { checkedName, savedListVerb, savedRemoveVerb } from "../saved-spec.js";
import { defineVerb } from "../verb.js";
import type { SenderAddOptions } from "./senders.js";

export const sendersAddVerb = defineVerb({
  command: (t: Translator = english) =>
    withAnswerFlags(
      new Command("add")
        .description(t("senders.add.description"))
        .argument("<NAME>", t("senders.add.arg")),
      t,
    )
      .addOption(presetOption(t))
      .addHelpText("after", t("senders.add.after"))
      .addHelpText("after", presetHelp(t)),
  options: ([name], { descriptionPreset, ...flags }): SenderAddOptions => ({
    name: checkedName("sender", name),
    answers: answersFromFlags(undefined, flags),
    preset: checkedPreset(descriptionPreset),
  }),
  run: async () => (await import("./senders.js")).runSendersAdd,
});

export const sendersListVerb = savedListVerb(
  "senders",
  SENDER_FIELD_NAMES,
  async () => (await import("./senders.js")).runSendersList,
);

export const sendersRemoveVerb = savedRemoveVerb(
  "senders",
  async () => (await import("./senders.js")).runSendersRemove,
);
