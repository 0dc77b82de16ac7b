import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, collected, tempHome } from "../helpers/cli.js";
import { runMain } from "../helpers/run.js";
import { DEMO_CREDENTIALS, withSandbox } from "../helpers/sandbox.js";

/**
 * `--ip-family`, the sandbox on both loopback families refusing the key on one, and `auth
 * doctor` naming the path each check took (the contract's "Secrets and the network path").
 */

const DEMO = {
  TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
  TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
};

/** The service's refusal, as its seed words a 401: "Unauthorized". */
const UNAUTHORIZED = "Unauthorized";

interface Check {
  check: string;
  status: string;
  detail: string;
  fix: string | null;
}

describe("the sandbox on both loopback families", () => {
  it("answers over 127.0.0.1 and ::1 on one port, and refuses a key bound to IPv4 over IPv6", async () => {
    await withSandbox(
      async (sandbox) => {
        expect(sandbox.url).toMatch(/^http:\/\/localhost:\d+$/);
        const v4 = `http://127.0.0.1:${sandbox.port}`;
        const v6 = `http://[::1]:${sandbox.port}`;
        const overV4 = await runMain(["--base-url", v4, "-o", "json", "declarations", "list"], {
          env: DEMO,
        });
        expect(overV4.code).toBe(0);
        const overV6 = await runMain(["--base-url", v6, "-o", "json", "declarations", "list"], {
          env: DEMO,
        });
        expect(overV6.code).toBe(4);
        expect(JSON.parse(overV6.stderr.trim().split("\n").at(-1)!).error).toMatchObject({
          kind: "auth",
          status: 401,
          message: UNAUTHORIZED,
        });
        expect(sandbox.requests.at(-1)?.reason).toMatch(/bound to 127\.0\.0\.1, called from ::1/);
      },
      { host: "localhost", faults: "key=ipv4-only" },
    );
  });

  it("key=ipv6-only refuses over IPv4 and accepts over IPv6", async () => {
    await withSandbox(
      async (sandbox) => {
        const over = (host: string) =>
          runMain(["--base-url", `http://${host}:${sandbox.port}`, "declarations", "list"], {
            env: DEMO,
          });
        expect((await over("127.0.0.1")).code).toBe(4);
        expect((await over("[::1]")).code).toBe(0);
      },
      { host: "localhost", faults: "key=ipv6-only" },
    );
  });
});

describe("--ip-family, TRADECTL_IP_FAMILY and a profile's ipFamily", () => {
  it("refuses a family other than 4 or 6, from the flag, the environment or a profile", async () => {
    const flag = await runMain(["--ip-family", "5", "declarations", "list"], { env: DEMO });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("--ip-family");
    const fromEnv = await runMain(["declarations", "list"], {
      env: { ...DEMO, TRADECTL_IP_FAMILY: "ipv4", TRADECTL_BASE_URL: "http://127.0.0.1:9" },
    });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).toContain("TRADECTL_IP_FAMILY gives the address family 'ipv4'");
  });

  it("says in --debug which family every connection uses, and where that came from", async () => {
    await withSandbox(
      async (sandbox) => {
        const home = tempHome();
        const config = join(home.XDG_CONFIG_HOME, "tradectl");
        spawnSync("mkdir", ["-p", config]);
        const profile = { apiKey: DEMO.TRADECTL_API_KEY, apiSecret: DEMO.TRADECTL_API_SECRET };
        writeFileSync(
          join(config, "config.json"),
          JSON.stringify({ profiles: { default: { ...profile, ipFamily: 4 } } }),
          { mode: 0o600 },
        );
        const base = `http://localhost:${sandbox.port}`;
        const run = await runMain(["--debug", "--base-url", base, "declarations", "list"], {
          home,
        });
        expect(run.code).toBe(0);
        expect(run.stderr).toMatch(/connections over IPv4 only \(from profile 'default' in /);
        expect(run.stderr).toContain("connected from 127.0.0.1 to 127.0.0.1 (IPv4)");
        const flagWins = await runMain(
          [
            "--debug",
            "--ip-family",
            "6",
            "--base-url",
            `http://[::1]:${sandbox.port}`,
            "declarations",
            "list",
          ],
          { home },
        );
        expect(flagWins.code).toBe(0);
        expect(flagWins.stderr).toContain("connections over IPv6 only (from --ip-family)");
        expect(flagWins.stderr).toContain("connected from [::1] to [::1] (IPv6)");
      },
      { host: "localhost" },
    );
  });
});

