import { TradectlError } from "../../errors.js";
import type { CommandContext } from "../context.js";
import type { ListFlags } from "./index.js";

// Placeholder until the command lands; replaced by its implementation.
export async function runList(_flags: ListFlags, _ctx: CommandContext): Promise<number> {
  throw new TradectlError("usage", "not implemented yet");
}
