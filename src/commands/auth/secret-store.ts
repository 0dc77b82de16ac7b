import { NoKeyring } from "../../config/keyring.js";
import { type ConfigFile, type Profile, profileIn, updateConfig } from "../../config/store.js";
import { keyringOf } from "../client-factory.js";
import type { CommandContext } from "../context.js";

/**
 * Where `auth login` keeps a profile's secret and how `auth logout` takes it away: the system
 * keyring when one answers, the config file (mode 0600) with `--insecure-storage` or where none
 * answers. The file then holds the public key and `"secretStore": "keyring"`, never the secret.
 */

export interface Saved {
  store: "keyring" | "file";
  /** Why the file was used although the keyring was asked: the one line said about it. */
  fallback: string | null;
  /** The secret was in the file before this login and is in the keyring now. */
  moved: boolean;
}

/** The profile with its key pair taken out (the other settings stay). */
function withoutPair(saved: Profile | undefined): Profile {
  const { apiKey: _key, apiSecret: _secret, secretStore: _store, ...rest } = saved ?? {};
  return rest;
}

/**
 * Saves the pair of `profile`: the secret to the keyring first (a locked or silent keyring is an
 * error here, and nothing is saved), then the config file under its lock.
 */
export async function saveKeyPair(
  ctx: CommandContext,
  path: string,
  pair: { profile: string; key: string; secret: string; insecure: boolean },
): Promise<Saved> {
  const { profile, key, secret } = pair;
  let fallback: string | null = null;
  if (!pair.insecure) {
    try {
      await keyringOf(ctx).write(profile, secret);
    } catch (error) {
      if (!(error instanceof NoKeyring)) throw error;
      fallback = error.message;
    }
  }
  const store = pair.insecure || fallback !== null ? "file" : "keyring";
  const before = await updateConfig(path, (current: ConfigFile) => {
    const saved = profileIn(current, profile);
    current.profiles[profile] =
      store === "keyring"
        ? { ...withoutPair(saved), apiKey: key, secretStore: "keyring" }
        : { ...withoutPair(saved), apiKey: key, apiSecret: secret };
    return saved;
  });
  if (store === "file" && before?.secretStore === "keyring") {
    // The keyring's copy is stale now; a keyring that does not answer keeps it (harmless: the
    // file says where the secret is, and a later keyring login overwrites it).
    await keyringOf(ctx)
      .remove(profile)
      .catch(() => false);
  }
  return { store, fallback, moved: store === "keyring" && typeof before?.apiSecret === "string" };
}

/**
 * Removes the secret of `saved` from where it is kept. A keyring that does not answer at all
 * leaves the entry there: its words say so (the caller warns); a locked one is an error.
 */
export async function removeSecret(
  ctx: CommandContext,
  profile: string,
  saved: Profile | undefined,
): Promise<{ fromKeyring: boolean; leftInKeyring: string | null }> {
  if (saved?.secretStore !== "keyring") return { fromKeyring: false, leftInKeyring: null };
  try {
    return { fromKeyring: await keyringOf(ctx).remove(profile), leftInKeyring: null };
  } catch (error) {
    if (!(error instanceof NoKeyring)) throw error;
    return { fromKeyring: false, leftInKeyring: error.message };
  }
}