describe("auth doctor names the network path", () => {
  it("says the local address and family of each check; an address literal has no other family to try", async () => {
    await withSandbox(
      async (sandbox) => {
        const run = await runMain(
          ["--base-url", `http://[::1]:${sandbox.port}`, "-o", "json", "auth", "doctor"],
          { env: DEMO },
        );
        expect(run.code).toBe(4);
        const checks = JSON.parse(run.stdout) as Check[];
        const byName = new Map(checks.map((c) => [c.check, c]));
        expect(byName.get("reachability")?.detail).toMatch(/\(from \[::1\], IPv6\)$/);
        for (const family of ["declarations", "orders", "trades"]) {
          expect(byName.get(family)).toMatchObject({ status: "fail" });
          expect(byName.get(family)?.detail).toMatch(/\(from \[::1\], IPv6\)$/);
        }
        expect(byName.has("ip-family")).toBe(false);
      },
      { host: "localhost", faults: "key=ipv4-only" },
    );
  });
});

/**
 * The whole story on a name with both families, `localhost` resolving to ::1 first and then
 * 127.0.0.1, as on a machine whose traffic leaves over IPv6: the CLI runs in a mount namespace of
 * its own (`unshare -m`) with a private hosts file over /etc/hosts. Needs root and unshare;
 * where either is missing the test is reported skipped.
 */
const hostsDir = mkdtempSync(join(tmpdir(), "tradectl-hosts-"));
const hostsFile = join(hostsDir, "hosts");
writeFileSync(hostsFile, "::1 localhost\n127.0.0.1 localhost\n");
const IN_NAMESPACE = `mount --bind "$TRADECTL_TEST_HOSTS" /etc/hosts && exec "$@"`;
const namespaceWorks =
  process.platform === "linux" &&
  spawnSync("unshare", ["-m", "sh", "-c", IN_NAMESPACE, "sh", "getent", "ahosts", "localhost"], {
    env: { ...process.env, TRADECTL_TEST_HOSTS: hostsFile },
    encoding: "utf8",
  }).stdout?.startsWith("::1");

/** Runs the built CLI in the namespace; async, so the in-process sandbox answers meanwhile. */
function inNamespace(args: readonly string[], env: NodeJS.ProcessEnv) {
  const argv = ["-m", "sh", "-c", IN_NAMESPACE, "sh", process.execPath, BIN, ...args];
  const namespaceEnv = { PATH: process.env.PATH, ...tempHome(), ...env };
  return collected(
    spawn("unshare", argv, { env: { ...namespaceEnv, TRADECTL_TEST_HOSTS: hostsFile } }),
  );
}

describe.skipIf(!namespaceWorks)(
  "a key refused over IPv6 on a name with both families (unshare -m)",
  () => {
    it("is refused; auth doctor names IPv6 and --ip-family 4; with it the command succeeds", async () => {
      try {
        await withSandbox(
          async (sandbox) => {
            const env = { ...DEMO, TRADECTL_BASE_URL: `http://localhost:${sandbox.port}` };
            const refused = await inNamespace(["declarations", "list"], env);
            expect(refused.code).toBe(4);
            expect(refused.stderr).toContain(UNAUTHORIZED);

            const doctor = await inNamespace(["-o", "json", "auth", "doctor"], env);
            expect(doctor.code).toBe(4);
            const checks = JSON.parse(doctor.stdout) as Check[];
            const family = checks.find((c) => c.check === "ip-family");
            expect(family).toMatchObject({ status: "fail" });
            expect(family?.detail).toContain("refused over IPv6 (from [::1])");
            expect(family?.detail).toContain("accepted over IPv4 (from 127.0.0.1)");
            expect(family?.fix).toContain("--ip-family 4");
            expect(checks.at(-1)).toMatchObject({ check: "verdict", fix: family?.fix });

            const fixed = await inNamespace(
              ["--ip-family", "4", "-o", "json", "declarations", "list"],
              env,
            );
            expect(fixed.code).toBe(0);
            expect(JSON.parse(fixed.stdout).length).toBeGreaterThan(0);
          },
          { host: "localhost", faults: "key=ipv4-only" },
        );
      } finally {
        rmSync(hostsDir, { recursive: true, force: true });
      }
    });
  },
);
