import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";
import { KEYRING_CHILD_SOURCE } from "./keyring-child.js";

/** The run's wait (the context's sleep): rejects when its signal aborts. */
type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * The operating system's keyring (Secret Service, macOS Keychain, Windows Credential Manager),
 * through @napi-rs/keyring: prebuilt per platform, installed without running a script. Each
 * secret is one entry: service "tradectl", account the profile's name.
 */
export interface Keyring {
  /** The profile's secret, or null when the keyring has none. */
  read(account: string): Promise<string | null>;
  write(account: string, secret: string): Promise<void>;
  /** True when there was an entry to remove. */
  remove(account: string): Promise<boolean>;
}

export const KEYRING_SERVICE = "tradectl";

/**
 * How long a keyring may take before the call is given up (and its process killed). A silent
 * keyring must end in an error with its fix within 5 s of the command's start; starting the
 * child and Node takes ~0.45 s here, so the keyring itself gets 4 (a whole run measured 5.45 s
 * with a 5 s wait).
 */
export const KEYRING_TIMEOUT_MS = 4_000;

/**
 * No keyring answers on this machine (no D-Bus session, no Secret Service, no collection to
 * store in): `auth login` then keeps the secret in the 0600 file and says so.
 */
export class NoKeyring extends Error {}

/** Words of the Secret Service and of the library for "nobody is there to store it". */
const ABSENT =
  /DBUS_SESSION_BUS_ADDRESS|autolaunch|ServiceUnknown|org\.freedesktop\.secrets|no result found|NoStorageAccess|not (?:supported|available)|No such file|Connection refused/i;
const LOCKED = /locked|prompt|dismissed|denied/i;

type Answer = { ok: true; value: string | boolean | null } | { ok: false; message: string };

/** A D-Bus session this process could reach: its address, or the per-user bus of systemd. */
function hasSessionBus(env: NodeJS.ProcessEnv): boolean {
  if (env.DBUS_SESSION_BUS_ADDRESS?.trim()) return true;
  const runtime = env.XDG_RUNTIME_DIR?.trim();
  return runtime !== undefined && runtime !== "" && existsSync(join(runtime, "bus"));
}

/** Where the binding is installed; null when it is not (an install that left it out). */
function bindingPath(): string | null {
  try {
    // __filename: the bundle's own file in dist/, or this source file under the tests.
    return createRequire(__filename).resolve("@napi-rs/keyring");
  } catch {
    return null;
  }
}

function keyringError(key: "keyring.locked" | "keyring.silent" | "keyring.failed", why: string) {
  const params = { why, seconds: KEYRING_TIMEOUT_MS / 1000 };
  const hint = key === "keyring.failed" ? "keyring.failedHint" : "keyring.lockedHint";
  return new TradectlError("auth", msg(key, params), {
    hint: msg(hint),
  });
}

/**
 * The system's keyring, each call in a child process given `KEYRING_TIMEOUT_MS` on the run's
 * clock (`sleep`): a keyring that does not answer is killed and said, never waited on.
 */
export function systemKeyring(env: NodeJS.ProcessEnv, sleep: Sleep): Keyring {
  const call = async (op: "read" | "write" | "remove", account: string, input = "") => {
    if (process.platform === "linux" && !hasSessionBus(env)) {
      throw new NoKeyring("no D-Bus session (DBUS_SESSION_BUS_ADDRESS is not set)");
    }
    const path = bindingPath();
    if (path === null) throw new NoKeyring("@napi-rs/keyring is not installed");
    const answer = await runChild([path, op, KEYRING_SERVICE, account], input, env, sleep);
    if (answer.ok) return answer.value;
    if (ABSENT.test(answer.message)) throw new NoKeyring(answer.message);
    if (LOCKED.test(answer.message)) throw keyringError("keyring.locked", answer.message);
    throw keyringError("keyring.failed", answer.message);
  };
  return {
    read: async (account) => {
      const value = await call("read", account);
      return typeof value === "string" ? value : null;
    },
    write: async (account, secret) => {
      await call("write", account, secret);
    },
    remove: async (account) => (await call("remove", account)) === true,
  };
}

/** Runs the child with `args`, `input` on its stdin; its answer, or an error when it is silent. */
async function runChild(
  args: readonly string[],
  input: string,
  env: NodeJS.ProcessEnv,
  sleep: Sleep,
): Promise<Answer> {
  // Loaded here: every command reads its credentials through this module, and a run that asks
  // no keyring (the key in the environment, as a script gives it) never loads child_process
  // (some 4 ms before a walk's first request).
  const { spawn } = await import("node:child_process");
  const child = spawn(process.execPath, ["-e", KEYRING_CHILD_SOURCE, ...args], {
    env,
    stdio: ["pipe", "pipe", "ignore"],
  });
  const stopWaiting = new AbortController();
  const answered = new Promise<Answer>((resolve, reject) => {
    let out = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      out += chunk;
    });
    child.on("error", (error) => reject(new NoKeyring(error.message)));
    child.on("close", () => {
      try {
        resolve(JSON.parse(out) as Answer);
      } catch {
        resolve({ ok: false, message: "the keyring's process ended without an answer" });
      }
    });
  }).finally(() => stopWaiting.abort());
  child.stdin.on("error", () => {});
  child.stdin.end(input);
  const silent = sleep(KEYRING_TIMEOUT_MS, stopWaiting.signal).then(
    () => {
      child.kill("SIGKILL");
      throw keyringError("keyring.silent", "");
    },
    () => new Promise<never>(() => {}),
  );
  return Promise.race([answered, silent]);
}
