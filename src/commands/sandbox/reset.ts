import { defaultStatePath } from "../../sandbox/embedded.js";
import { resetStateFile } from "../../sandbox/store.js";
import type { CommandContext } from "../context.js";

export interface ResetOptions {
  /** `--state`: the state file; the default one (from the environment) when undefined. */
  state: string | undefined;
}

/** `tradectl sandbox reset`: the state file back to the seed data (it need not be readable). */
export async function runReset(options: ResetOptions, ctx: CommandContext): Promise<number> {
  const statePath = options.state ?? defaultStatePath(ctx.env);
  await resetStateFile(statePath);
  ctx.io.info(ctx.io.t("sandbox.reset.done", { path: statePath }));
  return 0;
}
