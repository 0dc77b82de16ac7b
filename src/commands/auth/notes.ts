/**
 * Credentials in the environment win over a profile picked by TRADECTL_PROFILE or the default
 * (only a typed --profile beats them), so after a login or logout a person should hear that
 * the profile is not what commands will use.
 */
export function envCredentialsNote(
  env: NodeJS.ProcessEnv,
  profile: string,
  after: "login" | "logout",
): string | null {
  const set = ["TRADECTL_API_KEY", "TRADECTL_API_SECRET"].filter((name) => env[name]?.trim());
  if (set.length === 0) return null;
  const names = `${set.join(" and ")} ${set.length > 1 ? "are" : "is"}`;
  const them = set.length > 1 ? "them" : "it";
  return after === "login"
    ? `${names} set in the environment: commands use ${them}, not profile '${profile}', unless given --profile ${profile}`
    : `${names} still set in the environment: commands without --profile keep using ${them}`;
}
