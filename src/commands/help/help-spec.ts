import { Command } from "@commander-js/extra-typings";
import type { Command as Program } from "commander";
import { english, type Translator } from "../../i18n/index.js";
import { HELP_TOPICS } from "../help-topics.js";
import { defineVerb } from "../verb.js";
import type { HelpOptions } from "./help.js";

const helpCommand = (t: Translator = english) =>
  new Command("help")
    .description(
      t("help.description", { topics: HELP_TOPICS.map((topic) => topic.name).join(", ") }),
    )
    .argument("[COMMAND_OR_TOPIC...]", t("help.arg"))
    .addHelpText(
      "after",
      `
${t("help.examplesTitle")}
  $ tradectl help declarations confirm
  $ tradectl help exit-codes
  $ tradectl help formats`,
    );

/**
 * `help [COMMAND...] | TOPIC`: the words are looked up in `program` by the run, which is the
 * whole of help's work (and names the nearest command or topic when none matches).
 */
export const helpVerb = (program: Program) =>
  defineVerb({
    command: helpCommand,
    options: ([words]): HelpOptions => ({ words, program }),
    run: async () => (await import("./help.js")).runHelp,
  });
