import { Command } from "@commander-js/extra-typings";
import { english, type Translator } from "../../i18n/index.js";
import { defineVerb, type NoOptions } from "../verb.js";

const statusCommand = (t: Translator = english) =>
  new Command("status")
    .description(t("auth.status.description"))
    .addHelpText("after", t("auth.status.examples"));

/** `auth status` takes only the global options (profile, base URL, output). */
export const statusVerb = defineVerb({
  command: statusCommand,
  options: (): NoOptions => ({}),
  run: async () => (await import("./status.js")).runStatus,
});
