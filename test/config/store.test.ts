import { chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configDir, configFile, stateDir } from "../../src/config/paths.js";
import { readConfig, writeConfig } from "../../src/config/store.js";
import { TradectlError } from "../../src/errors.js";

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
  it("writes the file 0600 in a 0700 directory and reads it back", () => {
    const path = join(fresh(), "deep", "tradectl", "config.json");
    const config = { profiles: { default: { apiKey: "k", apiSecret: "c2VjcmV0" } } };
    writeConfig(path, config);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(path, "..")).mode & 0o777).toBe(0o700);
    expect(readConfig(path)).toEqual(config);
  });

  it("rewriting keeps 0600 even when the old file was looser", () => {
    const dir = fresh();
    const path = join(dir, "config.json");
    writeFileSync(path, "{}", { mode: 0o644 });
    chmodSync(path, 0o644);
    writeConfig(path, { profiles: {} });
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("a missing file is an empty config", () => {
    expect(readConfig(join(fresh(), "none.json"))).toEqual({ profiles: {} });
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
      expect(e.hint).toBe(`run: chmod 600 '${path}'`);
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
    expect(readConfig(path)).toEqual({ profiles: {} });
  });
});
