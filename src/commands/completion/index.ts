import type { Command } from "commander";
import { TradectlError } from "../../errors.js";
import type { Runner } from "../run.js";
import { NAME_SOURCES } from "./model.js";

export function registerCompletion(program: Command, run: Runner): void {
  program
    .command("completion")
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
    )
    .action((shell: string, _flags, command: Command) =>
      run(command, async (ctx) =>
        (await import("./completion.js")).runCompletion({ shell, program }, ctx),
      ),
    );

  // Called by the completion scripts at Tab time; hidden from help, suggestions and completion.
  program
    .command("__complete", { hidden: true })
    .argument("<WHAT>", NAME_SOURCES.join(" or "))
    .action((what: string, _flags, command: Command) =>
      run(command, async (ctx) => {
        const source = NAME_SOURCES.find((s) => s === what);
        if (!source) throw new TradectlError("usage", `cannot complete '${what}'`);
        return (await import("./profiles.js")).runCompleteNames(source, ctx);
      }),
    );
}
