import { readFileSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { type Text, TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";
import { ensureWritableDir, writeFileAtomic } from "./files.js";
import { withFileLock } from "./lock-files.js";

/** One named set of credentials and settings in the config file. */
export interface Profile {
  apiKey?: string;
  /** The secret, when it is kept in this file (`--insecure-storage`, or where no keyring answers). */
  apiSecret?: string;
  /** "keyring": the secret is in the system keyring (service "tradectl", the profile's name). */
  secretStore?: "keyring";
  /** Where this profile's requests go (below --base-url and TRADECTL_BASE_URL). */
  baseUrl?: string;
  /** Path of the crypto-exchanges listing (below TRADECTL_EXCHANGES_PATH). */
  exchangesPath?: string;
  /** The address family of every connection, 4 or 6 (below --ip-family, TRADECTL_IP_FAMILY). */
  ipFamily?: string | number;
}

/**
 * The config file. `profiles` has no prototype, so a profile may be called `__proto__`,
 * `constructor` or `toString` and still be an ordinary entry; other top-level keys (written by
 * other commands or newer versions) are kept as they are when the file is rewritten.
 */
export interface ConfigFile {
  profiles: Record<string, Profile>;
  [key: string]: unknown;
}

function emptyConfig(): ConfigFile {
  return { profiles: Object.create(null) as Record<string, Profile> };
}

/** The profile of that name, if the file has one (never a property of Object.prototype). */
export function profileIn(config: ConfigFile, name: string): Profile | undefined {
  return Object.hasOwn(config.profiles, name) ? config.profiles[name] : undefined;
}

/**
 * Reads the config file. A file that group or others can read holds a secret in the open: it is
 * refused, with the command that fixes it, rather than used.
 */
export function readConfig(path: string): ConfigFile {
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return emptyConfig();
    const params = { path, why: (error as Error).message };
    throw new TradectlError("auth", msg("store.unreadable", params), {});
  }
  if (process.platform !== "win32" && (mode & 0o077) !== 0) {
    const params = { path, mode: (mode & 0o777).toString(8) };
    throw new TradectlError("auth", msg("store.openToOthers", params), {
      hint: msg("store.chmodHint", { path }),
    });
  }
  let parsed: unknown;
  try {
    // Local config holds no numbers that need lossless parsing.
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    // Only where, never V8's own words: they quote the text around the error, which may be
    // a piece of the secret.
    const where = /at position (\d+)(?: \(line (\d+) column (\d+)\))?/.exec(
      (error as Error).message,
    );
    throw new TradectlError("auth", notJson(path, where), {
      hint: msg("store.fixHint"),
    });
  }
  const config = emptyConfig();
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return config;
  for (const [key, value] of Object.entries(parsed)) {
    if (key === "profiles") continue;
    // defineProperty, not `config[key] =`: a top-level "__proto__" must stay a plain key.
    Object.defineProperty(config, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  const profiles = (parsed as { profiles?: unknown }).profiles;
  if (typeof profiles !== "object" || profiles === null || Array.isArray(profiles)) return config;
  // JSON.parse makes `"__proto__"` an own key; copying keeps it one.
  for (const [name, profile] of Object.entries(profiles)) {
    if (typeof profile === "object" && profile !== null && !Array.isArray(profile)) {
      config.profiles[name] = profile as Profile;
    }
  }
  return config;
}

/** "not valid JSON", with where when the parser said it (position, and line and column). */
function notJson(path: string, where: RegExpExecArray | null): Text {
  if (where === null) return msg("store.notJson", { path });
  const [, position = "", line, column] = where;
  if (line === undefined || column === undefined) {
    return msg("store.notJsonAt", { path, position });
  }
  return msg("store.notJsonAtLine", { path, position, line, column });
}

/**
 * Changes the config file as one read-modify-write under `<file>.lock`: `change` gets what is on
 * disk now (not what this process read earlier) and edits it in place; the result is written
 * atomically with mode 0600 in a 0700 directory. Parallel logins to different profiles all
 * survive.
 */
export async function updateConfig<T>(path: string, change: (config: ConfigFile) => T): Promise<T> {
  await ensureWritableDir(dirname(path));
  return withFileLock(`${path}.lock`, async () => {
    const config = readConfig(path);
    const result = change(config);
    await writeFileAtomic(path, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
    return result;
  });
}
