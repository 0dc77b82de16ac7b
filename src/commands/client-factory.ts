import { type Credentials, TradeClient } from "../api/client.js";
import { resolveCredentials } from "../config/credentials.js";
import { TradectlError } from "../errors.js";
import type { CommandContext, GlobalOptions } from "./context.js";

export interface ClientFactoryDeps {
  env: NodeJS.ProcessEnv;
  globals: GlobalOptions;
  signal: AbortSignal;
  trace: ((line: string) => void) | undefined;
  onCleanup: CommandContext["onCleanup"];
}

/**
 * Builds the client for a run. With `--sandbox` the embedded sandbox is started in-process on
 * loopback and the client is pointed at it with the demo credentials; otherwise credentials are
 * resolved (flags > env > profile) and the base URL comes from --base-url / TRADECTL_BASE_URL.
 */
export async function buildClient(deps: ClientFactoryDeps): Promise<TradeClient> {
  const { globals, env } = deps;
  let baseUrl = globals.baseUrl;
  let credentials: Credentials;
  if (globals.sandbox) {
    const { startEmbeddedSandbox } = await import("../sandbox/embedded.js");
    const sandbox = await startEmbeddedSandbox({ env });
    deps.onCleanup(() => sandbox.close());
    baseUrl = sandbox.baseUrl;
    credentials = sandbox.credentials;
  } else {
    credentials = resolveCredentials({ env, profile: globals.profile });
  }
  if (!baseUrl) throw new TradectlError("usage", "no base URL");
  const client = new TradeClient({
    baseUrl,
    credentials,
    timeoutMs: globals.timeoutMs,
    retries: globals.retries,
    trace: deps.trace,
    signal: deps.signal,
  });
  deps.onCleanup(() => client.close());
  return client;
}
