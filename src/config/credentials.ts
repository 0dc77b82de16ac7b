import type { Credentials } from "../api/client.js";
import { isBase64Secret } from "../api/signer.js";
import { TradectlError } from "../errors.js";
import { configFile } from "./paths.js";
import { readConfig } from "./store.js";

export type CredentialSource = "flag" | "env" | "profile" | "sandbox";

export interface ResolvedCredentials extends Credentials {
  source: CredentialSource;
  /** Where it came from, for `auth status`: the variable names or the profile and file. */
  origin: string;
}

export interface ResolveOptions {
  env: NodeJS.ProcessEnv;
  profile: string;
  /** A key given on the command line (`auth login --key`); there is no flag for the secret. */
  flagKey?: string;
}

const HOW_TO = "run `tradectl auth login`, or set TRADECTL_API_KEY and TRADECTL_API_SECRET";

/**
 * Precedence: flags > environment > profile. The key and the secret come as a pair from one
 * place; a half pair in the environment is an error rather than mixed with a profile's half.
 */
export function resolveCredentials({ env, profile, flagKey }: ResolveOptions): ResolvedCredentials {
  const envKey = env.TRADECTL_API_KEY?.trim();
  const envSecret = env.TRADECTL_API_SECRET?.trim();
  let found: ResolvedCredentials | null = null;
  if (envKey || envSecret) {
    if (!envKey || !envSecret) {
      throw new TradectlError(
        "auth",
        `${envKey ? "TRADECTL_API_SECRET" : "TRADECTL_API_KEY"} is not set, but ${envKey ? "TRADECTL_API_KEY" : "TRADECTL_API_SECRET"} is`,
        { hint: "set both, or unset both to use a saved profile" },
      );
    }
    found = {
      publicKey: envKey,
      secret: envSecret,
      source: "env",
      origin: "TRADECTL_API_KEY / TRADECTL_API_SECRET",
    };
  } else {
    const path = configFile(env);
    const saved = readConfig(path).profiles[profile];
    if (saved?.apiKey && saved.apiSecret) {
      found = {
        publicKey: saved.apiKey,
        secret: saved.apiSecret,
        source: "profile",
        origin: `profile '${profile}' in ${path}`,
      };
    }
  }
  if (flagKey) {
    if (!found)
      throw new TradectlError("auth", "--key was given but no secret is configured", {
        hint: HOW_TO,
      });
    found = {
      ...found,
      publicKey: flagKey,
      source: "flag",
      origin: `--key, secret from ${found.origin}`,
    };
  }
  if (!found) {
    throw new TradectlError("auth", `no API credentials found (profile '${profile}')`, {
      hint: HOW_TO,
    });
  }
  if (!isBase64Secret(found.secret)) {
    throw new TradectlError("auth", `the API secret from ${found.origin} is not valid base64`, {
      hint: `copy the private key again exactly as the exchange shows it, then ${HOW_TO}`,
    });
  }
  return found;
}
