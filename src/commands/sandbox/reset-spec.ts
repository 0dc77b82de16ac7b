import { Command } from "@commander-js/extra-typings";
import { defineVerb } from "../verb.js";
import type { ResetOptions } from "./reset.js";
import { STATE_FLAG_HELP } from "./serve-spec.js";

const resetCommand = () =>
  new Command("reset")
    .description("Restore the sandbox's seed data")
    .option("--state <FILE>", STATE_FLAG_HELP)
    .addHelpText(
      "after",
      `
Examples:
  $ tradectl sandbox reset
  $ tradectl sandbox reset --state ./sandbox.json`,
    );

export const resetVerb = defineVerb({
  command: resetCommand,
  options: (_args, flags): ResetOptions => ({ state: flags.state }),
  run: async () => (await import("./reset.js")).runReset,
});
