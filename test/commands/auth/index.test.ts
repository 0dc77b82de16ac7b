import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signV1 } from "../../../src/wire/signer.js";
import {
  type RecordedRequest,
  sendJson,
  startTestServer,
  type TestServer,
} from "../../helpers/http-server.js";
import { runMain } from "../../helpers/run.js";

const KEY = "good-public-key-0001";
const SECRET = "c2VjcmV0LWtleS1ieXRlcy1mb3ItdGVzdHM=";
const OTHER_SECRET = "b3RoZXItc2VjcmV0LWJ5dGVz";
/** How login and status check a pair: one page of one declaration, both statuses. */
const CHECK_PATH =
  "/api/v1/crypto-deposit-declarations?status=Pending&status=Confirmed&page=1&pageSize=1";
/** The test server's clock runs this far ahead, so `auth status` has an offset to report. */
const SKEW_MS = 60_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const tradectl = (args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<Run> =>
  runMain(args, { env, input });

/** Accepts only KEY signed with SECRET, like the service: anything else is a 401. */
function handler(req: RecordedRequest, res: Parameters<Parameters<typeof startTestServer>[0]>[1]) {
  if (req.url === "/api/v2/server/time") {
    sendJson(res, 200, JSON.stringify({ serverTime: Date.now() + SKEW_MS }));
    return;
  }
  const stamp = String(req.headers["x-stamp"]);
  const good =
    req.headers["x-pck"] === KEY && req.headers["x-signature"] === signV1(KEY, SECRET, stamp);
  if (!good) {
    sendJson(res, 401, '{"success":false,"message":"Unauthorized","code":401}');
    return;
  }
  if (req.url.startsWith("/api/v1/crypto-deposit-declarations?")) {
    sendJson(res, 200, "[]");
    return;
  }
  // No exchanges listing here (its path is unconfirmed): login and status must not need one.
  sendJson(res, 404, '{"success":false,"message":"Not Found","code":404}');
}

let server: TestServer;
let home: string;
let env: NodeJS.ProcessEnv;
const configPath = () => join(home, "tradectl", "config.json");
const readSaved = () => JSON.parse(readFileSync(configPath(), "utf8"));

beforeAll(async () => {
  server = await startTestServer(handler);
});
afterAll(() => server.close());
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "tradectl-auth-"));
  // HOME and XDG_STATE_HOME too: a clock offset measured here must not land in the real home.
  env = {
    HOME: home,
    XDG_CONFIG_HOME: home,
    XDG_STATE_HOME: join(home, "state"),
    TRADECTL_BASE_URL: server.url,
  };
  server.requests.length = 0;
});

function expectNoSecret(run: Run): void {
  for (const secret of [SECRET, OTHER_SECRET]) {
    expect(run.stdout).not.toContain(secret);
    expect(run.stderr).not.toContain(secret);
  }
}

