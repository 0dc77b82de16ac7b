import { configFile } from "../../config/paths.js";
import { readConfig } from "../../config/store.js";
import type { CommandContext } from "../context.js";

/**
 * `tradectl __complete profiles`: the profile names, one per line, for the completion scripts.
 * It runs when Tab is pressed, so it never fails loudly: an unreadable file offers nothing.
 */
export async function runCompleteProfiles(
  _options: { what: "profiles" },
  ctx: CommandContext,
): Promise<number> {
  let names: string[] = [];
  try {
    names = Object.keys(readConfig(configFile(ctx.env)).profiles);
  } catch {
    names = [];
  }
  const safe = names.filter((name) => /^[\w.@+-]+$/.test(name)).sort();
  await ctx.io.write(safe.map((name) => `${name}\n`).join(""));
  return 0;
}
