import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { textWidth } from "../../src/output/narrowing.js";
import { type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { tempHome } from "../helpers/cli.js";
import { startTestServer } from "../helpers/http-server.js";
import { runInProcess } from "../helpers/run.js";
import { DEMO_CREDENTIALS, demoEnv } from "../helpers/sandbox.js";

/**
 * `auth doctor` end to end: the whole program (main(), in process) against the sandbox playing each refusal the
 * service makes (`--faults`), over real HTTP. Each names its cause in the verdict and exits
 * as the contract says: 0 when nothing failed, 4 for credentials or a permission, 1 for the
 * network.
 */

interface Finding {
  check: string;
  status: "ok" | "warn" | "fail" | "skipped";
  detail: string;
  fix: string | null;
}

const CHECKS = [
  "credentials",
  "secret",
  "base-url",
  "reachability",
  "clock",
  "declarations",
  "orders",
  "trades",
  "verdict",
];
const SGR = /\x1b\[[0-9;]*m/;

const open: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function sandboxWith(faults: string): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ statePath: null, faults });
  open.push(sandbox);
  return sandbox;
}

/** `auth doctor -o json` as a user pointed at `url` with the demo pair runs it. */
async function doctor(url: string, env: NodeJS.ProcessEnv = {}, args: string[] = []) {
  const run = await runInProcess(["auth", "doctor", "-o", "json", ...args], {
    env: { ...demoEnv(url), ...env },
  });
  const findings = JSON.parse(run.stdout) as Finding[];
  const byCheck = Object.fromEntries(findings.map((f) => [f.check, f]));
  return { ...run, findings, byCheck, verdict: byCheck.verdict! };
}

const statuses = (findings: readonly Finding[]) =>
  Object.fromEntries(findings.map((f) => [f.check, f.status]));

