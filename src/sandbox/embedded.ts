import { sandboxStateFile } from "../config/paths.js";
import type { Credentials } from "../wire/credentials.js";
import { DEMO_CREDENTIALS, startSandbox } from "./server.js";

export interface EmbeddedSandbox {
  baseUrl: string;
  credentials: Credentials;
  statePath: string;
  close(): Promise<void>;
}

/** Where `--sandbox` and `sandbox serve`/`reset` keep state unless told otherwise. */
export function defaultStatePath(env: NodeJS.ProcessEnv): string {
  return sandboxStateFile(env);
}

/**
 * Starts the sandbox in-process on a free loopback port with its state in
 * $XDG_STATE_HOME/tradectl/sandbox.json, so confirmations persist between invocations.
 */
export async function startEmbeddedSandbox(options: {
  env: NodeJS.ProcessEnv;
}): Promise<EmbeddedSandbox> {
  const statePath = defaultStatePath(options.env);
  const sandbox = await startSandbox({ host: "127.0.0.1", port: 0, statePath });
  return {
    baseUrl: sandbox.url,
    credentials: DEMO_CREDENTIALS,
    statePath,
    close: () => sandbox.close(),
  };
}
