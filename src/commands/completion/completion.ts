import type { Command } from "commander";
import { TradectlError } from "../../errors.js";
import type { CommandContext } from "../context.js";
import { bashScript } from "./bash.js";
import { fishScript } from "./fish.js";
import { completionModel, SHELLS, type Shell } from "./model.js";
import { zshScript } from "./zsh.js";

const RENDER: Record<Shell, typeof bashScript> = {
  bash: bashScript,
  zsh: zshScript,
  fish: fishScript,
};

/** The completion script for `shell`, cut from the program's own definitions. */
export function completionScript(shell: Shell, program: Command): string {
  return RENDER[shell](completionModel(program));
}

export async function runCompletion(
  options: { shell: string; program: Command },
  ctx: CommandContext,
): Promise<number> {
  const shell = options.shell.toLowerCase();
  if (!(SHELLS as readonly string[]).includes(shell)) {
    throw new TradectlError("usage", `no completion for shell '${options.shell}'`, {
      hint: `choose one of ${SHELLS.join(", ")}: e.g. source <(tradectl completion bash)`,
    });
  }
  await ctx.io.write(completionScript(shell as Shell, options.program));
  return 0;
}
