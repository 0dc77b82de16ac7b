import { Command } from "@commander-js/extra-typings";
import type { Command as Program } from "commander";
import { sameWord } from "../../domain/text.js";
import { TradectlError } from "../../errors.js";
import { english, msg, type Translator } from "../../i18n/index.js";
import { defineVerb } from "../verb.js";
import type { CompletionOptions } from "./completion.js";
import { NAME_SOURCES, nameSource, SHELLS, type Shell } from "./shells.js";

const completionCommand = (t: Translator = english) =>
  new Command("completion")
    .description(t("completion.description"))
    .argument("<SHELL>", t("completion.shell"))
    .addHelpText("after", t("completion.examples"));

/** The shell named, any case, or a usage error naming the ones there are. */
function checkedShell(name: string): Shell {
  const shell = SHELLS.find((known) => sameWord(known, name));
  if (shell === undefined) {
    const shells = SHELLS.join(", ");
    throw new TradectlError("usage", msg("completion.noShell", { name }), {
      hint: msg("completion.noShellHint", { shells }),
    });
  }
  return shell;
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
    const source = nameSource(what);
    if (!source) throw TradectlError.listing("usage", [msg("completion.x.cannot", { what })]);
    return { source };
  },
  run: async () => (await import("./profiles.js")).runCompleteNames,
});
