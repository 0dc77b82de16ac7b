import { configFile } from "../../config/paths.js";
import { readSenders } from "../../config/senders.js";
import { readConfig } from "../../config/store.js";
import type { CommandContext } from "../context.js";
import type { NameSource } from "./shells.js";

/**
 * `tradectl __complete profiles|senders`: the names, one per line, for the completion scripts.
 * It runs when Tab is pressed, so it never fails loudly: an unreadable file offers nothing.
 */
export async function runCompleteNames(
  { source }: { source: NameSource },
  ctx: CommandContext,
): Promise<number> {
  let names: string[] = [];
  try {
    names =
      source === "profiles"
        ? Object.keys(readConfig(configFile(ctx.env)).profiles)
        : readSenders(ctx.env).map((s) => s.name);
  } catch {
    names = [];
  }
  const safe = names.filter((name) => /^[\w.@+-]+$/.test(name)).sort();
  await ctx.io.write(safe.map((name) => `${name}\n`).join(""));
  return 0;
}
