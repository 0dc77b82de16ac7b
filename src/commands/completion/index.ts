import type { Command } from "commander";
import { english, type Translator } from "../../i18n/index.js";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { completeVerb, completionVerb } from "./completion-spec.js";

export function registerCompletion(program: Command, run: Runner, t: Translator = english): void {
  addVerb(program, completionVerb(program), run, t);
  addVerb(program, completeVerb, run, t);
}
