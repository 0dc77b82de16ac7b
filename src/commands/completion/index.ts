import type { Command } from "commander";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { completeVerb, completionVerb } from "./completion-spec.js";

export function registerCompletion(program: Command, run: Runner): void {
  addVerb(program, completionVerb(program), run);
  addVerb(program, completeVerb, run);
}
