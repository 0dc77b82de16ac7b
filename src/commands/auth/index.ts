import type { Command } from "commander";
import type { Translator } from "../../i18n/index.js";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { doctorVerb } from "./doctor-spec.js";
import { loginVerb } from "./login-spec.js";
import { logoutVerb } from "./logout-spec.js";
import { statusVerb } from "./status-spec.js";

/** The `auth` group's verbs, added to its command (program.ts names and describes it). */
export function registerAuth(group: Command, run: Runner, t: Translator): void {
  addVerb(group, loginVerb, run, t);
  addVerb(group, statusVerb, run, t);
  addVerb(group, logoutVerb, run, t);
  addVerb(group, doctorVerb, run, t);
}
