import { maskKey } from "../../api/client.js";
import { configFile } from "../../config/paths.js";
import { type ConfigFile, profileIn, readConfig, updateConfig } from "../../config/store.js";
import { jsonText } from "../../output/json-text.js";
import type { CommandContext } from "../context.js";
import type { NoOptions } from "../verb.js";
import { refuseUnderSandbox } from "./check.js";
import { envCredentialsNote } from "./notes.js";
import { removeSecret } from "./secret-store.js";

/**
 * `auth logout`: removes the profile's key pair from the config file (other settings of the
 * profile stay). Nothing to remove is not an error: the end state is the one asked for.
 */
export async function runLogout(_options: NoOptions, ctx: CommandContext): Promise<number> {
  const { io, globals } = ctx;
  refuseUnderSandbox(ctx, "logout");
  const profile = globals.profile;
  const path = configFile(ctx.env);
  // The keyring's entry first: a locked keyring is an error before the file changes.
  const secret = await removeSecret(ctx, profile, profileIn(readConfig(path), profile));
  /** Removes the key pair from `config`; what it removed, or null when there was none. */
  const removeFrom = (config: ConfigFile): { key: string | undefined } | null => {
    const saved = profileIn(config, profile);
    const pair = ["apiKey", "apiSecret", "secretStore"] as const;
    if (saved === undefined || pair.every((field) => saved[field] === undefined)) return null;
    const { apiKey: key, apiSecret: _secret, secretStore: _store, ...rest } = saved;
    if (Object.keys(rest).length === 0) delete config.profiles[profile];
    else config.profiles[profile] = rest;
    return { key };
  };
  // Nothing to remove writes nothing (not even an empty file); otherwise the removal is done
  // again under the lock on what is on disk then.
  const found = removeFrom(readConfig(path)) && (await updateConfig(path, removeFrom));
  const removed = found !== null || secret.fromKeyring;
  const key = found?.key;
  if (globals.output === "json" || globals.output === "ndjson") {
    const record = {
      profile,
      removed,
      key: key ? maskKey(key) : null,
      configFile: path,
      fromKeyring: secret.fromKeyring,
    };
    await io.write(`${jsonText(record)}\n`);
  }
  if (secret.fromKeyring) io.info(io.t("keyring.removed", { profile }));
  if (secret.leftInKeyring !== null) {
    const params = { profile, why: secret.leftInKeyring };
    io.warn(`${io.err.yellow(io.t("auth.note"))} ${io.t("keyring.leftThere", params)}`);
  }
  if (removed) {
    io.info(
      key
        ? io.t("auth.logout.removedKey", { key: maskKey(key), profile, path })
        : io.t("auth.logout.removed", { profile, path }),
    );
  } else {
    io.info(io.t("auth.logout.nothing", { profile }));
  }
  const note = envCredentialsNote(ctx.env, profile, "logout", io.t);
  if (note) io.warn(`${io.err.yellow(io.t("auth.note"))} ${note}`);
  return 0;
}
