import { TradectlError } from "../../errors.js";
import type { CommandContext } from "../context.js";
import type { LoginFlags } from "./index.js";

// Placeholder until the command lands; replaced by its implementation.
export async function runLogin(_flags: LoginFlags, _ctx: CommandContext): Promise<number> {
  throw new TradectlError("usage", "not implemented yet");
}
