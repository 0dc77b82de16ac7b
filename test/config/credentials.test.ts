import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Settings, type SettingsRequest } from "../../src/config/credentials.js";
import { configFile } from "../../src/config/paths.js";
import { type Profile, updateConfig } from "../../src/config/store.js";
import { TradectlError } from "../../src/errors.js";
import { inEnglish } from "../../src/i18n/index.js";

const SECRET = "c2FuZGJveC1wcml2YXRlLWtleQ==";
const OTHER_SECRET = "b3RoZXItc2VjcmV0";

/** An environment whose config dir holds `profiles`, written the way `auth login` writes it. */
async function envWithProfiles(profiles: Record<string, Profile>) {
  const env: NodeJS.ProcessEnv = { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), "tradectl-cred-")) };
  await updateConfig(configFile(env), (config) => {
    Object.assign(config.profiles, profiles);
  });
  return env;
}

const resolveCredentials = (request: SettingsRequest) => new Settings(request).credentials();

async function failure(fn: () => unknown): Promise<TradectlError> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof TradectlError) return error;
    throw error;
  }
  throw new Error("expected a TradectlError");
}

describe("resolveCredentials", () => {
  it("reads the environment pair", async () => {
    const found = await resolveCredentials({
      env: { TRADECTL_API_KEY: "env-key", TRADECTL_API_SECRET: SECRET },
      profile: "default",
    });
    expect(found).toMatchObject({ publicKey: "env-key", secret: SECRET, source: "env" });
  });

  it("reads a named profile from the config file", async () => {
    const env = await envWithProfiles({
      default: { apiKey: "default-key", apiSecret: SECRET },
      work: { apiKey: "work-key", apiSecret: OTHER_SECRET },
    });
    expect(await resolveCredentials({ env, profile: "work" })).toMatchObject({
      publicKey: "work-key",
      secret: OTHER_SECRET,
      source: "profile",
    });
    expect((await resolveCredentials({ env, profile: "default" })).publicKey).toBe("default-key");
  });

  it("environment beats profile", async () => {
    const env = {
      ...(await envWithProfiles({ default: { apiKey: "profile-key", apiSecret: OTHER_SECRET } })),
      TRADECTL_API_KEY: "env-key",
      TRADECTL_API_SECRET: SECRET,
    };
    expect(await resolveCredentials({ env, profile: "default" })).toMatchObject({
      publicKey: "env-key",
      secret: SECRET,
      source: "env",
    });
  });

  it("a --profile typed on the command line beats the environment's pair (as AWS's does)", async () => {
    const env = {
      ...(await await envWithProfiles({ work: { apiKey: "work-key", apiSecret: OTHER_SECRET } })),
      TRADECTL_API_KEY: "env-key",
      TRADECTL_API_SECRET: SECRET,
    };
    expect(await resolveCredentials({ env, profile: "work", profileFromFlag: true })).toMatchObject(
      {
        publicKey: "work-key",
        secret: OTHER_SECRET,
        source: "profile",
      },
    );
    expect(
      (await resolveCredentials({ env, profile: "work", profileFromFlag: true })).origin,
    ).toContain("profile 'work' (--profile)");
    // TRADECTL_PROFILE (not a flag) does not: the environment's pair stays in use.
    expect((await resolveCredentials({ env, profile: "work" })).source).toBe("env");
  });

  it("a --profile without a key pair is an error, not a fall-back to the environment", async () => {
    const env = {
      ...(await await envWithProfiles({})),
      TRADECTL_API_KEY: "env-key",
      TRADECTL_API_SECRET: SECRET,
    };
    const error = await failure(() =>
      resolveCredentials({ env, profile: "work", profileFromFlag: true }),
    );
    expect(error.exitCode).toBe(4);
    expect(error.message).toBe("no API credentials found (profile 'work')");
    expect(inEnglish(error.hint!)).toContain("tradectl --profile work auth login");
  });

  it.each([
    [{ TRADECTL_API_KEY: "k" }, "TRADECTL_API_SECRET is not set, but TRADECTL_API_KEY is"],
    [{ TRADECTL_API_SECRET: SECRET }, "TRADECTL_API_KEY is not set, but TRADECTL_API_SECRET is"],
  ])(
    "a half-set environment pair is an auth error, never mixed with a profile (%o)",
    async (pair, message) => {
      const env = {
        ...(await envWithProfiles({ default: { apiKey: "profile-key", apiSecret: OTHER_SECRET } })),
        ...pair,
      };
      const error = await failure(() => resolveCredentials({ env, profile: "default" }));
      expect(error.kind).toBe("auth");
      expect(error.exitCode).toBe(4);
      expect(error.message).toBe(message);
    },
  );

  it("nothing configured → auth error naming how to provide credentials", async () => {
    const env = await envWithProfiles({});
    const error = await failure(() => resolveCredentials({ env, profile: "default" }));
    expect(error.kind).toBe("auth");
    expect(error.message).toBe("no API credentials found (profile 'default')");
    expect(inEnglish(error.hint!)).toContain("tradectl auth login");
    expect(inEnglish(error.hint!)).toContain("TRADECTL_API_KEY");
  });

  it("a missing profile name is reported by name", async () => {
    const env = await envWithProfiles({ default: { apiKey: "k", apiSecret: SECRET } });
    expect((await failure(() => resolveCredentials({ env, profile: "prod" }))).message).toContain(
      "'prod'",
    );
  });

  it.each(["not base64!", "abc", "c2VjcmV0=", "c2Vj cmV0"])(
    "a secret that is not base64 (%s) is an auth error naming where it came from, never echoing it",
    async (secret) => {
      const error = await failure(() =>
        resolveCredentials({
          env: { TRADECTL_API_KEY: "k", TRADECTL_API_SECRET: secret },
          profile: "default",
        }),
      );
      expect(error.kind).toBe("auth");
      expect(error.message).toContain("TRADECTL_API_SECRET");
      expect(error.message).toContain("not valid base64");
      expect(error.message).not.toContain(secret);
      expect(inEnglish(error.hint!)).toContain("tradectl auth login");
    },
  );

  it("a malformed secret in a profile is refused too", async () => {
    const env = await envWithProfiles({ default: { apiKey: "k", apiSecret: "%%%" } });
    const error = await failure(() => resolveCredentials({ env, profile: "default" }));
    expect(error.kind).toBe("auth");
    expect(error.message).toContain("profile 'default'");
  });
});