describe("auth doctor against the sandbox's faults", () => {
  it("a healthy key: every check ok, exit 0, the contract's four fields only", async () => {
    const sandbox = await sandboxWith("");
    const run = await doctor(sandbox.url);
    expect(run.code, run.stderr).toBe(0);
    expect(run.findings.map((f) => f.check)).toEqual(CHECKS);
    for (const f of run.findings) {
      expect(Object.keys(f)).toEqual(["check", "status", "detail", "fix"]);
      expect(f).toMatchObject({ status: "ok", fix: null });
    }
    expect(run.byCheck.credentials!.detail).toBe(
      "sand…-key, from the environment (TRADECTL_API_KEY / TRADECTL_API_SECRET)",
    );
    expect(run.byCheck.orders!.detail).toMatch(/order 0: "Order not found", as expected/);
    // Reads only: nothing was posted, and each family was read once.
    expect(sandbox.requests.filter((r) => r.method !== "GET")).toEqual([]);
    expect(sandbox.requests.map((r) => r.path)).toEqual([
      "/api/v2/server/time",
      "/api/v1/crypto-deposit-declarations",
      "/api/v1/order/0",
      "/api/v1/users/transactions/trade",
    ]);
  });

  it.each([
    ["key=unknown", "unknown key"],
    ["key=wrong-secret", "signature does not match"],
  ])(
    "%s: every family refused with a correct clock → the key pair; exit 4",
    async (faults, reason) => {
      const sandbox = await sandboxWith(faults);
      const run = await doctor(sandbox.url);
      expect(run.code).toBe(4);
      expect(statuses(run.findings)).toMatchObject({
        clock: "ok",
        declarations: "fail",
        orders: "fail",
        trades: "fail",
        verdict: "fail",
      });
      expect(run.verdict.detail).toMatch(
        /^every family was refused with the clock in step .*: a wrong key pair .*, a key bound to other IP addresses and a key allowed none of these reads all look the same from this machine$/,
      );
      expect(run.verdict.fix).toMatch(/API Access page.*`tradectl auth login`/);
      // Each family's read refused, and refused again when sent once more with a fresh stamp
      // (the client's one re-send after a 401, which proves nothing was processed).
      expect(sandbox.requests.filter((r) => r.status === 401).map((r) => r.reason)).toEqual(
        Array(6).fill(reason),
      );
    },
  );

  it("key=other-ip: the verdict names the IP binding and where to change it; exit 4", async () => {
    const sandbox = await sandboxWith("key=other-ip");
    const run = await doctor(sandbox.url);
    expect(run.code).toBe(4);
    expect(run.verdict.detail).toMatch(/bound to other IP addresses/);
    expect(run.verdict.fix).toMatch(/API Access page.*lacks this machine's public IP address/);
  });

  /**
   * A right key pair allowed none of the reads (or bound to other IPs) is refused as a wrong one
   * is: the client cannot know which, so the verdict says so and how to tell them apart, in
   * English and in Turkish.
   */
  it("every family denied with a right key pair: the verdict does not call the key pair wrong, it names what looks the same and where to tell apart", async () => {
    const sandbox = await sandboxWith("deny=declarations,deny=orders,deny=trades");
    const run = await doctor(sandbox.url);
    expect(run.code).toBe(4);
    expect(run.verdict.detail).not.toMatch(/the key pair is wrong/);
    expect(run.verdict.detail).toMatch(
      /a wrong key pair .*, a key bound to other IP addresses and a key allowed none of these reads all look the same from this machine$/,
    );
    expect(run.verdict.fix).toBe(
      "the exchange's API Access page (your account's API settings) tells them apart: no active key with this public key there means the key pair is wrong (create one, then run `tradectl auth login`); a key whose IP list lacks this machine's public IP address is bound elsewhere (add the address); a key without these permissions needs them given",
    );
    // The table for people, its cells wrapped: compared with the spaces and borders taken out.
    const turkish = await runInProcess(["--lang", "tr", "auth", "doctor", "-o", "table"], {
      env: demoEnv(sandbox.url),
    });
    expect(turkish.code).toBe(4);
    const joined = (text: string) => text.replace(/[\s│|]+/g, "");
    expect(joined(turkish.stdout)).toContain(
      joined("bu okumaların hiçbirine izni olmayan bir anahtar bu makineden aynı görünür"),
    );
    expect(joined(turkish.stdout)).toContain(
      joined("borsanın API Erişimi sayfası (hesabınızın API ayarları) bunları ayırt eder"),
    );
  });

  it.each([
    ["orders", { declarations: "ok", orders: "fail", trades: "ok" }],
    ["trades", { declarations: "ok", orders: "ok", trades: "fail" }],
  ])("deny=%s: that permission named as missing; exit 4", async (permission, expected) => {
    const sandbox = await sandboxWith(`deny=${permission}`);
    const run = await doctor(sandbox.url);
    expect(run.code).toBe(4);
    expect(statuses(run.findings)).toMatchObject({ ...expected, verdict: "fail" });
    expect(run.verdict.detail).toMatch(
      new RegExp(
        `^${permission} refused while .* answered: the key lacks the ${permission} permission$`,
      ),
    );
    expect(run.verdict.fix).toMatch(new RegExp(`give the key the ${permission} permission`));
    expect(run.byCheck[permission]!.fix).toMatch(/API Access page/);
  });

  it("deny=orders,deny=trades: both permissions named", async () => {
    const sandbox = await sandboxWith("deny=orders,deny=trades");
    const run = await doctor(sandbox.url);
    expect(run.code).toBe(4);
    expect(run.verdict.detail).toMatch(/the key lacks the orders and trades permissions$/);
  });

  it("401=empty: said as an empty 401; exit 4", async () => {
    const sandbox = await sandboxWith("401=empty");
    const run = await doctor(sandbox.url);
    expect(run.code).toBe(4);
    // Each check names the local address and family it left from (the key's IP binding).
    expect(run.byCheck.orders!.detail).toBe(
      "refused: HTTP 401 Unauthorized with an empty body (from 127.0.0.1, IPv4)",
    );
    expect(run.verdict.detail).toMatch(/refused .*with an empty 401, the service saying no more/);
  });

  it("401=html: said as a page that is not the service's; exit 4", async () => {
    const sandbox = await sandboxWith("401=html");
    const run = await doctor(sandbox.url);
    expect(run.code).toBe(4);
    expect(run.verdict.detail).toMatch(/a 401 page that is not the service's JSON \(HTML\)/);
    expect(run.verdict.fix).toMatch(/proxy/);
  });

  it.each([
    ["behind", -9_000],
    ["ahead of", 9_000],
  ])(
    "skew: the server %s this machine by 9 s: a warning with the offset, exit 0",
    async (side, skew) => {
      const sandbox = await sandboxWith(`skew=${skew}`);
      const run = await doctor(sandbox.url);
      expect(run.code, run.stderr).toBe(0);
      const clock = run.byCheck.clock!;
      expect(clock.status).toBe("warn");
      expect(clock.detail).toMatch(
        new RegExp(`^the server is (8\\.[5-9]|9\\.[0-5]) s ${side} this machine, past the 5 s`),
      );
      expect(clock.detail).toMatch(
        /tradectl corrects it, other tools on this machine will be refused/,
      );
      expect(clock.fix).toMatch(/NTP/);
      expect(statuses(run.findings)).toMatchObject({
        declarations: "ok",
        orders: "ok",
        trades: "ok",
        verdict: "warn",
      });
    },
  );
});

describe("auth doctor: the local checks and the network", () => {
  it("no credentials: exit 4, nothing sent", async () => {
    const server = await startTestServer((_req, res) => {
      res.end("{}");
    });
    try {
      const run = await runInProcess(["auth", "doctor", "-o", "json"], {
        env: { TRADECTL_BASE_URL: server.url },
      });
      expect(run.code).toBe(4);
      const findings = JSON.parse(run.stdout) as Finding[];
      expect(statuses(findings)).toEqual({
        credentials: "fail",
        secret: "skipped",
        "base-url": "ok",
        reachability: "skipped",
        clock: "skipped",
        declarations: "skipped",
        orders: "skipped",
        trades: "skipped",
        verdict: "fail",
      });
      expect(findings[0]!.fix).toMatch(/tradectl auth login/);
      expect(server.requests).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("a base URL in plain http to another host: refused before anything is sent, exit 2", async () => {
    const run = await runInProcess(["auth", "doctor", "-o", "json"], {
      env: {
        TRADECTL_BASE_URL: "http://api.example.com",
        TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
        TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
      },
    });
    expect(run.code).toBe(2);
    const findings = JSON.parse(run.stdout) as Finding[];
    expect(findings.find((f) => f.check === "base-url")).toMatchObject({
      status: "fail",
      detail: expect.stringMatching(/refusing plain http/),
    });
  });

  it("a service that cannot be reached: exit 1, the key not tried", async () => {
    const server = await startTestServer((_req, res) => {
      res.end("{}");
    });
    const url = server.url;
    await server.close();
    const run = await doctor(url, {}, ["--retries", "0"]);
    expect(run.code).toBe(1);
    expect(statuses(run.findings)).toMatchObject({
      reachability: "fail",
      clock: "skipped",
      declarations: "skipped",
      verdict: "fail",
    });
    expect(run.verdict.detail).toMatch(/^the key was not tried: the service could not be reached/);
  });
});

describe("auth doctor: which source of credentials won", () => {
  it("a profile, the environment, and the --profile flag over the environment", async () => {
    const sandbox = await sandboxWith("");
    const home = tempHome();
    const dir = join(home.XDG_CONFIG_HOME, "tradectl");
    mkdirSync(dir, { recursive: true });
    const pair = { apiKey: DEMO_CREDENTIALS.publicKey, apiSecret: DEMO_CREDENTIALS.secret };
    writeFileSync(
      join(dir, "config.json"),
      JSON.stringify({ profiles: { default: pair, work: pair } }),
      { mode: 0o600 },
    );
    const credentialsOf = async (args: string[], env: NodeJS.ProcessEnv) => {
      const run = await runInProcess([...args, "auth", "doctor", "-o", "json"], {
        env: { ...home, TRADECTL_BASE_URL: sandbox.url, ...env },
      });
      expect(run.code, run.stderr).toBe(0);
      return (JSON.parse(run.stdout) as Finding[])[0]!.detail;
    };
    expect(await credentialsOf([], {})).toMatch(/^sand…-key, from profile 'default' in \//);
    const env = {
      TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
      TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
    };
    expect(await credentialsOf([], env)).toBe(
      "sand…-key, from the environment (TRADECTL_API_KEY / TRADECTL_API_SECRET)",
    );
    expect(await credentialsOf(["--profile", "work"], env)).toMatch(
      /^sand…-key, from the --profile flag: profile 'work' \(--profile\) in \//,
    );
  });
});

describe("auth doctor for people", () => {
  it("the table of a refused key fits 80 columns, ✓/✗ marks, the fix on its own line", async () => {
    const sandbox = await sandboxWith("deny=orders");
    const run = await runInProcess(["auth", "doctor", "-o", "table"], {
      env: { ...demoEnv(sandbox.url), COLUMNS: "80" },
    });
    expect(run.code).toBe(4);
    const lines = run.stdout.trimEnd().split("\n");
    for (const line of lines) expect(textWidth(line), line).toBeLessThanOrEqual(80);
    expect(lines[0]).toMatch(/^✓ credentials {3}sand…-key, from the environment/);
    expect(run.stdout).toMatch(/^✗ orders {8}refused: Unauthorized \(from 127\.0\.0\.1, IPv4\)$/m);
    expect(run.stdout).toMatch(/^ {16}fix: give the key the orders permission/m);
    expect(run.stdout).toMatch(/^✗ verdict {7}orders refused while declarations and trades/m);
    expect(run.stdout).not.toMatch(SGR);
  });

  it("colour where allowed (FORCE_COLOR), none with --no-color", async () => {
    const sandbox = await sandboxWith("key=other-ip");
    const env = { ...demoEnv(sandbox.url), FORCE_COLOR: "1" };
    const coloured = await runInProcess(["auth", "doctor", "-o", "table"], { env });
    expect(coloured.stdout).toMatch(SGR);
    const plain = await runInProcess(["--no-color", "auth", "doctor", "-o", "table"], { env });
    expect(plain.code).toBe(4);
    expect(plain.stdout + plain.stderr).not.toMatch(SGR);
    expect(plain.stdout).toMatch(/^✗ verdict /m);
  });

  it("tsv and csv: one line per check, the same four fields", async () => {
    const sandbox = await sandboxWith("deny=trades");
    const tsv = await runInProcess(["auth", "doctor", "-o", "tsv"], { env: demoEnv(sandbox.url) });
    const rows = tsv.stdout
      .trimEnd()
      .split("\n")
      .map((l) => l.split("\t"));
    expect(rows.map((r) => r[0])).toEqual(CHECKS);
    expect(rows.every((r) => r.length === 4)).toBe(true);
    expect(rows.find((r) => r[0] === "trades")!.slice(0, 2)).toEqual(["trades", "fail"]);
    const csv = await runInProcess(["auth", "doctor", "-o", "csv"], { env: demoEnv(sandbox.url) });
    expect(csv.stdout.split("\r\n")[0]).toBe("check,status,detail,fix");
    expect(csv.code).toBe(4);
  });

  it("auth login with a refused pair ends with the doctor's verdict line", async () => {
    const sandbox = await sandboxWith("key=other-ip");
    const run = await runInProcess(
      ["auth", "login", "--key", DEMO_CREDENTIALS.publicKey, "--with-secret-stdin"],
      { env: { ...tempHome(), TRADECTL_BASE_URL: sandbox.url }, input: DEMO_CREDENTIALS.secret },
    );
    expect(run.code).toBe(4);
    const last = run.stderr.trimEnd().split("\n").at(-1);
    expect(last).toMatch(
      /^✗ verdict: every family was refused .* bound to other IP addresses .* look the same from this machine; fix: .*API Access page/,
    );
  });
});
