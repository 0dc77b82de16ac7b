/**
 * Credentials in the environment win over every profile (flags > env > profile), so after a
 * login or logout a person should hear that the profile is not what commands will use.
 */
export function envCredentialsNote(
  env: NodeJS.ProcessEnv,
  profile: string,
  after: "login" | "logout",
): string | null {
  const set = ["TRADECTL_API_KEY", "TRADECTL_API_SECRET"].filter((name) => env[name]?.trim());
  if (set.length === 0) return null;
  const names = `${set.join(" and ")} ${set.length > 1 ? "are" : "is"}`;
  return after === "login"
    ? `${names} set in the environment: commands use ${set.length > 1 ? "them" : "it"}, not profile '${profile}', until unset`
    : `${names} still set in the environment: commands keep using ${set.length > 1 ? "them" : "it"}`;
}