describe("base URL and exchanges path: flag > env > profile > default", () => {
  const settings = (request: Partial<SettingsRequest> & { env: NodeJS.ProcessEnv }) =>
    new Settings({ profile: "work", ...request });

  it("the profile's baseUrl is used when neither flag nor variable gives one", async () => {
    const env = await envWithProfiles({ work: { baseUrl: "https://proxy.example/bt/" } });
    expect(settings({ env }).baseUrl()).toMatchObject({
      value: "https://proxy.example/bt",
      source: "profile",
    });
    expect(
      settings({ env: { ...env, TRADECTL_BASE_URL: "https://env.example" } }).baseUrl(),
    ).toMatchObject({ value: "https://env.example", source: "env", origin: "TRADECTL_BASE_URL" });
    expect(
      settings({
        env: { ...env, TRADECTL_BASE_URL: "https://env.example" },
        baseUrlFlag: "https://flag.example",
      }).baseUrl(),
    ).toMatchObject({ value: "https://flag.example", source: "flag" });
    expect(settings({ env, profile: "other" }).baseUrl()).toMatchObject({
      value: "https://api.btcturk.com",
      source: "default",
    });
  });

  it("with --profile typed, the profile's baseUrl beats TRADECTL_BASE_URL; --base-url still wins", async () => {
    const env = {
      ...(await envWithProfiles({ work: { baseUrl: "https://work.example" } })),
      TRADECTL_BASE_URL: "http://127.0.0.1:9",
    };
    expect(settings({ env, profileFromFlag: true }).baseUrl().value).toBe("https://work.example");
    expect(
      settings({ env, profileFromFlag: true, baseUrlFlag: "https://flag.example" }).baseUrl().value,
    ).toBe("https://flag.example");
  });

  it("a bad URL is reported with where it came from, only when asked for", async () => {
    const env = await envWithProfiles({ work: { baseUrl: "http://evil.example" } });
    const s = settings({ env });
    const error = await failure(() => s.baseUrl());
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain("refusing plain http:// for evil.example");
    const bad = settings({ env: { TRADECTL_BASE_URL: "::nope::" } });
    expect((await failure(() => bad.baseUrl())).message).toBe(
      "TRADECTL_BASE_URL '::nope::' is not a valid URL",
    );
  });

  it("the exchanges path comes from TRADECTL_EXCHANGES_PATH, else the profile, else none", async () => {
    const env = await envWithProfiles({ work: { exchangesPath: "/api/v2/exchanges" } });
    expect(settings({ env }).exchangesPath()).toMatchObject({
      value: "/api/v2/exchanges",
      source: "profile",
    });
    expect(
      settings({ env: { ...env, TRADECTL_EXCHANGES_PATH: "/x/list" } }).exchangesPath(),
    ).toMatchObject({ value: "/x/list", source: "env" });
    expect(settings({ env, profile: "none" }).exchangesPath()).toBeNull();
    const error = await failure(() =>
      settings({ env: { TRADECTL_EXCHANGES_PATH: "exchanges" } }).exchangesPath(),
    );
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain("must start with '/'");
  });
});
