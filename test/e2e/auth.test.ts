import { existsSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CREDENTIALS, type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { BIN, ROOT, runCli, tempHome } from "../helpers/cli.js";
import { sendJson, startTestServer } from "../helpers/http-server.js";

// node-pty is CommonJS with a native part; load it the way Node loads CommonJS.
const pty = createRequire(import.meta.url)("@lydell/node-pty") as typeof import("@lydell/node-pty");

const { publicKey: KEY, secret: SECRET } = DEMO_CREDENTIALS;
const WRONG_SECRET = "d3Jvbmctc2VjcmV0LWtleQ==";
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07/g;

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ statePath: null });
}, 60_000);
afterAll(() => sandbox.close());

const configOf = (home: ReturnType<typeof tempHome>) =>
  join(home.XDG_CONFIG_HOME, "tradectl", "config.json");

describe("auth with the built binary against the sandbox", () => {
  it("login from stdin, status, logout: 0600 file, the secret never printed", async () => {
    const home = tempHome();
    const env = { ...home, TRADECTL_BASE_URL: sandbox.url };
    const login = await runCli(["auth", "login", "--key", KEY, "--with-secret-stdin"], {
      env,
      input: `${SECRET}\n`,
    });
    expect(login.code).toBe(0);
    expect(login.stderr).toContain("Logged in as sand…-key (profile 'default')");
    expect(statSync(configOf(home)).mode & 0o777).toBe(0o600);

    const status = await runCli(["auth", "status", "--json"], { env });
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({
      source: "profile",
      key: "sand…-key",
      accepted: true,
      baseUrl: sandbox.url,
    });

    const logout = await runCli(["auth", "logout"], { env });
    expect(logout.code).toBe(0);
    const after = await runCli(["auth", "status"], { env });
    expect(after.code).toBe(4);
    expect(after.stderr).toContain("tradectl auth login");

    for (const run of [login, status, logout, after]) {
      expect(run.stdout + run.stderr).not.toContain(SECRET);
    }
  });

  it("a pair the server refuses: exit 4, a hint about the key, no file written", async () => {
    const home = tempHome();
    const run = await runCli(["auth", "login", "--key", KEY, "--with-secret-stdin"], {
      env: { ...home, TRADECTL_BASE_URL: sandbox.url },
      input: WRONG_SECRET,
    });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/hint: .*IP addresses.*nothing was saved/);
    expect(run.stdout + run.stderr).not.toContain(WRONG_SECRET);
    expect(existsSync(configOf(home))).toBe(false);
  });

  it("six parallel logins to six profiles: all six say Saved, and all six are saved", async () => {
    // A server that accepts any pair: the race under test is the config file's, not the stamps'.
    const accepting = await startTestServer((_req, res) => sendJson(res, 200, "[]"));
    try {
      const home = tempHome();
      const env = { ...home, TRADECTL_BASE_URL: accepting.url };
      const names = ["p1", "p2", "p3", "p4", "p5", "p6"];
      const runs = await Promise.all(
        names.map((name) =>
          runCli(
            ["--profile", name, "auth", "login", "--key", `key-of-${name}`, "--with-secret-stdin"],
            {
              env,
              input: SECRET,
              timeoutMs: 60_000,
            },
          ),
        ),
      );
      for (const run of runs) {
        expect(run.stderr).not.toContain("error:");
        expect(run.code).toBe(0);
      }
      const saved = JSON.parse(readFileSync(configOf(home), "utf8")).profiles;
      expect(Object.keys(saved).sort()).toEqual(names);
      for (const name of names) expect(saved[name].apiKey).toBe(`key-of-${name}`);
      expect(statSync(configOf(home)).mode & 0o777).toBe(0o600);
      expect(existsSync(`${configOf(home)}.lock`)).toBe(false);
    } finally {
      await accepting.close();
    }
  }, 90_000);

  it("auth status --sandbox checks the embedded sandbox's demo credentials", async () => {
    const run = await runCli(["--sandbox", "auth", "status", "-o", "json"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ source: "sandbox", accepted: true });
  });
});

/** tradectl in a real pseudo-terminal; keys are sent only once their prompt is on screen. */
function terminal(args: string[], env: NodeJS.ProcessEnv) {
  const term = pty.spawn(process.execPath, [BIN, ...args], {
    name: "xterm-256color",
    cols: 100,
    rows: 30,
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", TERM: "xterm-256color", ...env },
  });
  let raw = "";
  const waiters = new Set<() => void>();
  term.onData((data) => {
    raw += data;
    for (const wake of waiters) wake();
  });
  const exit = new Promise<number>((resolve) => term.onExit(({ exitCode }) => resolve(exitCode)));
  const screen = () => raw.replace(ANSI, "");
  const waitFor = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!screen().includes(text)) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        term.kill();
        reject(new Error(`timed out waiting for ${text}; the screen showed:\n${screen()}`));
      }, 15_000);
      waiters.add(check);
      check();
    });
  return { write: (keys: string) => term.write(keys), waitFor, screen, raw: () => raw, exit };
}

