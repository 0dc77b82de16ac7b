import { maskKey } from "../../api/client.js";
import { configFile } from "../../config/paths.js";
import { readConfig, writeConfig } from "../../config/store.js";
import { jsonText } from "../../output/records.js";
import type { CommandContext } from "../context.js";
import { envCredentialsNote } from "./notes.js";

/**
 * `auth logout`: removes the profile's key pair from the config file (other settings of the
 * profile stay). Nothing to remove is not an error: the end state is the one asked for.
 */
export async function runLogout(ctx: CommandContext): Promise<number> {
  const { io, globals } = ctx;
  const profile = globals.profile;
  const path = configFile(ctx.env);
  const config = readConfig(path);
  const saved = config.profiles[profile];
  const key = saved?.apiKey;
  const removed =
    saved !== undefined && (saved.apiKey !== undefined || saved.apiSecret !== undefined);
  if (removed) {
    const { apiKey: _key, apiSecret: _secret, ...rest } = saved;
    if (Object.keys(rest).length === 0) delete config.profiles[profile];
    else config.profiles[profile] = rest;
    writeConfig(path, config);
  }
  if (globals.output === "json" || globals.output === "ndjson") {
    await io.write(
      `${jsonText({ profile, removed, key: key ? maskKey(key) : null, configFile: path })}\n`,
    );
  }
  if (removed) {
    io.info(
      `Logged out: removed the credentials${key ? ` of ${maskKey(key)}` : ""} from profile '${profile}' (${path})`,
    );
  } else {
    io.info(`No credentials saved in profile '${profile}'; nothing to remove`);
  }
  const note = envCredentialsNote(ctx.env, profile, "logout");
  if (note) io.warn(`${io.err.yellow("note:")} ${note}`);
  return 0;
}
