import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configDir, configFile, stateDir } from "../../src/config/paths.js";
import { profileIn, readConfig, updateConfig } from "../../src/config/store.js";
import { TradectlError } from "../../src/errors.js";
import { inEnglish } from "../../src/i18n/index.js";

const fresh = () => mkdtempSync(join(tmpdir(), "tradectl-config-"));

describe("config paths", () => {
  it("follow XDG variables, else ~/.config and ~/.local/state", () => {
    expect(configFile({ XDG_CONFIG_HOME: "/x/cfg", HOME: "/h" })).toBe(
      "/x/cfg/tradectl/config.json",
    );
    expect(configDir({ HOME: "/h" })).toBe("/h/.config/tradectl");
    expect(configDir({ XDG_CONFIG_HOME: "  ", HOME: "/h" })).toBe("/h/.config/tradectl");
    expect(stateDir({ XDG_STATE_HOME: "/x/state", HOME: "/h" })).toBe("/x/state/tradectl");
    expect(stateDir({ HOME: "/h" })).toBe("/h/.local/state/tradectl");
  });
});

describe("config store", () => {
  it("writes the file 0600 in a 0700 directory and reads it back", async () => {
    const path = join(fresh(), "deep", "tradectl", "config.json");
    const profile = { apiKey: "k", apiSecret: "c2VjcmV0" };
    await updateConfig(path, (config) => {
      config.profiles.default = profile;
    });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(path, "..")).mode & 0o777).toBe(0o700);
    expect({ ...readConfig(path).profiles }).toEqual({ default: profile });
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it("keeps top-level keys it does not know (other commands' settings)", async () => {
    const path = join(fresh(), "config.json");
    writeFileSync(path, '{"senders":{"me":{"self":true}},"profiles":{}}', { mode: 0o600 });
    await updateConfig(path, (config) => {
      config.profiles.work = { apiKey: "k" };
    });
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual({
      senders: { me: { self: true } },
      profiles: { work: { apiKey: "k" } },
    });
  });

  it.each(["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"])(
    "a profile named %s is saved and read back like any other",
    async (name) => {
      const path = join(fresh(), "config.json");
      await updateConfig(path, (config) => {
        config.profiles[name] = { apiKey: "proto-key", apiSecret: "c2VjcmV0" };
      });
      const onDisk = JSON.parse(readFileSync(path, "utf8"));
      expect(Object.hasOwn(onDisk.profiles, name)).toBe(true);
      expect(profileIn(readConfig(path), name)).toEqual({
        apiKey: "proto-key",
        apiSecret: "c2VjcmV0",
      });
      // And a name that is not saved is not found on Object.prototype either.
      const other = name === "constructor" ? "toString" : "constructor";
      expect(profileIn(readConfig(path), other)).toBeUndefined();
    },
  );

  it("twelve parallel read-modify-writes to twelve profiles leave twelve profiles", async () => {
    const path = join(fresh(), "config.json");
    const names = Array.from({ length: 12 }, (_, i) => `p${i}`);
    await Promise.all(
      names.map((name) =>
        updateConfig(path, (config) => {
          config.profiles[name] = { apiKey: name };
        }),
      ),
    );
    expect(Object.keys(readConfig(path).profiles).sort()).toEqual([...names].sort());
  });

  it("a missing file is an empty config", () => {
    expect({ ...readConfig(join(fresh(), "none.json")).profiles }).toEqual({});
  });

  it.each([0o644, 0o640, 0o604, 0o660])(
    "refuses a file with mode %o and says which chmod fixes it",
    (mode) => {
      const path = join(fresh(), "config.json");
      writeFileSync(path, '{"profiles":{}}');
      chmodSync(path, mode);
      let error: unknown;
      try {
        readConfig(path);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(TradectlError);
      const e = error as TradectlError;
      expect(e.kind).toBe("auth");
      expect(e.exitCode).toBe(4);
      expect(e.message).toContain(path);
      expect(e.message).toContain(`mode ${mode.toString(8)}`);
      expect(inEnglish(e.hint!)).toBe(`run: chmod 600 '${path}'`);
    },
  );

  it("a file that is not JSON is an auth error with a way out, not a parser stack", () => {
    const path = join(fresh(), "config.json");
    writeFileSync(path, "{ not json", { mode: 0o600 });
    expect(() => readConfig(path)).toThrowError(/is not valid JSON/);
  });

  it("a JSON file without profiles reads as empty", () => {
    const dir = fresh();
    mkdirSync(dir, { recursive: true });
    const path = join(dir, "config.json");
    writeFileSync(path, '{"profiles":[1,2]}', { mode: 0o600 });
    expect({ ...readConfig(path).profiles }).toEqual({});
  });
});
