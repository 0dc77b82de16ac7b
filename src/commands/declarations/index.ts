import type { Command } from "commander";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { confirmVerb } from "./confirm/spec.js";
import { listVerb } from "./list-spec.js";
import { watchVerb } from "./watch-spec.js";

export function registerDeclarations(program: Command, run: Runner): void {
  const declarations = program
    .command("declarations")
    .alias("decl")
    .description("List and confirm crypto deposit declarations (travel rule)");
  addVerb(declarations, listVerb, run);
  addVerb(declarations, confirmVerb, run);
  addVerb(declarations, watchVerb, run);
}
