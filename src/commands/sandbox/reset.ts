import { TradectlError } from "../../errors.js";
import type { CommandContext } from "../context.js";

// Placeholder until the command lands; replaced by its implementation.
export async function runReset(_flags: { state?: string }, _ctx: CommandContext): Promise<number> {
  throw new TradectlError("usage", "not implemented yet");
}
