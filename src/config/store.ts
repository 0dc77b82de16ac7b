import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { TradectlError } from "../errors.js";

/** One named set of credentials (and optionally a base URL) in the config file. */
export interface Profile {
  apiKey?: string;
  apiSecret?: string;
  baseUrl?: string;
}

/**
 * The config file. Other top-level keys (saved senders, keys of newer versions) are kept as they
 * are when the file is rewritten.
 */
export interface ConfigFile {
  profiles: Record<string, Profile>;
  [key: string]: unknown;
}

const EMPTY: ConfigFile = { profiles: {} };

/**
 * Reads the config file. A file that group or others can read holds a secret in the open: it is
 * refused, with the command that fixes it, rather than used.
 */
export function readConfig(path: string): ConfigFile {
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return structuredClone(EMPTY);
    throw new TradectlError(
      "auth",
      `cannot read the config file ${path}: ${(error as Error).message}`,
    );
  }
  if (process.platform !== "win32" && (mode & 0o077) !== 0) {
    throw new TradectlError(
      "auth",
      `the credentials file ${path} is readable by other users (mode ${(mode & 0o777).toString(8)}); refusing to use it`,
      { hint: `run: chmod 600 '${path}'` },
    );
  }
  let parsed: unknown;
  try {
    // Local config holds no numbers that need lossless parsing.
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    // Only where, never V8's own words: they quote the text around the error, which may be
    // a piece of the secret.
    const where = /at position \d+(?: \(line \d+ column \d+\))?/.exec((error as Error).message);
    throw new TradectlError(
      "auth",
      `the config file ${path} is not valid JSON${where ? ` (${where[0]})` : ""}`,
      {
        hint: "fix or remove it, then run `tradectl auth login`",
      },
    );
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return structuredClone(EMPTY);
  }
  const profiles = (parsed as { profiles?: unknown }).profiles;
  const valid = typeof profiles === "object" && profiles !== null && !Array.isArray(profiles);
  return { ...parsed, profiles: valid ? (profiles as Record<string, Profile>) : {} };
}

/** Writes the config with mode 0600 in a 0700 directory, atomically (temp file + rename). */
export function writeConfig(path: string, config: ConfigFile): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, path);
}

/** Reads the config, lets `change` edit it in place, and writes it back (0600, atomic). */
export async function updateConfig<T>(path: string, change: (config: ConfigFile) => T): Promise<T> {
  const config = readConfig(path);
  const result = change(config);
  writeConfig(path, config);
  return result;
}
