import { Command } from "@commander-js/extra-typings";
import { english, type Translator } from "../../i18n/index.js";
import { defineVerb, type NoOptions } from "../verb.js";

const doctorCommand = (t: Translator = english) =>
  new Command("doctor")
    .description(t("auth.doctor.description"))
    .addHelpText("after", t("auth.doctor.after"));

/** `auth doctor` takes only the global options (profile, base URL, output). */
export const doctorVerb = defineVerb({
  command: doctorCommand,
  options: (): NoOptions => ({}),
  run: async () => (await import("./doctor.js")).runDoctor,
});