describe("auth login", () => {
  it("checks the pair with one authenticated request, then saves it 0600", async () => {
    const run = await tradectl(
      ["auth", "login", "--key", KEY, "--with-secret-stdin"],
      env,
      `${SECRET}\n`,
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("Logged in as good…0001 (profile 'default')");
    expectNoSecret(run);
    // One page of one declaration: the endpoint the tool exists for, not the exchanges listing.
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${CHECK_PATH}`]);
    expect(server.requests[0]!.headers["x-pck"]).toBe(KEY);
    expect(readSaved().profiles.default).toEqual({ apiKey: KEY, apiSecret: SECRET });
    expect(statSync(configPath()).mode & 0o777).toBe(0o600);
    expect(statSync(join(home, "tradectl")).mode & 0o777).toBe(0o700);
  });

  it("saves to --profile and leaves the other profiles alone", async () => {
    await tradectl(["auth", "login", "--key", KEY, "--with-secret-stdin"], env, SECRET);
    const run = await tradectl(
      ["--profile", "work", "auth", "login", "--key", KEY, "--with-secret-stdin"],
      env,
      `${SECRET}\r\n`,
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("(profile 'work')");
    expect(Object.keys(readSaved().profiles)).toEqual(["default", "work"]);
    expect(readSaved().profiles.work.apiSecret).toBe(SECRET);
  });

  it("keeps other settings of the profile when it replaces the key pair", async () => {
    mkdirSync(join(home, "tradectl"), { mode: 0o700 });
    writeFileSync(
      configPath(),
      JSON.stringify({
        profiles: { default: { apiKey: "old", apiSecret: OTHER_SECRET, baseUrl: "https://x" } },
      }),
      { mode: 0o600 },
    );
    const run = await tradectl(["auth", "login", "--key", KEY, "--with-secret-stdin"], env, SECRET);
    expect(run.code).toBe(0);
    expect(readSaved().profiles.default).toEqual({
      apiKey: KEY,
      apiSecret: SECRET,
      baseUrl: "https://x",
    });
  });

  it("refused by the server (401): exit 4, nothing saved, a hint about permissions and IP binding", async () => {
    const run = await tradectl(
      ["auth", "login", "--key", KEY, "--with-secret-stdin"],
      env,
      OTHER_SECRET,
    );
    expect(run.code).toBe(4);
    expect(run.stderr).toContain("the server refused this key pair: Unauthorized");
    expect(run.stderr).toMatch(/hint:.*permissions.*IP addresses.*nothing was saved/);
    expectNoSecret(run);
    expect(existsSync(configPath())).toBe(false);
  });

  it("refuses a secret that is not base64 before sending anything (exit 2)", async () => {
    const run = await tradectl(
      ["auth", "login", "--key", KEY, "--with-secret-stdin"],
      env,
      "not base64!\n",
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("not valid base64");
    expect(run.stderr).not.toContain("not base64!");
    expect(server.requests).toHaveLength(0);
    expect(existsSync(configPath())).toBe(false);
  });

  it("without a terminal, a missing key or secret names the flag (exit 2), nothing sent", async () => {
    const noKey = await tradectl(["auth", "login", "--with-secret-stdin"], env, SECRET);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain("--key");
    const noSecret = await tradectl(["auth", "login", "--key", KEY], env);
    expect(noSecret.code).toBe(2);
    expect(noSecret.stderr).toContain("--with-secret-stdin");
    const empty = await tradectl(["auth", "login", "--key", KEY, "--with-secret-stdin"], env, "\n");
    expect(empty.code).toBe(2);
    expect(server.requests).toHaveLength(0);
  });

  it("-o json prints what was saved, key masked", async () => {
    const run = await tradectl(
      ["-o", "json", "auth", "login", "--key", KEY, "--with-secret-stdin"],
      env,
      SECRET,
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      profile: "default",
      key: "good…0001",
      configFile: configPath(),
      // No D-Bus session in this environment: no keyring answers, the file is the fallback.
      secretStore: "file",
    });
  });

  it("says when credentials in the environment will win over the saved profile", async () => {
    const run = await tradectl(
      ["auth", "login", "--key", KEY, "--with-secret-stdin"],
      { ...env, TRADECTL_API_KEY: "env-key", TRADECTL_API_SECRET: OTHER_SECRET },
      SECRET,
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /note: TRADECTL_API_KEY and TRADECTL_API_SECRET are set.*not profile 'default'/,
    );
    expectNoSecret(run);
  });
});

describe("auth status", () => {
  async function login(profile = "default") {
    const run = await tradectl(
      ["--profile", profile, "auth", "login", "--key", KEY, "--with-secret-stdin"],
      env,
      SECRET,
    );
    expect(run.code).toBe(0);
    server.requests.length = 0;
  }

  it("reports the profile, the masked key, acceptance and the clock offset (-o json)", async () => {
    await login();
    const run = await tradectl(["auth", "status", "-o", "json"], env);
    expect(run.code).toBe(0);
    const status = JSON.parse(run.stdout);
    expect(status).toMatchObject({
      profile: "default",
      source: "profile",
      origin: `profile 'default' in ${configPath()}`,
      configFile: configPath(),
      key: "good…0001",
      baseUrl: server.url,
      baseUrlSource: "env",
      accepted: true,
      error: null,
    });
    // The server runs a minute ahead; the offset is measured around one request.
    expect(status.clockOffsetMs).toBeGreaterThan(SKEW_MS - 5_000);
    expect(status.clockOffsetMs).toBeLessThan(SKEW_MS + 5_000);
    expectNoSecret(run);
    expect(server.requests.map((r) => r.url)).toEqual(["/api/v2/server/time", CHECK_PATH]);
  });

  it("a table for people says where the credentials come from", async () => {
    await login("work");
    const run = await tradectl(["--profile", "work", "auth", "status", "-o", "table"], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Profile\s+work/);
    // A value longer than the line goes on below its label, broken at a space (80 columns here).
    expect(run.stdout).toMatch(/Credentials\s+profile 'work' \(--profile\) in\s+\S*config\.json/);
    for (const line of run.stdout.trimEnd().split("\n"))
      expect(line.length).toBeLessThanOrEqual(80);
    expect(run.stdout).toMatch(/Server\s+http:\/\/127\.0\.0\.1:\d+ \(from TRADECTL_BASE_URL\)/);
    expect(run.stdout).toMatch(/Key\s+good…0001/);
    expect(run.stdout).toMatch(/Accepted\s+yes/);
    expect(run.stdout).toMatch(/Clock\s+the server is \d+ ms ahead of this machine/);
  });

  it("credentials from the environment win, and are named as the source", async () => {
    await login();
    const run = await tradectl(["auth", "status", "-o", "json"], {
      ...env,
      TRADECTL_API_KEY: KEY,
      TRADECTL_API_SECRET: SECRET,
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      source: "env",
      configFile: null,
      accepted: true,
    });
  });

  it("refused credentials: exit 4, accepted false with the error kind, and the hint", async () => {
    const run = await tradectl(["auth", "status", "-o", "json"], {
      ...env,
      TRADECTL_API_KEY: KEY,
      TRADECTL_API_SECRET: OTHER_SECRET,
    });
    expect(run.code).toBe(4);
    const status = JSON.parse(run.stdout);
    expect(status.accepted).toBe(false);
    expect(status.error).toMatchObject({ kind: "auth", status: 401, message: "Unauthorized" });
    expect(run.stderr).toMatch(/hint:.*IP addresses/);
    expect(run.stderr).toContain('"kind":"auth"');
    expectNoSecret(run);
  });

  it("no credentials at all: exit 4 and how to log in", async () => {
    const run = await tradectl(["auth", "status"], env);
    expect(run.code).toBe(4);
    expect(run.stderr).toContain("tradectl auth login");
    expect(server.requests).toHaveLength(0);
  });

  it("an unreachable server is not a refusal: accepted null, the network's exit code", async () => {
    await login();
    const dead = await startTestServer(() => {});
    const url = dead.url;
    await dead.close();
    const run = await tradectl(["--retries", "0", "auth", "status", "-o", "json"], {
      ...env,
      TRADECTL_BASE_URL: url,
    });
    expect(run.code).toBe(1);
    const status = JSON.parse(run.stdout);
    expect(status).toMatchObject({ accepted: null, clockOffsetMs: null });
    expect(status.error.kind).toBe("network");
  });
});

describe("auth logout", () => {
  it("removes the profile's key pair, keeps other profiles; a second logout has nothing to do", async () => {
    await tradectl(["auth", "login", "--key", KEY, "--with-secret-stdin"], env, SECRET);
    await tradectl(
      ["--profile", "work", "auth", "login", "--key", KEY, "--with-secret-stdin"],
      env,
      SECRET,
    );
    const run = await tradectl(["auth", "logout"], env);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("removed the credentials of good…0001 from profile 'default'");
    expect(readSaved().profiles).toEqual({ work: { apiKey: KEY, apiSecret: SECRET } });
    expect(statSync(configPath()).mode & 0o777).toBe(0o600);

    const again = await tradectl(["auth", "logout"], env);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain("No credentials saved in profile 'default'; nothing to remove");

    const work = await tradectl(["--profile", "work", "auth", "logout", "-o", "json"], env);
    expect(work.code).toBe(0);
    expect(JSON.parse(work.stdout)).toMatchObject({
      profile: "work",
      removed: true,
      key: "good…0001",
    });
    expect(readSaved().profiles).toEqual({});
  });

  it("with no config file at all, says so and creates nothing", async () => {
    const run = await tradectl(["auth", "logout"], env);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("nothing to remove");
    expect(existsSync(configPath())).toBe(false);
  });

  it("keeps a profile's other settings", async () => {
    mkdirSync(join(home, "tradectl"), { mode: 0o700 });
    writeFileSync(
      configPath(),
      JSON.stringify({
        profiles: { default: { apiKey: KEY, apiSecret: SECRET, baseUrl: "https://x" } },
      }),
      { mode: 0o600 },
    );
    const run = await tradectl(["auth", "logout"], env);
    expect(run.code).toBe(0);
    expect(readSaved().profiles.default).toEqual({ baseUrl: "https://x" });
  });
});

describe("where a run's credentials and server come from", () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer(handler);
  });
  afterAll(() => other.close());
  beforeEach(() => {
    other.requests.length = 0;
  });

  /** A config file written by hand, as a user (or another tool) would. */
  function writeProfiles(profiles: Record<string, Record<string, string>>) {
    mkdirSync(join(home, "tradectl"), { recursive: true, mode: 0o700 });
    writeFileSync(configPath(), JSON.stringify({ profiles }), { mode: 0o600 });
  }

  it("a profile's baseUrl is where its requests go (below --base-url and TRADECTL_BASE_URL)", async () => {
    writeProfiles({ work: { apiKey: KEY, apiSecret: SECRET, baseUrl: other.url } });
    const { TRADECTL_BASE_URL: _unset, ...noUrl } = env;
    const run = await tradectl(["--profile", "work", "auth", "status", "-o", "json"], noUrl);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      baseUrl: other.url,
      baseUrlSource: "profile",
      accepted: true,
    });
    expect(other.requests.map((r) => r.url)).toContain(CHECK_PATH);
    expect(server.requests).toHaveLength(0);

    // TRADECTL_PROFILE picks the profile too; its baseUrl applies the same way.
    other.requests.length = 0;
    const viaEnv = await tradectl(["auth", "status", "-o", "json"], {
      ...noUrl,
      TRADECTL_PROFILE: "work",
    });
    expect(viaEnv.code).toBe(0);
    expect(other.requests.map((r) => r.url)).toContain(CHECK_PATH);

    // --base-url still wins over the profile.
    other.requests.length = 0;
    const flag = await tradectl(
      ["--profile", "work", "--base-url", server.url, "auth", "status", "-o", "json"],
      noUrl,
    );
    expect(flag.code).toBe(0);
    expect(JSON.parse(flag.stdout)).toMatchObject({ baseUrl: server.url, baseUrlSource: "flag" });
    expect(other.requests).toHaveLength(0);
  });

  it("an explicit --profile beats TRADECTL_API_KEY/_SECRET, and --debug says so", async () => {
    writeProfiles({ work: { apiKey: KEY, apiSecret: SECRET } });
    const withEnvPair = {
      ...env,
      TRADECTL_API_KEY: "env-key-9999",
      TRADECTL_API_SECRET: OTHER_SECRET,
    };
    const run = await tradectl(
      ["--profile", "work", "--debug", "auth", "status", "-o", "json"],
      withEnvPair,
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ source: "profile", key: "good…0001" });
    expect(server.requests.at(-1)!.headers["x-pck"]).toBe(KEY);
    expect(run.stderr).toContain("TRADECTL_API_KEY is set but not used: --profile was given");

    // Without the flag the environment's pair is used (and refused by this server).
    const envWins = await tradectl(["--debug", "auth", "status", "-o", "json"], withEnvPair);
    expect(envWins.code).toBe(4);
    expect(JSON.parse(envWins.stdout)).toMatchObject({ source: "env" });
    expect(envWins.stderr).toContain(
      "[debug] credentials env-…9999 (from TRADECTL_API_KEY / TRADECTL_API_SECRET)",
    );
    expect(envWins.stderr).toContain(`[debug] base URL ${server.url} (from TRADECTL_BASE_URL)`);
  });

  it("a bad TRADECTL_BASE_URL does not break commands that send nothing", async () => {
    writeProfiles({ default: { apiKey: KEY, apiSecret: SECRET } });
    const bad = { ...env, TRADECTL_BASE_URL: "http://evil.example" };
    const logout = await tradectl(["auth", "logout"], bad);
    expect(logout.code).toBe(0);
    expect(logout.stderr).toContain("removed the credentials");
    for (const args of [["help"], ["completion", "bash"], ["sandbox", "reset"], ["--help"]]) {
      const run = await tradectl(args, bad);
      expect({ args, code: run.code, stderr: run.stderr }).toMatchObject({ code: 0 });
    }
    // A command that sends something names the variable and refuses.
    const status = await tradectl(["auth", "status"], {
      ...bad,
      TRADECTL_API_KEY: KEY,
      TRADECTL_API_SECRET: SECRET,
    });
    expect(status.code).toBe(2);
    expect(status.stderr).toContain("refusing plain http:// for evil.example");
  });

  it("a profile named __proto__ (or constructor) is saved and used like any other", async () => {
    for (const name of ["__proto__", "constructor"]) {
      const run = await tradectl(
        ["--profile", name, "auth", "login", "--key", KEY, "--with-secret-stdin"],
        env,
        SECRET,
      );
      expect(run.code).toBe(0);
      expect(run.stderr).toContain(`(profile '${name}')`);
      const onDisk = readSaved().profiles;
      expect(Object.hasOwn(onDisk, name)).toBe(true);
      expect(onDisk[name]).toEqual({ apiKey: KEY, apiSecret: SECRET });
      const status = await tradectl(["--profile", name, "auth", "status", "-o", "json"], env);
      expect(status.code).toBe(0);
      expect(JSON.parse(status.stdout)).toMatchObject({ profile: name, source: "profile" });
    }
  });

  it("--with-secret-stdin reads at most 4 KiB: more is refused, nothing sent or saved", async () => {
    const run = await tradectl(
      ["auth", "login", "--key", KEY, "--with-secret-stdin"],
      env,
      "A".repeat(4097),
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("standard input holds more than 4096 bytes");
    expect(server.requests).toHaveLength(0);
    expect(existsSync(configPath())).toBe(false);
    // 4 KiB exactly (a secret with trailing blank lines) is still read.
    const padded = await tradectl(
      ["auth", "login", "--key", KEY, "--with-secret-stdin"],
      env,
      SECRET + "\n".repeat(4096 - SECRET.length),
    );
    expect(padded.code).toBe(0);
  });
});

describe("--sandbox never touches saved credentials", () => {
  it("--sandbox auth login and logout are refused; the real profile stays as it was", async () => {
    await tradectl(["auth", "login", "--key", KEY, "--with-secret-stdin"], env, SECRET);
    const before = readFileSync(configPath(), "utf8");
    const login = await tradectl(
      ["--sandbox", "auth", "login", "--key", "sandbox-public-key", "--with-secret-stdin"],
      env,
      "c2FuZGJveC1wcml2YXRlLWtleQ==",
    );
    expect(login.code).toBe(2);
    expect(login.stderr).toContain("auth login does not work with --sandbox");
    const logout = await tradectl(["--sandbox", "auth", "logout"], env);
    expect(logout.code).toBe(2);
    expect(logout.stderr).toContain("auth logout does not work with --sandbox");
    expect(readFileSync(configPath(), "utf8")).toBe(before);
    expect(readSaved().profiles.default).toEqual({ apiKey: KEY, apiSecret: SECRET });
  });
});
