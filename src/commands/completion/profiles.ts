import { configFile } from "../../config/paths.js";
import { readRules } from "../../config/rules.js";
import { savedNames } from "../../config/saved-entries.js";
import { readSenderFile } from "../../config/senders.js";
import { readConfig } from "../../config/store.js";
import type { IOStreams } from "../../output/io.js";
import type { CommandContext } from "../context.js";
import type { NameSource } from "./shells.js";

/**
 * `tradectl __complete profiles|senders|rules`: the names, one per line, for the completion scripts.
 * It runs when Tab is pressed, so it never fails loudly: an unreadable file offers nothing.
 */
function namesOf(source: NameSource, env: NodeJS.ProcessEnv): string[] {
  switch (source) {
    case "profiles":
      return Object.keys(readConfig(configFile(env)).profiles);
    // Unreadable ones too: `senders remove` and `rules remove` are how they are got rid of.
    case "senders":
      return savedNames(readSenderFile(env));
    case "rules":
      return savedNames(readRules(env));
  }
}

/** Writes the names `source` lists, one per line; exit code 0 even when none can be read. */
export async function completeNames(
  source: NameSource,
  env: NodeJS.ProcessEnv,
  io: Pick<IOStreams, "write">,
): Promise<number> {
  let names: string[] = [];
  try {
    names = namesOf(source, env);
  } catch {
    names = [];
  }
  const safe = names.filter((name) => /^[\w.@+-]+$/.test(name)).sort();
  await io.write(safe.map((name) => `${name}\n`).join(""));
  return 0;
}

export const runCompleteNames = (
  { source }: { source: NameSource },
  ctx: CommandContext,
): Promise<number> => completeNames(source, ctx.env, ctx.io);
