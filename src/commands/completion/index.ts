import type { Command } from "commander";
import type { Runner } from "../run.js";

export function registerCompletion(program: Command, run: Runner): void {
  program
    .command("completion")
    .description("Print a shell completion script")
    .argument("<SHELL>", "bash, zsh or fish")
    .addHelpText(
      "after",
      `
Examples:
  $ source <(tradectl completion bash)
  $ tradectl completion zsh > "\${fpath[1]}/_tradectl"
  $ tradectl completion fish > ~/.config/fish/completions/tradectl.fish`,
    )
    .action((shell: string, _flags, command: Command) =>
      run(command, async (ctx) =>
        (await import("./completion.js")).runCompletion({ shell, program }, ctx),
      ),
    );
}
