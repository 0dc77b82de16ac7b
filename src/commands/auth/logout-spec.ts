import { Command } from "@commander-js/extra-typings";
import { english, type Translator } from "../../i18n/index.js";
import { defineVerb, type NoOptions } from "../verb.js";

const logoutCommand = (t: Translator = english) =>
  new Command("logout")
    .description(t("auth.logout.description"))
    .addHelpText("after", t("auth.logout.examples"));

/** `auth logout` takes only the global options (the profile). */
export const logoutVerb = defineVerb({
  command: logoutCommand,
  options: (): NoOptions => ({}),
  run: async () => (await import("./logout.js")).runLogout,
});
