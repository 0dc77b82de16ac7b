import { Command } from "@commander-js/extra-typings";
import type { Command as Program } from "commander";
import { TradectlError } from "../../errors.js";
import { defineVerb } from "../verb.js";
import type { CompletionOptions } from "./completion.js";
import { NAME_SOURCES, SHELLS, type Shell } from "./shells.js";

const completionCommand = () =>
  new Command("completion")
    .description("Print a shell completion script (commands, flags, values, profile names)")
    .argument("<SHELL>", "bash, zsh or fish")
    .addHelpText(
      "after",
      `
Examples:
  $ source <(tradectl completion bash)
  $ tradectl completion bash > ~/.local/share/bash-completion/completions/tradectl
  $ tradectl completion zsh > "\${fpath[1]}/_tradectl"
  $ tradectl completion fish > ~/.config/fish/completions/tradectl.fish`,
    );

/** The shell named, any case, or a usage error naming the ones there are. */
function checkedShell(name: string): Shell {
  const shell = name.toLowerCase();
  if (!(SHELLS as readonly string[]).includes(shell)) {
    throw new TradectlError("usage", `no completion for shell '${name}'`, {
      hint: `choose one of ${SHELLS.join(", ")}: e.g. source <(tradectl completion bash)`,
    });
  }
  return shell as Shell;
}

/** `completion SHELL`: the script is cut from `program`'s own definitions. */
export const completionVerb = (program: Program) =>
  defineVerb({
    command: completionCommand,
    options: ([shell]): CompletionOptions => ({ shell: checkedShell(shell), program }),
    run: async () => (await import("./completion.js")).runCompletion,
  });

const completeCommand = () =>
  new Command("__complete").argument("<WHAT>", NAME_SOURCES.join(" or "));

/**
 * `__complete profiles|senders`: called by the completion scripts at Tab time; hidden from help,
 * suggestions and completion.
 */
export const completeVerb = defineVerb({
  command: completeCommand,
  hidden: true,
  options: ([what]) => {
    const source = NAME_SOURCES.find((s) => s === what);
    if (!source) throw new TradectlError("usage", `cannot complete '${what}'`);
    return { source };
  },
  run: async () => (await import("./profiles.js")).runCompleteNames,
});
