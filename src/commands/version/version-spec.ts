import { Command } from "@commander-js/extra-typings";
import { english, type Translator } from "../../i18n/index.js";
import { defineVerb, type NoOptions } from "../verb.js";

const versionCommand = (t: Translator = english) =>
  new Command("version")
    .description(t("version.description"))
    .addHelpText("after", t("version.examples"));

/** `tradectl version`: what `--version` prints, for people who type a command, as gh and kubectl take it. */
export const versionVerb = defineVerb({
  command: versionCommand,
  options: (): NoOptions => ({}),
  run: async () => (await import("./version.js")).runVersion,
});
