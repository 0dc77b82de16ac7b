import type { Command } from "commander";
import { english, type Translator } from "../../i18n/index.js";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { doctorVerb } from "./doctor-spec.js";
import { loginVerb } from "./login-spec.js";
import { logoutVerb } from "./logout-spec.js";
import { statusVerb } from "./status-spec.js";

export function registerAuth(program: Command, run: Runner, t: Translator = english): void {
  const auth = program.command("auth").description(t("auth.description"));
  addVerb(auth, loginVerb, run, t);
  addVerb(auth, statusVerb, run, t);
  addVerb(auth, logoutVerb, run, t);
  addVerb(auth, doctorVerb, run, t);
}
