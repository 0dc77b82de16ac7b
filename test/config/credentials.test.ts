import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveCredentials } from "../../src/config/credentials.js";
import { configFile } from "../../src/config/paths.js";
import { writeConfig } from "../../src/config/store.js";
import { TradectlError } from "../../src/errors.js";

const SECRET = "c2FuZGJveC1wcml2YXRlLWtleQ==";
const OTHER_SECRET = "b3RoZXItc2VjcmV0";

/** An environment whose config dir holds `profiles`, written the way `auth login` writes it. */
function envWithProfiles(profiles: Record<string, { apiKey?: string; apiSecret?: string }>) {
  const env: NodeJS.ProcessEnv = { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), "tradectl-cred-")) };
  writeConfig(configFile(env), { profiles });
  return env;
}

function failure(fn: () => unknown): TradectlError {
  try {
    fn();
  } catch (error) {
    if (error instanceof TradectlError) return error;
    throw error;
  }
  throw new Error("expected a TradectlError");
}

describe("resolveCredentials", () => {
  it("reads the environment pair", () => {
    const found = resolveCredentials({
      env: { TRADECTL_API_KEY: "env-key", TRADECTL_API_SECRET: SECRET },
      profile: "default",
    });
    expect(found).toMatchObject({ publicKey: "env-key", secret: SECRET, source: "env" });
  });

  it("reads a named profile from the config file", () => {
    const env = envWithProfiles({
      default: { apiKey: "default-key", apiSecret: SECRET },
      work: { apiKey: "work-key", apiSecret: OTHER_SECRET },
    });
    expect(resolveCredentials({ env, profile: "work" })).toMatchObject({
      publicKey: "work-key",
      secret: OTHER_SECRET,
      source: "profile",
    });
    expect(resolveCredentials({ env, profile: "default" }).publicKey).toBe("default-key");
  });

  it("environment beats profile", () => {
    const env = {
      ...envWithProfiles({ default: { apiKey: "profile-key", apiSecret: OTHER_SECRET } }),
      TRADECTL_API_KEY: "env-key",
      TRADECTL_API_SECRET: SECRET,
    };
    expect(resolveCredentials({ env, profile: "default" })).toMatchObject({
      publicKey: "env-key",
      secret: SECRET,
      source: "env",
    });
  });

  it("a flag key beats the environment's key and keeps the secret it came with", () => {
    const found = resolveCredentials({
      env: { TRADECTL_API_KEY: "env-key", TRADECTL_API_SECRET: SECRET },
      profile: "default",
      flagKey: "flag-key",
    });
    expect(found).toMatchObject({ publicKey: "flag-key", secret: SECRET, source: "flag" });
  });

  it.each([
    [{ TRADECTL_API_KEY: "k" }, "TRADECTL_API_SECRET is not set, but TRADECTL_API_KEY is"],
    [{ TRADECTL_API_SECRET: SECRET }, "TRADECTL_API_KEY is not set, but TRADECTL_API_SECRET is"],
  ])(
    "a half-set environment pair is an auth error, never mixed with a profile (%o)",
    (pair, message) => {
      const env = {
        ...envWithProfiles({ default: { apiKey: "profile-key", apiSecret: OTHER_SECRET } }),
        ...pair,
      };
      const error = failure(() => resolveCredentials({ env, profile: "default" }));
      expect(error.kind).toBe("auth");
      expect(error.exitCode).toBe(4);
      expect(error.message).toBe(message);
    },
  );

  it("nothing configured → auth error naming how to provide credentials", () => {
    const error = failure(() =>
      resolveCredentials({ env: envWithProfiles({}), profile: "default" }),
    );
    expect(error.kind).toBe("auth");
    expect(error.message).toBe("no API credentials found (profile 'default')");
    expect(error.hint).toContain("tradectl auth login");
    expect(error.hint).toContain("TRADECTL_API_KEY");
  });

  it("a missing profile name is reported by name", () => {
    const env = envWithProfiles({ default: { apiKey: "k", apiSecret: SECRET } });
    expect(failure(() => resolveCredentials({ env, profile: "prod" })).message).toContain("'prod'");
  });

  it.each(["not base64!", "abc", "c2VjcmV0=", "c2Vj cmV0"])(
    "a secret that is not base64 (%s) is an auth error naming where it came from, never echoing it",
    (secret) => {
      const error = failure(() =>
        resolveCredentials({
          env: { TRADECTL_API_KEY: "k", TRADECTL_API_SECRET: secret },
          profile: "default",
        }),
      );
      expect(error.kind).toBe("auth");
      expect(error.message).toContain("TRADECTL_API_SECRET");
      expect(error.message).toContain("not valid base64");
      expect(error.message).not.toContain(secret);
      expect(error.hint).toContain("tradectl auth login");
    },
  );

  it("a malformed secret in a profile is refused too", () => {
    const env = envWithProfiles({ default: { apiKey: "k", apiSecret: "%%%" } });
    const error = failure(() => resolveCredentials({ env, profile: "default" }));
    expect(error.kind).toBe("auth");
    expect(error.message).toContain("profile 'default'");
  });
});
