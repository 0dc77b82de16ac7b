import { type Credentials, TradeClient } from "../api/client.js";
import {
  CLOCK_MEMORY_MS,
  clockFile,
  recallClockOffset,
  rememberClockOffset,
} from "../config/clock-memory.js";
import { resolveCredentials } from "../config/credentials.js";
import { TradectlError } from "../errors.js";
import type { CommandContext, GlobalOptions } from "./context.js";

export interface ClientFactoryDeps {
  env: NodeJS.ProcessEnv;
  globals: GlobalOptions;
  signal: AbortSignal;
  trace: ((line: string) => void) | undefined;
  onCleanup: CommandContext["onCleanup"];
  /** Use exactly these credentials (even with --sandbox), e.g. a pair `auth login` checks. */
  credentials?: Credentials;
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
    credentials = deps.credentials ?? sandbox.credentials;
  } else {
    credentials = deps.credentials ?? resolveCredentials({ env, profile: globals.profile });
  }
  if (!baseUrl) throw new TradectlError("usage", "no base URL");
  // The embedded sandbox shares this machine's clock, and its port changes every run.
  const remember = !globals.sandbox;
  const origin = new URL(baseUrl).origin;
  const client = new TradeClient({
    baseUrl,
    credentials,
    timeoutMs: globals.timeoutMs,
    retries: globals.retries,
    trace: deps.trace,
    signal: deps.signal,
    onClockSync: remember ? (offsetMs) => rememberClockOffset(env, origin, offsetMs) : undefined,
  });
  deps.onCleanup(() => client.close());
  if (remember) applyRememberedOffset(client, env, origin, deps.trace);
  return client;
}

/** A recent measurement of this server's clock saves the refused request that would find it. */
function applyRememberedOffset(
  client: TradeClient,
  env: NodeJS.ProcessEnv,
  origin: string,
  trace: ((line: string) => void) | undefined,
): void {
  const now = Date.now();
  const remembered = recallClockOffset(env, origin, now);
  if (remembered) client.stampClock.offsetMs = remembered.offsetMs;
  trace?.(
    remembered
      ? `clock offset in use: ${remembered.offsetMs} ms (measured ${Math.round((now - remembered.measuredAt) / 1000)} s ago, ${clockFile(env)})`
      : `clock offset in use: 0 ms (none measured for ${origin} in the last ${CLOCK_MEMORY_MS / 60_000} minutes)`,
  );
}

/**
 * A client for a given key pair, pointed where the run points (--base-url, or the sandbox with
 * --sandbox): `auth login` checks a pair with the server before it saves anything.
 */
export function buildClientWith(
  ctx: CommandContext,
  credentials: Credentials,
): Promise<TradeClient> {
  return buildClient({
    env: ctx.env,
    globals: ctx.globals,
    signal: ctx.signal,
    trace: ctx.trace,
    onCleanup: ctx.onCleanup,
    credentials,
  });
}

/**
 * A client whose requests `signal` aborts instead of Ctrl-C itself: a batch lets the POST in
 * flight finish, so its outcome is known, and stops before the next one.
 */
export function buildClientWithSignal(
  ctx: CommandContext,
  signal: AbortSignal,
): Promise<TradeClient> {
  return buildClient({
    env: ctx.env,
    globals: ctx.globals,
    signal,
    trace: ctx.trace,
    onCleanup: ctx.onCleanup,
  });
}
