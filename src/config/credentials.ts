import { TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";
import { DEFAULT_BASE_URL } from "../wire/base-url.js";
import type { Credentials } from "../wire/credentials.js";
import type { IpFamily } from "../wire/ip-family.js";
import { isBase64Secret } from "../wire/signer.js";
import { checkBaseUrl } from "./base-url.js";
import { type Keyring, NoKeyring } from "./keyring.js";
import { configFile } from "./paths.js";
import { type Profile, profileIn, readConfig } from "./store.js";

/**
 * Where a run's key pair, base URL and exchanges path come from. One rule for all three:
 *
 *   flag > environment > profile > default,
 *
 * except that a `--profile NAME` typed on the command line is a flag too: that profile's key
 * pair and settings then win over the environment's (as AWS's `--profile` does), so a pair is
 * never sent to a server picked by a variable exported for something else. `--base-url` still
 * wins over everything.
 */
export type SettingSource = "flag" | "env" | "profile" | "default" | "sandbox";
export type CredentialSource = "env" | "profile" | "sandbox";
/** Where the secret itself is kept: the system keyring, the config file, the environment. */
export type SecretStore = "keyring" | "file" | "env" | "sandbox";

export interface ResolvedCredentials extends Credentials {
  source: CredentialSource;
  /** Where it came from, in words: the variable names, or the profile and its file. */
  origin: string;
  store: SecretStore;
}

export interface Resolved<T> {
  value: T;
  source: SettingSource;
  /** In words, for `auth status` and `--debug`: "TRADECTL_BASE_URL", "profile 'work' in …". */
  origin: string;
}

export interface SettingsRequest {
  env: NodeJS.ProcessEnv;
  profile: string;
  /** `--profile` was typed on the command line (not TRADECTL_PROFILE, not the default). */
  profileFromFlag?: boolean;
  /** `--base-url` as typed, when it was. */
  baseUrlFlag?: string;
  /** `--ip-family` as typed, when it was. */
  ipFamilyFlag?: string;
  /** Where a profile whose secret is in the keyring has it (read only then). */
  keyring?: Keyring;
}

const HOW_TO = msg("config.howTo");

const envValue = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() || undefined;

/**
 * The settings of one run, resolved on demand: a command that sends nothing never reads the
 * config file or checks a URL, and the config file is read at most once.
 */
export class Settings {
  private loaded: { profile: Profile | undefined; path: string } | null = null;

  constructor(private readonly request: SettingsRequest) {}

  get profileName(): string {
    return this.request.profile;
  }

  private profile(): { profile: Profile | undefined; path: string } {
    if (this.loaded === null) {
      const path = configFile(this.request.env);
      this.loaded = { profile: profileIn(readConfig(path), this.request.profile), path };
    }
    return this.loaded;
  }

  private profileOrigin(): string {
    const how = this.request.profileFromFlag ? " (--profile)" : "";
    return `profile '${this.request.profile}'${how} in ${this.profile().path}`;
  }

  /**
   * The key pair. The key and the secret come as a pair from one place; a half pair in the
   * environment is an error rather than mixed with a profile's half.
   */
  async credentials(): Promise<ResolvedCredentials> {
    const found = await this.findCredentials();
    if (!isBase64Secret(found.secret)) {
      const origin = { origin: found.origin };
      throw new TradectlError("auth", msg("config.secretNotBase64", origin), {
        hint: msg("config.copySecret"),
      });
    }
    return found;
  }

  /**
   * The key pair as found, its secret not yet checked: for `auth doctor`, which checks it
   * itself and says what is wrong with it. Throws when there is none (or half a pair).
   */
  async findCredentials(): Promise<ResolvedCredentials> {
    const { env, profile: name, profileFromFlag } = this.request;
    const envKey = envValue(env, "TRADECTL_API_KEY");
    const envSecret = envValue(env, "TRADECTL_API_SECRET");
    let found: ResolvedCredentials | null = null;
    if (!profileFromFlag && (envKey || envSecret)) {
      if (!envKey || !envSecret) {
        const pair = envKey
          ? { missing: "TRADECTL_API_SECRET", set: "TRADECTL_API_KEY" }
          : { missing: "TRADECTL_API_KEY", set: "TRADECTL_API_SECRET" };
        throw new TradectlError("auth", msg("config.halfPair", pair), {
          hint: msg("config.setBoth"),
        });
      }
      found = {
        publicKey: envKey,
        secret: envSecret,
        source: "env",
        origin: "TRADECTL_API_KEY / TRADECTL_API_SECRET",
        store: "env",
      };
    } else {
      const saved = this.profile().profile;
      if (saved?.apiKey && saved.secretStore === "keyring") {
        found = {
          publicKey: saved.apiKey,
          secret: await this.secretFromKeyring(),
          source: "profile",
          origin: this.profileOrigin(),
          store: "keyring",
        };
      } else if (saved?.apiKey && saved.apiSecret) {
        found = {
          publicKey: saved.apiKey,
          secret: saved.apiSecret,
          source: "profile",
          origin: this.profileOrigin(),
          store: "file",
        };
      }
    }
    if (!found) {
      throw new TradectlError("auth", msg("config.noCredentials", { name }), {
        hint: profileFromFlag ? msg("config.loginProfile", { name }) : HOW_TO,
      });
    }
    return found;
  }

  /** The profile's secret from the keyring, which the config file says holds it. */
  private async secretFromKeyring(): Promise<string> {
    const { profile } = this.request;
    const keyring = this.request.keyring;
    let secret: string | null;
    try {
      if (keyring === undefined) throw new NoKeyring("no keyring was given");
      secret = await keyring.read(profile);
    } catch (error) {
      if (!(error instanceof NoKeyring)) throw error;
      const params = { profile, why: error.message };
      throw new TradectlError("auth", msg("keyring.unreachable", params), {
        hint: msg("keyring.unreachableHint", { profile }),
      });
    }
    if (secret === null) {
      throw new TradectlError("auth", msg("keyring.missing", { profile }), {
        hint: msg("keyring.missingHint", { profile }),
      });
    }
    return secret;
  }

  /**
   * One setting that a flag, a variable or the profile may give, in the order of the rule
   * above. Reads the config file only when neither the flag nor the variable decides.
   */
  private pick(
    flag: { value: string | undefined; name: string },
    variable: string,
    field: "baseUrl" | "exchangesPath" | "ipFamily",
  ): Resolved<string> | null {
    if (flag.value !== undefined) return { value: flag.value, source: "flag", origin: flag.name };
    const fromEnv = envValue(this.request.env, variable);
    if (fromEnv !== undefined && !this.request.profileFromFlag) {
      return { value: fromEnv, source: "env", origin: variable };
    }
    // A profile's ipFamily may have been written as a number (4) or a string ("4").
    const saved = this.profile().profile?.[field];
    const fromProfile = typeof saved === "number" ? String(saved) : saved;
    if (typeof fromProfile === "string" && fromProfile.trim() !== "") {
      return { value: fromProfile.trim(), source: "profile", origin: this.profileOrigin() };
    }
    if (fromEnv !== undefined) return { value: fromEnv, source: "env", origin: variable };
    return null;
  }

  /** The base URL, checked (https, or http only to loopback) now that a request needs it. */
  baseUrl(): Resolved<string> {
    const flag = { value: this.request.baseUrlFlag, name: "--base-url" };
    const picked = this.pick(flag, "TRADECTL_BASE_URL", "baseUrl") ?? {
      value: DEFAULT_BASE_URL,
      source: "default" as const,
      origin: "the default",
    };
    return { ...picked, value: checkBaseUrl(picked.value, picked.origin) };
  }

  /** The path of the crypto-exchanges listing, when one is configured. */
  exchangesPath(): Resolved<string> | null {
    const none = { value: undefined, name: "" };
    const picked = this.pick(none, "TRADECTL_EXCHANGES_PATH", "exchangesPath");
    if (picked === null) return null;
    if (!/^\/[\x21-\x7e]*$/.test(picked.value)) {
      const params = { origin: picked.origin, path: picked.value };
      throw new TradectlError("usage", msg("exchangesPath.bad", params), {
        hint: msg("exchangesPath.hint"),
      });
    }
    return picked;
  }

  /**
   * The address family every connection uses (`--ip-family`, TRADECTL_IP_FAMILY, a profile's
   * `ipFamily`): 4 or 6; null when none is set (as the host name resolves).
   */
  ipFamily(): Resolved<IpFamily> | null {
    const flag = { value: this.request.ipFamilyFlag, name: "--ip-family" };
    const picked = this.pick(flag, "TRADECTL_IP_FAMILY", "ipFamily");
    if (picked === null) return null;
    if (picked.value === "4" || picked.value === "6") {
      return { ...picked, value: Number(picked.value) as IpFamily };
    }
    const params = { origin: picked.origin, value: picked.value };
    throw new TradectlError("usage", msg("network.badFamily", params), {
      hint: msg("network.familyHint"),
    });
  }
}
