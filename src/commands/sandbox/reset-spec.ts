import { Command } from "@commander-js/extra-typings";
import { english, type Translator } from "../../i18n/index.js";
import { defineVerb } from "../verb.js";
import type { ResetOptions } from "./reset.js";
import { stateFlagHelp } from "./serve-spec.js";

const resetCommand = (t: Translator = english) =>
  new Command("reset")
    .description(t("sandbox.reset.description"))
    .option("--state <FILE>", stateFlagHelp(t))
    .addHelpText("after", t("sandbox.reset.examples"));

export const resetVerb = defineVerb({
  command: resetCommand,
  options: (_args, flags): ResetOptions => ({ state: flags.state }),
  run: async () => (await import("./reset.js")).runReset,
});