describe("auth login in a real terminal", () => {
  it("asks for the key, then the secret without echoing it, then saves", async () => {
    const home = tempHome();
    const t = terminal(["--base-url", sandbox.url, "auth", "login"], home);
    await t.waitFor("Public API key:");
    t.write(`${KEY}\r`);
    await t.waitFor("Private key (not shown):");
    t.write(`${SECRET}\r`);
    await t.waitFor("Logged in as sand…-key (profile 'default')");
    expect(await t.exit).toBe(0);
    expect(t.screen()).not.toContain(SECRET);
    expect(t.screen()).toContain("*".repeat(SECRET.length));
    expect(JSON.parse(readFileSync(configOf(home), "utf8")).profiles.default).toEqual({
      apiKey: KEY,
      apiSecret: SECRET,
    });
  });

  it("a secret that is not base64 is refused at the prompt, before anything is sent", async () => {
    const home = tempHome();
    const before = sandbox.requests.length;
    const t = terminal(["--base-url", sandbox.url, "auth", "login", "--key", KEY], home);
    await t.waitFor("Private key (not shown):");
    t.write("not-base64!\r");
    await t.waitFor("not valid base64");
    t.write("\x03");
    expect(await t.exit).toBe(130);
    expect(sandbox.requests.length).toBe(before);
    expect(existsSync(configOf(home))).toBe(false);
  });

  it("--no-color: the prompts carry no colour at all (SGR), Ctrl-D at a prompt cancels with 130", async () => {
    const home = tempHome();
    const before = sandbox.requests.length;
    const t = terminal(["--base-url", sandbox.url, "--no-color", "auth", "login"], home);
    await t.waitFor("Public API key:");
    t.write(`${KEY}\r`);
    await t.waitFor("Private key (not shown):");
    // Ctrl-D (end of input) on the empty secret prompt.
    t.write("\x04");
    await t.waitFor("cancelled; nothing was sent");
    expect(await t.exit).toBe(130);
    expect(t.raw()).not.toMatch(/\x1b\[[0-9;]*m/);
    expect(sandbox.requests.length).toBe(before);
    expect(existsSync(configOf(home))).toBe(false);
  });

  it("with colour allowed the same prompts are coloured (the check above can fail)", async () => {
    const home = tempHome();
    const t = terminal(["--base-url", sandbox.url, "auth", "login"], home);
    await t.waitFor("Public API key:");
    t.write("\x03");
    expect(await t.exit).toBe(130);
    expect(t.raw()).toMatch(/\x1b\[[0-9;]*m/);
  });

  it("stderr not a terminal (auth login 2>log): no prompt written into the log, the flag named", async () => {
    const home = tempHome();
    const t = pty.spawn(
      "/bin/sh",
      ["-c", `"${process.execPath}" "${BIN}" --base-url ${sandbox.url} auth login 2>"$LOG"`],
      {
        name: "xterm-256color",
        cols: 100,
        rows: 30,
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", ...home, LOG: `${home.HOME}/log` },
      },
    );
    const code = await new Promise<number>((resolve) =>
      t.onExit(({ exitCode }) => resolve(exitCode)),
    );
    const log = readFileSync(`${home.HOME}/log`, "utf8");
    expect(code).toBe(2);
    expect(log).not.toContain("Public API key:");
    expect(log).toContain("pass it with --key PUBLIC_KEY");
  });
});

describe("the --debug trace is the run's one sanitised trace", () => {
  it("auth status --debug: a 401 body holding ESC/BEL reaches stderr neutralised", async () => {
    const server = await startTestServer((_req, res) =>
      sendJson(res, 401, '{"success":false,"message":"bad\x1b]0;pwned\x07key","code":401}'),
    );
    try {
      const result = await runCli(["--debug", "--retries", "0", "auth", "status"], {
        env: {
          TRADECTL_BASE_URL: server.url,
          TRADECTL_API_KEY: KEY,
          TRADECTL_API_SECRET: SECRET,
        },
      });
      expect(result.code).toBe(4);
      expect(result.stderr).toContain("[debug]");
      expect(result.stderr).not.toMatch(/[\x07\x1b]/);
    } finally {
      await server.close();
    }
  });
});
