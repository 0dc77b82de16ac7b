import type { Command } from "commander";
import { english, type Translator } from "../../i18n/index.js";
import { helpList } from "../../output/help-wrap.js";
import { HELP_TOPICS } from "../help-topics.js";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { helpVerb } from "./help-spec.js";

/**
 * Replaces commander's implicit `help [command]` with one that also takes nested commands
 * (`help declarations list`) and topics (`help exit-codes`). Register it last: it lists last.
 */
export function registerHelp(program: Command, run: Runner, t: Translator = english): void {
  // A function: its texts are made only when this help is shown, not at every start.
  program.addHelpText(
    "after",
    () => `
${t("help.examplesTitle")}
  $ tradectl --sandbox declarations list    # ${t("help.example.sandbox")}
  $ tradectl auth login                     # ${t("help.example.login")}
  $ tradectl declarations list --status pending
  $ tradectl declarations confirm           # ${t("help.example.confirm")}

${t("help.topicsTitle")}
${helpList(HELP_TOPICS.map((topic) => [topic.name, t(topic.summary)]))}`,
  );
  addVerb(program, helpVerb(program), run, t);
}
