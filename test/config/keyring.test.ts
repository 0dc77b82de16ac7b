import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sleep } from "../../src/api/sleep.js";
import { systemKeyring } from "../../src/config/keyring.js";
import type { TradectlError } from "../../src/errors.js";
import { inEnglish } from "../../src/i18n/index.js";
import { tempHome } from "../helpers/cli.js";
import { FakeClock } from "../helpers/fake-clock.js";
import { memoryKeyring, noKeyring, secretToolLookup } from "../helpers/keyring.js";
import { runMain } from "../helpers/run.js";
import { DEMO_CREDENTIALS, withSandbox } from "../helpers/sandbox.js";

/**
 * Secrets in the operating system's keyring (the contract's "Secrets and the network path").
 * The tests marked "real keyring" need a Secret Service: CI runs them inside
 * scripts/with-keyring.sh (a D-Bus session, gnome-keyring, an unlocked collection); where none
 * answers they report themselves skipped. The rest use a keyring in memory, or none.
 */

const KEY = DEMO_CREDENTIALS.publicKey;
const SECRET = DEMO_CREDENTIALS.secret;

/** A profile name of this run only: the system keyring outlives the test. */
const profileName = () => `test-${randomBytes(4).toString("hex")}`;

function configOf(home: { XDG_CONFIG_HOME: string }) {
  return JSON.parse(readFileSync(join(home.XDG_CONFIG_HOME, "tradectl", "config.json"), "utf8"));
}

function writeConfig(home: { XDG_CONFIG_HOME: string }, profiles: object) {
  const dir = join(home.XDG_CONFIG_HOME, "tradectl");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(join(dir, "config.json"), JSON.stringify({ profiles }), { mode: 0o600 });
}

/** The D-Bus session of this test process, handed to the runs (they see only what they are given). */
const session = {
  ...(process.env.DBUS_SESSION_BUS_ADDRESS
    ? { DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS }
    : {}),
  PATH: process.env.PATH,
};

/** Whether a Secret Service answers here: one entry written, read back and removed. */
async function secretServiceAnswers(): Promise<boolean> {
  if (process.platform !== "linux" || !process.env.DBUS_SESSION_BUS_ADDRESS) return false;
  const keyring = systemKeyring(session, sleep);
  const account = profileName();
  try {
    await keyring.write(account, "probe");
    const back = await keyring.read(account);
    await keyring.remove(account);
    return back === "probe";
  } catch {
    return false;
  }
}
const REAL = await secretServiceAnswers();

describe.skipIf(!REAL)("real keyring (Secret Service)", () => {
  it("login stores the secret there, the file holds none, a signed request works from it, logout removes it", async () => {
    await withSandbox(async (sandbox) => {
      const home = tempHome();
      const profile = profileName();
      const env = { ...session, TRADECTL_PROFILE: profile, TRADECTL_BASE_URL: sandbox.url };
      const login = await runMain(["auth", "login", "--key", KEY, "--with-secret-stdin"], {
        home,
        env,
        input: SECRET,
      });
      expect(login.code, login.stderr).toBe(0);
      expect(login.stderr).toContain("Secret saved in the system keyring");
      const fileText = readFileSync(join(home.XDG_CONFIG_HOME, "tradectl", "config.json"), "utf8");
      expect(fileText).not.toContain(SECRET);
      expect(configOf(home).profiles[profile]).toEqual({ apiKey: KEY, secretStore: "keyring" });
      expect(secretToolLookup(profile)).toBe(SECRET);

      const status = await runMain(["-o", "json", "auth", "status"], { home, env });
      expect(status.code, status.stderr).toBe(0);
      expect(JSON.parse(status.stdout)).toMatchObject({ secretStore: "keyring", accepted: true });
      const list = await runMain(["-o", "json", "declarations", "list"], { home, env });
      expect(list.code, list.stderr).toBe(0);

      const logout = await runMain(["-o", "json", "auth", "logout"], { home, env });
      expect(logout.code, logout.stderr).toBe(0);
      expect(JSON.parse(logout.stdout)).toMatchObject({ removed: true, fromKeyring: true });
      expect(secretToolLookup(profile)).toBeNull();
      expect(configOf(home).profiles[profile]).toBeUndefined();
    });
  });

  it("a plaintext profile moves to the keyring on the next login; --insecure-storage keeps the file", async () => {
    await withSandbox(async (sandbox) => {
      const home = tempHome();
      const profile = profileName();
      writeConfig(home, { [profile]: { apiKey: KEY, apiSecret: SECRET, baseUrl: sandbox.url } });
      const env = { ...session, TRADECTL_PROFILE: profile };
      // The plaintext secret keeps working.
      expect((await runMain(["declarations", "list"], { home, env })).code).toBe(0);
      const login = await runMain(["auth", "login", "--key", KEY, "--with-secret-stdin"], {
        home,
        env,
        input: SECRET,
      });
      expect(login.code, login.stderr).toBe(0);
      expect(login.stderr).toContain(`The secret of profile '${profile}' moved from`);
      expect(configOf(home).profiles[profile]).toEqual({
        apiKey: KEY,
        secretStore: "keyring",
        baseUrl: sandbox.url,
      });
      expect(secretToolLookup(profile)).toBe(SECRET);

      const insecure = await runMain(
        ["auth", "login", "--insecure-storage", "--key", KEY, "--with-secret-stdin"],
        { home, env, input: SECRET },
      );
      expect(insecure.code, insecure.stderr).toBe(0);
      expect(configOf(home).profiles[profile]).toEqual({
        apiKey: KEY,
        apiSecret: SECRET,
        baseUrl: sandbox.url,
      });
      // The keyring's copy is gone with it.
      expect(secretToolLookup(profile)).toBeNull();
    });
  });
});

