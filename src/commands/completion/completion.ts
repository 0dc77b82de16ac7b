import type { Command } from "commander";
import type { Translator } from "../../i18n/index.js";
import type { CommandContext } from "../context.js";
import { bashScript } from "./bash.js";
import { fishScript } from "./fish.js";
import { completionModel } from "./model.js";
import type { Shell } from "./shells.js";
import { zshScript } from "./zsh.js";

const RENDER: Record<Shell, typeof bashScript> = {
  bash: bashScript,
  zsh: zshScript,
  fish: fishScript,
};

/** The completion script for `shell`, cut from the program's own definitions. */
export function completionScript(shell: Shell, program: Command, say?: Translator): string {
  return RENDER[shell](completionModel(program, say));
}

/** What `completion`'s argument asks for, checked (by the spec, completion-spec.ts). */
export interface CompletionOptions {
  shell: Shell;
  /** The program whose commands and flags the script completes. */
  program: Command;
}

export async function runCompletion(
  options: CompletionOptions,
  ctx: CommandContext,
): Promise<number> {
  await ctx.io.write(completionScript(options.shell, options.program, ctx.io.t));
  return 0;
}
