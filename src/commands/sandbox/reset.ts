import { defaultStatePath } from "../../sandbox/embedded.js";
import { resetStateFile } from "../../sandbox/store.js";
import type { CommandContext } from "../context.js";

/** `tradectl sandbox reset`: the state file back to the seed data (it need not be readable). */
export async function runReset(flags: { state?: string }, ctx: CommandContext): Promise<number> {
  const statePath = flags.state ?? defaultStatePath(ctx.env);
  await resetStateFile(statePath);
  ctx.io.info(`sandbox state reset to the seed data: ${statePath}`);
  return 0;
}