describe("a keyring that does not answer", () => {
  let dir: string;
  let silent: Server;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "tradectl-silent-bus-"));
    // Accepts the connection and never says a word, as a hung D-Bus daemon would.
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(join(dir, "bus"), resolve));
  });
  afterAll(() => {
    silent.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(process.platform !== "linux")(
    "is given up after 4 s on the run's clock (the command ends within 5 s), with its fix, and the child is killed",
    async () => {
      const clock = new FakeClock();
      const env = { DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dir, "bus")}` };
      const read = systemKeyring(env, clock.sleep).read("default");
      await clock.sleeping();
      expect(clock.slept).toEqual([4_000]);
      await clock.next();
      const error = (await read.catch((e: unknown) => e)) as TradectlError;
      expect(error).toMatchObject({
        kind: "auth",
        message: "the keyring did not answer within 4 s",
      });
      expect(inEnglish(error.hint!)).toContain("--insecure-storage");
    },
  );
});

describe("the keyring seam (a keyring in memory, or none)", () => {
  it("without a keyring, login keeps the secret in the file and says so in one line", async () => {
    await withSandbox(async (sandbox) => {
      const home = tempHome();
      const run = await runMain(["auth", "login", "--key", KEY, "--with-secret-stdin"], {
        home,
        env: { TRADECTL_BASE_URL: sandbox.url },
        input: SECRET,
        keyring: noKeyring(),
      });
      expect(run.code, run.stderr).toBe(0);
      const notice = run.stderr.split("\n").filter((line) => line.includes("No keyring answered"));
      expect(notice).toHaveLength(1);
      expect(notice[0]).toContain("(no D-Bus session)");
      expect(notice[0]).toContain("mode 0600");
      expect(configOf(home).profiles.default).toEqual({ apiKey: KEY, apiSecret: SECRET });
    });
  });

  it("status says keyring, file or env; logout removes the keyring's entry; the secret is never printed", async () => {
    await withSandbox(async (sandbox) => {
      const home = tempHome();
      const keyring = memoryKeyring();
      const env = { TRADECTL_BASE_URL: sandbox.url };
      const login = await runMain(
        ["--debug", "auth", "login", "--key", KEY, "--with-secret-stdin"],
        {
          home,
          env,
          input: SECRET,
          keyring,
        },
      );
      expect(login.code, login.stderr).toBe(0);
      expect(keyring.entries.get("default")).toBe(SECRET);
      const store = async (extra: NodeJS.ProcessEnv = {}) => {
        const run = await runMain(["--debug", "-o", "json", "auth", "status"], {
          home,
          env: { ...env, ...extra },
          keyring,
        });
        expect(run.stdout + run.stderr).not.toContain(SECRET);
        return JSON.parse(run.stdout).secretStore;
      };
      expect(await store()).toBe("keyring");
      expect(await store({ TRADECTL_API_KEY: KEY, TRADECTL_API_SECRET: SECRET })).toBe("env");
      const logout = await runMain(["auth", "logout"], { home, env, keyring });
      expect(logout.code).toBe(0);
      expect(logout.stderr).toContain(
        "Removed the secret of profile 'default' from the system keyring",
      );
      expect(keyring.entries.size).toBe(0);
      expect(login.stdout + login.stderr).not.toContain(SECRET);

      writeConfig(home, { default: { apiKey: KEY, apiSecret: SECRET } });
      expect(await store()).toBe("file");
    });
  });

  it("a profile whose keyring entry is gone, or whose keyring does not answer, is an auth error with its fix", async () => {
    const home = tempHome();
    writeConfig(home, { work: { apiKey: KEY, secretStore: "keyring" } });
    const env = { TRADECTL_PROFILE: "work", TRADECTL_BASE_URL: "http://127.0.0.1:9" };
    const gone = await runMain(["declarations", "list"], { home, env, keyring: memoryKeyring() });
    expect(gone.code).toBe(4);
    expect(gone.stderr).toContain("the secret of profile 'work' is not in the keyring any more");
    expect(gone.stderr).toContain("tradectl --profile work auth login");
    const none = await runMain(["declarations", "list"], { home, env, keyring: noKeyring() });
    expect(none.code).toBe(4);
    expect(none.stderr).toContain("is in the system keyring, which does not answer here");
  });
});
