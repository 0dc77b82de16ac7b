import type { Command } from "commander";
import { TradectlError } from "../../errors.js";
import { msg } from "../../i18n/index.js";
import { wrapHelpText } from "../../output/help-wrap.js";
import type { CommandContext } from "../context.js";
import { findTopic, HELP_TOPICS } from "../help-topics.js";
import { commandPath } from "./help-text.js";
import { suggestion } from "./similar.js";

export interface HelpOptions {
  words: string[];
  program: Command;
}

function findSub(cmd: Command, word: string): Command | undefined {
  return cmd.commands.find((sub) => sub.name() === word || sub.aliases().includes(word));
}

/**
 * `tradectl help [COMMAND...] | TOPIC`: commander's `help [command]`, nested
 * (`help declarations list`), plus the topics that belong to no single command.
 */
export async function runHelp(
  { words, program }: HelpOptions,
  ctx: CommandContext,
): Promise<number> {
  if (words.length === 0) {
    program.outputHelp();
    return 0;
  }
  const topic = words.length === 1 ? findTopic(words[0]!) : undefined;
  if (topic?.name === "exit-codes" && ["json", "ndjson"].includes(ctx.globals.output)) {
    // The error catalog for scripts and agents, the same bytes in every language. Loaded here
    // only: help is read at start-up (dist/cli.cjs), the JSON writer is not.
    const { errorCatalogText } = await import("./error-catalog.js");
    await ctx.io.write(errorCatalogText(ctx.globals.output === "ndjson"));
    return 0;
  }
  if (topic) {
    const { TOPIC_PAGES } = await import("./topic-pages.js");
    // Its tables are laid out for the width; its prose, like every help, is filled to it.
    const page = TOPIC_PAGES[topic.name](program, ctx.io.t, ctx.io.columns);
    await ctx.io.page(wrapHelpText(page, ctx.io.columns));
    return 0;
  }
  let cmd = program;
  for (const word of words) {
    const sub = findSub(cmd, word);
    if (!sub) {
      // Suggest names, not aliases: "lst" should point at "list", not at "list, ls".
      const names = cmd.commands.map((c) => c.name()).filter((name) => !name.startsWith("_"));
      const atTop = cmd === program;
      const candidates = atTop ? [...names, ...HELP_TOPICS.map((t) => t.name)] : names;
      const near = suggestion(word, candidates);
      const command = commandPath(cmd);
      const topics = HELP_TOPICS.map((topic) => topic.name).join(", ");
      throw new TradectlError(
        "usage",
        atTop
          ? msg("help.notCommandOrTopic", { word, suggestion: near })
          : msg("help.notSubcommand", { word, command, suggestion: near }),
        {
          hint: atTop ? msg("help.listsCommands", { topics }) : msg("help.listsThem", { command }),
        },
      );
    }
    cmd = sub;
  }
  cmd.outputHelp();
  return 0;
}
