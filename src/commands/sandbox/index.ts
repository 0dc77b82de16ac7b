import type { Command } from "commander";
import type { Translator } from "../../i18n/index.js";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { resetVerb } from "./reset-spec.js";
import { serveVerb } from "./serve-spec.js";

/** The `sandbox` group's verbs, added to its command (program.ts names and describes it). */
export function registerSandbox(group: Command, run: Runner, t: Translator): void {
  addVerb(group, serveVerb, run, t);
  addVerb(group, resetVerb, run, t);
}
