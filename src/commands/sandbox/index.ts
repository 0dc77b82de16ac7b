import type { Command } from "commander";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { resetVerb } from "./reset-spec.js";
import { serveVerb } from "./serve-spec.js";

export function registerSandbox(program: Command, run: Runner): void {
  const sandbox = program
    .command("sandbox")
    .description("The embedded reference server (no account needed)");
  addVerb(sandbox, serveVerb, run);
  addVerb(sandbox, resetVerb, run);
}
