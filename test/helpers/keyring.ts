import { spawnSync } from "node:child_process";
import type { Keyring } from "../../src/config/keyring.js";
import { NoKeyring } from "../../src/config/keyring.js";

/** A keyring in memory, for runs that test what the CLI does with one (the unit seam). */
export function memoryKeyring(): Keyring & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    read: async (account) => entries.get(account) ?? null,
    write: async (account, secret) => {
      entries.set(account, secret);
    },
    remove: async (account) => entries.delete(account),
  };
}

/** A machine without one: every call says no keyring answers. */
export function noKeyring(why = "no D-Bus session"): Keyring {
  const none = async (): Promise<never> => {
    throw new NoKeyring(why);
  };
  return { read: none, write: none, remove: none };
}

/**
 * What the system keyring holds for tradectl's `account`, asked with its own tool (libsecret's
 * secret-tool), not with the code under test; null when it holds nothing.
 */
export function secretToolLookup(
  account: string,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  const run = spawnSync("secret-tool", ["lookup", "service", "tradectl", "username", account], {
    env,
    encoding: "utf8",
  });
  return run.status === 0 ? run.stdout : null;
}
