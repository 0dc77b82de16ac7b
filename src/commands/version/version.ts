import { VERSION } from "../../version.js";
import type { CommandContext } from "../context.js";
import type { NoOptions } from "../verb.js";

/** The same line `--version` prints (bin/tradectl.js answers that one without the program). */
export async function runVersion(_options: NoOptions, ctx: CommandContext): Promise<number> {
  await ctx.io.write(`${VERSION}\n`);
  return 0;
}
