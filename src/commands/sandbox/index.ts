import type { Command } from "commander";
import { english, type Translator } from "../../i18n/index.js";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { resetVerb } from "./reset-spec.js";
import { serveVerb } from "./serve-spec.js";

export function registerSandbox(program: Command, run: Runner, t: Translator = english): void {
  const sandbox = program.command("sandbox").description(t("sandbox.description"));
  addVerb(sandbox, serveVerb, run, t);
  addVerb(sandbox, resetVerb, run, t);
}
