import { type Credentials, maskKey, TradeClient } from "../api/client.js";
import type { ConnectionPath } from "../api/connection-path.js";
import { sleep } from "../api/sleep.js";
import {
  CLOCK_MEMORY_MS,
  clockFile,
  recallClockOffset,
  rememberClockOffset,
} from "../config/clock-memory.js";
import { Settings } from "../config/credentials.js";
import { type Keyring, systemKeyring } from "../config/keyring.js";
import { stampLedger } from "../config/stamp-ledger.js";
import type { IpFamily } from "../wire/ip-family.js";
import type { CommandContext, GlobalOptions } from "./context.js";

export interface ClientFactoryDeps {
  env: NodeJS.ProcessEnv;
  globals: GlobalOptions;
  signal: AbortSignal;
  trace: ((line: string) => void) | undefined;
  onCleanup: CommandContext["onCleanup"];
  /** The run's clock and wait (the context's), so retry waits and pacing follow a test's fake clock. */
  now?: CommandContext["now"];
  sleep?: CommandContext["sleep"];
  /** Use exactly these credentials (even with --sandbox), e.g. a pair `auth login` checks. */
  credentials?: Credentials;
  /** Connect over this family, whatever the settings say (`auth doctor` trying the other one). */
  ipFamily?: IpFamily;
  /** A test's keyring (the context's); the system's otherwise. */
  keyring?: Keyring;
}

/**
 * The run's keyring: a test's (the context's), else the system's, each call bounded on the
 * run's clock. Nothing of it is loaded or started until a secret is read or written.
 */
export function keyringOf(deps: {
  env: NodeJS.ProcessEnv;
  sleep?: CommandContext["sleep"];
  keyring?: Keyring;
}): Keyring {
  return deps.keyring ?? systemKeyring(deps.env, deps.sleep ?? sleep);
}

/** The run's settings (credentials, base URL, exchanges path, family) from its globals and env. */
export function settingsFor(deps: {
  env: NodeJS.ProcessEnv;
  globals: GlobalOptions;
  sleep?: CommandContext["sleep"];
  keyring?: Keyring;
}): Settings {
  const { env, globals } = deps;
  return new Settings({
    env,
    profile: globals.profile,
    profileFromFlag: globals.profileFromFlag === true,
    baseUrlFlag: globals.baseUrl,
    ipFamilyFlag: globals.ipFamily,
    keyring: keyringOf(deps),
  });
}

/**
 * Builds the client for a run. With `--sandbox` the embedded sandbox is started in-process on
 * loopback and the client is pointed at it with the demo credentials; otherwise the key pair,
 * the base URL and the exchanges path are resolved (flag > env > profile > default, see
 * Settings) and checked now, when a request needs them, and --debug says where each came from.
 */
export async function buildClient(deps: ClientFactoryDeps): Promise<TradeClient> {
  const { globals, env, trace } = deps;
  let baseUrl: string;
  let credentials: Credentials;
  let exchangesPath: string | undefined;
  let ipFamily: IpFamily | undefined;
  if (globals.sandbox) {
    const { startEmbeddedSandbox } = await import("../sandbox/embedded.js");
    const sandbox = await startEmbeddedSandbox({ env });
    deps.onCleanup(() => sandbox.close());
    baseUrl = sandbox.baseUrl;
    credentials = deps.credentials ?? sandbox.credentials;
    trace?.(`base URL ${baseUrl} (the embedded sandbox, state in ${sandbox.statePath})`);
  } else {
    const settings = settingsFor(deps);
    const url = settings.baseUrl();
    baseUrl = url.value;
    trace?.(`base URL ${baseUrl} (from ${url.origin})`);
    if (deps.credentials) {
      credentials = deps.credentials;
    } else {
      const resolved = await settings.credentials();
      credentials = resolved;
      const where = resolved.store === "keyring" ? ", the secret from the system keyring" : "";
      trace?.(`credentials ${maskKey(resolved.publicKey)} (from ${resolved.origin}${where})`);
      if (resolved.source === "profile" && env.TRADECTL_API_KEY?.trim()) {
        trace?.("TRADECTL_API_KEY is set but not used: --profile was given");
      }
    }
    const path = settings.exchangesPath();
    exchangesPath = path?.value;
    if (path) trace?.(`exchanges listing at ${path.value} (from ${path.origin})`);
    const family = deps.ipFamily === undefined ? settings.ipFamily() : null;
    ipFamily = deps.ipFamily ?? family?.value;
    if (family) trace?.(`connections over IPv${family.value} only (from ${family.origin})`);
  }
  // The embedded sandbox shares this machine's clock, and its port changes every run.
  const remember = !globals.sandbox;
  const origin = new URL(baseUrl).origin;
  const pending: Promise<void>[] = [];
  const path: { last: ConnectionPath | null } = { last: null };
  const client = new TradeClient({
    baseUrl,
    credentials,
    timeoutMs: globals.timeoutMs,
    retries: globals.retries,
    trace,
    signal: deps.signal,
    now: deps.now,
    sleep: deps.sleep,
    exchangesPath,
    ipFamily,
    onConnect: (made) => {
      path.last = made;
    },
    // Other tradectl processes of this machine may use the same key at the same moment.
    stampLedger: stampLedger(env, credentials.publicKey),
    onClockSync: remember
      ? (offsetMs) => {
          pending.push(rememberClockOffset(env, origin, offsetMs));
        }
      : undefined,
  });
  deps.onCleanup(async () => {
    // A measured offset is written before the process leaves.
    await Promise.all(pending);
    await client.close();
  });
  if (remember) applyRememberedOffset(client, env, origin, trace);
  connectionPaths.set(client, path);
  return client;
}

const connectionPaths = new WeakMap<TradeClient, { last: ConnectionPath | null }>();

/**
 * The local address, family and peer of the connection a client of this run made last: what
 * the service saw for its latest request (a connection is kept for the next ones).
 */
export const lastPathOf = (client: TradeClient): ConnectionPath | null =>
  connectionPaths.get(client)?.last ?? null;

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
    now: ctx.now,
    sleep: ctx.sleep,
    keyring: ctx.keyring,
    credentials,
  });
}
