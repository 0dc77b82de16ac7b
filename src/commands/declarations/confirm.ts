import { TradectlError } from "../../errors.js";
import type { CommandContext } from "../context.js";
import type { ConfirmFlags } from "./index.js";

// Placeholder until the command lands; replaced by its implementation.
export async function runConfirm(
  _options: { id: string | undefined; flags: ConfirmFlags },
  _ctx: CommandContext,
): Promise<number> {
  throw new TradectlError("usage", "not implemented yet");
}
