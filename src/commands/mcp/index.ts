import type { Command } from "commander";
import type { Translator } from "../../i18n/index.js";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { mcpApproveVerb, mcpServeVerb } from "./mcp-spec.js";

/** The `mcp` group: `serve` (also what `tradectl mcp` alone runs) and `approve`. */
export function registerMcp(group: Command, run: Runner, t: Translator): void {
  addVerb(group, mcpServeVerb, run, t);
  addVerb(group, mcpApproveVerb, run, t);
}
