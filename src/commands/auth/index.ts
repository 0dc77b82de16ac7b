import type { Command } from "commander";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { doctorVerb } from "./doctor-spec.js";
import { loginVerb } from "./login-spec.js";
import { logoutVerb } from "./logout-spec.js";
import { statusVerb } from "./status-spec.js";

export function registerAuth(program: Command, run: Runner): void {
  const auth = program.command("auth").description("Log in, check and remove API credentials");
  addVerb(auth, loginVerb, run);
  addVerb(auth, statusVerb, run);
  addVerb(auth, logoutVerb, run);
  addVerb(auth, doctorVerb, run);
}
