import { english, type Translator } from "../../i18n/index.js";

/**
 * Credentials in the environment win over a profile picked by TRADECTL_PROFILE or the default
 * (only a typed --profile beats them), so after a login or logout a person should hear that
 * the profile is not what commands will use.
 */
export function envCredentialsNote(
  env: NodeJS.ProcessEnv,
  profile: string,
  after: "login" | "logout",
  t: Translator = english,
): string | null {
  const set = ["TRADECTL_API_KEY", "TRADECTL_API_SECRET"].filter((name) => env[name]?.trim());
  if (set.length === 0) return null;
  const names = set.join(` ${t("auth.and")} `);
  const key =
    after === "login"
      ? set.length > 1
        ? "auth.envNoteLogin.both"
        : "auth.envNoteLogin.one"
      : set.length > 1
        ? "auth.envNoteLogout.both"
        : "auth.envNoteLogout.one";
  return t(key, { names, profile });
}
