import { Command, Option } from "@commander-js/extra-typings";
import { SENDER_FIELD_NAMES, senderNameProblem } from "../../config/senders.js";
import { DESCRIPTION_PRESETS, findPreset, PRESET_NAMES } from "../../domain/description-presets.js";
import { TradectlError } from "../../errors.js";
import { english, said, type Translator } from "../../i18n/index.js";
import { checkedFields, fieldsOption } from "../../output/fields-option.js";
import { grid } from "../../output/table.js";
import { answersFromFlags, withAnswerFlags } from "../declarations/confirm/spec.js";
import { defineVerb } from "../verb.js";
import type { SenderAddOptions } from "./senders.js";

function checkedName(name: string): string {
  const problem = senderNameProblem(name);
  if (problem)
    throw new TradectlError("usage", problem, { said: said("senders.badName", { name }) });
  return name;
}

/** `--description-preset NAME`: one of the presets (domain/description-presets.ts), any case. */
function checkedPreset(name: string | undefined): SenderAddOptions["preset"] {
  if (name === undefined) return undefined;
  const preset = findPreset(name);
  if (preset) return preset.name;
  const names = PRESET_NAMES.join(", ");
  throw new TradectlError(
    "usage",
    `--description-preset '${name}' is not a preset; the presets: ${names}`,
    {
      said: said("senders.unknownPreset", { name, names }),
      hint: `give one of: ${names}`,
      hintSaid: said("senders.presetNames", { names }),
    },
  );
}

/** The presets as help lists them: the name, then the text in the run's language. */
const presetTable = (t: Translator) =>
  grid(
    DESCRIPTION_PRESETS.map((preset) => [preset.name, preset.text[t.lang]]),
    { indent: "  " },
  ).join("\n");

export const sendersAddVerb = defineVerb({
  command: (t: Translator = english) =>
    withAnswerFlags(
      new Command("add")
        .description(t("senders.add.description"))
        .argument("<NAME>", t("senders.add.arg")),
    )
      .addOption(
        new Option("--description-preset <NAME>", t("senders.add.preset"))
          .choices(PRESET_NAMES)
          .conflicts("description"),
      )
      .addHelpText("after", t("senders.add.after"))
      .addHelpText("after", () => t("senders.add.presetAfter", { presets: presetTable(t) })),
  options: ([name], { descriptionPreset, ...flags }): SenderAddOptions => ({
    name: checkedName(name),
    answers: answersFromFlags(undefined, {
      ...flags,
      yes: false,
      dryRun: false,
      pending: false,
      symbol: [],
    }),
    preset: checkedPreset(descriptionPreset),
  }),
  run: async () => (await import("./senders.js")).runSendersAdd,
});

export const sendersListVerb = defineVerb({
  command: (t: Translator = english) =>
    new Command("list")
      .alias("ls")
      .description(t("senders.list.description"))
      .addOption(fieldsOption(SENDER_FIELD_NAMES))
      .addHelpText("after", t("senders.list.after")),
  options: (_args, flags) => ({ fields: checkedFields(flags.fields, SENDER_FIELD_NAMES) }),
  run: async () => (await import("./senders.js")).runSendersList,
});

export const sendersRemoveVerb = defineVerb({
  command: (t: Translator = english) =>
    new Command("remove")
      .alias("rm")
      .description(t("senders.remove.description"))
      .argument("<NAME>", t("senders.remove.arg"))
      .addHelpText("after", t("senders.remove.after")),
  options: ([name]) => ({ name }),
  run: async () => (await import("./senders.js")).runSendersRemove,
});
