import { execFile, spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { runCli, tempHome } from "../helpers/cli.js";
import {
  DEMO_CREDENTIALS,
  GOOD_DESCRIPTION,
  send,
  spawnServe,
  tempStatePath,
  withSandbox,
} from "../helpers/sandbox.js";
import { SEED_CONFIRM, SEED_CONFIRM_ANSWERS } from "../helpers/seed-text.js";

// These tests run the BUILT binary (test/setup/built.ts builds it when stale).

const run = promisify(execFile);
const hasCurl = spawnSync("curl", ["--version"]).status === 0;

let lastStamp = 0;
/** Signed with node:crypto directly, not with our signer: an independent client. */
function curlAuth(): string[] {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  const stamp = String(lastStamp);
  const signature = createHmac("sha256", Buffer.from(DEMO_CREDENTIALS.secret, "base64"))
    .update(DEMO_CREDENTIALS.publicKey + stamp)
    .digest("base64");
  return [
    "-H",
    `X-PCK: ${DEMO_CREDENTIALS.publicKey}`,
    "-H",
    `X-Stamp: ${stamp}`,
    "-H",
    `X-Signature: ${signature}`,
  ];
}

async function curl(args: string[]): Promise<{ status: number; body: string }> {
  const { stdout } = await run("curl", ["-sS", "-w", "\n%{http_code}", ...args]);
  const cut = stdout.lastIndexOf("\n");
  return { status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) };
}

describe("a client we did not write", () => {
  test.runIf(hasCurl)(
    "curl drives the sandbox and sees the seed's statuses and messages",
    async () => {
      await withSandbox(async (sandbox) => {
        const list = await curl([
          ...curlAuth(),
          `${sandbox.url}/api/v1/crypto-deposit-declarations?status=Pending&status=Confirmed&page=1&pageSize=100`,
        ]);
        expect(list.status).toBe(200);
        expect(list.body).toContain('"amount":0.8000000000000000,');
        expect(list.body).toContain('"cryptoDepositDeclarationId":9223372036854775807,');

        const post = (body: string, auth = curlAuth()) =>
          curl([
            ...auth,
            "-H",
            "Content-Type: application/json",
            "--data",
            body,
            `${sandbox.url}/api/v1/crypto-deposit-declarations/confirm`,
          ]);
        const body = `{"cryptoDepositDeclarationId":734001026,"isSelfSender":true,"description":"${GOOD_DESCRIPTION}","AddressType":"Exchange","exchangeId":1}`;
        expect(await post(body)).toEqual({
          status: 200,
          body: '{"success":true,"message":"","code":0}',
        });
        const again = await post(body);
        expect(again.status).toBe(422);
        expect(JSON.parse(again.body).message).toBe(SEED_CONFIRM_ANSWERS.alreadyConfirmed);
        const short = await post(body.replace(GOOD_DESCRIPTION, "too short"));
        expect(short.status).toBe(400);
        expect(JSON.parse(short.body).message).toBe(SEED_CONFIRM.description);
        const noAuth = await post(body, []);
        expect(noAuth.status).toBe(401);
        expect(JSON.parse(noAuth.body).message).toBe(SEED_CONFIRM_ANSWERS.unauthorized);

        const order = await curl([...curlAuth(), `${sandbox.url}/api/v1/order/9932534`]);
        expect(JSON.parse(order.body).data).toMatchObject({
          type: "sell",
          method: "stopmarket",
          status: "Untouched",
        });
        const time = await curl([`${sandbox.url}/api/v2/server/time`]);
        expect(JSON.parse(time.body).serverTime).toBeGreaterThan(0);
      });
    },
  );
});

describe("tradectl sandbox serve", () => {
  test("prints the URL as one stdout line and the credentials on stderr; logs requests; stops on SIGTERM with 0", async () => {
    const state = tempStatePath();
    try {
      const server = await spawnServe(["--state", state.path]);
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      // stderr is another pipe: its text may arrive just after the URL line.
      await expect.poll(() => server.stderr()).toContain("Ctrl-C stops it.");
      expect(server.stderr()).toContain(DEMO_CREDENTIALS.publicKey);
      expect(server.stderr()).toContain(DEMO_CREDENTIALS.secret);
      expect(server.stderr()).toContain(state.path);
      expect((await send(server.url, "/api/v1/order/9932534")).status).toBe(200);
      expect((await send(server.url, "/api/v1/order/9932534", { headers: null })).status).toBe(401);
      expect(await server.stop("SIGTERM")).toBe(0);
      const log = server.stderr();
      expect(log).toMatch(/GET \/api\/v1\/order\/9932534 200 [\d.]+ms/);
      expect(log).toMatch(/GET \/api\/v1\/order\/9932534 401 [\d.]+ms \(missing X-PCK/);
      expect(existsSync(state.path)).toBe(true);
    } finally {
      state.cleanup();
    }
  });

  test("Ctrl-C (SIGINT) is a clean stop too, with exit code 0", async () => {
    const state = tempStatePath();
    try {
      const server = await spawnServe(["--state", state.path, "--port", "0"]);
      expect(await server.stop("SIGINT")).toBe(0);
      expect(server.stderr()).toContain("sandbox stopped");
    } finally {
      state.cleanup();
    }
  });

  test("--faults reaches the server", async () => {
    const server = await spawnServe(["--faults", "429=1:4"]);
    try {
      const res = await send(server.url, "/api/v1/order/9932534");
      expect(res.status).toBe(429);
      expect(res.headers["retry-after"]).toBe("4");
    } finally {
      await server.stop();
    }
  });

  test("refuses a non-loopback host, a bad port and a bad fault spec with exit 2", async () => {
    const host = await runCli(["sandbox", "serve", "--host", "0.0.0.0"]);
    expect(host.code).toBe(2);
    expect(host.stderr).toMatch(/refusing to serve the sandbox on '0\.0\.0\.0'/);
    const port = await runCli(["sandbox", "serve", "--port", "99999"]);
    expect(port.code).toBe(2);
    expect(port.stderr).toMatch(/--port must be a whole number/);
    const faults = await runCli(["sandbox", "serve", "--faults", "5xx=7"]);
    expect(faults.code).toBe(2);
    expect(faults.stderr).toMatch(/--faults: 5xx must be a share/);
  });
});

describe("tradectl --sandbox and sandbox reset", () => {
  test("order get on the embedded sandbox prints exact digits; state lands in $XDG_STATE_HOME", async () => {
    const home = tempHome();
    const big = await runCli(["--sandbox", "order", "get", "9223372036854775807", "-o", "json"], {
      env: home,
    });
    expect(big.stderr).toBe("");
    expect(big.code).toBe(0);
    expect(big.stdout).toContain('"id": 9223372036854775807,');
    expect(big.stdout).toContain('"stopPrice": "98500.00"');
    const small = await runCli(["--sandbox", "order", "get", "9007199254740993", "-o", "json"], {
      env: home,
    });
    expect(small.stdout).toContain('"id": 9007199254740993,');
    expect(small.stdout).toContain('"price": "0.0000123456789012"');
    expect(existsSync(join(home.XDG_STATE_HOME, "tradectl", "sandbox.json"))).toBe(true);
  });

  test("a confirmation persists between --sandbox runs; sandbox reset restores the seed", async () => {
    const home = tempHome();
    const confirm = await runCli(
      [
        "--sandbox",
        "--no-input",
        "declarations",
        "confirm",
        "734001026",
        "--self",
        "--address-type",
        "exchange",
        "--exchange-id",
        "1",
        "--description",
        GOOD_DESCRIPTION,
        "--yes",
        "-o",
        "json",
      ],
      { env: home },
    );
    expect(confirm.code).toBe(0);
    const statePath = join(home.XDG_STATE_HOME, "tradectl", "sandbox.json");
    expect(Object.keys(JSON.parse(readFileSync(statePath, "utf8")).confirmations)).toEqual([
      "734001026",
    ]);
    const listed = await runCli(
      ["--sandbox", "declarations", "list", "--status", "confirmed", "-o", "json"],
      { env: home },
    );
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('"cryptoDepositDeclarationId": 734001026,');

    const reset = await runCli(["sandbox", "reset"], { env: home });
    expect(reset.code).toBe(0);
    expect(reset.stderr).toContain(statePath);
    expect(JSON.parse(readFileSync(statePath, "utf8")).confirmations).toEqual({});
  });

  test("sandbox reset --state repairs a damaged file", async () => {
    const state = tempStatePath();
    try {
      // Cut short mid-write (by an editor, a full disk): still recognisably sandbox state.
      writeFileSync(state.path, '{"format":"tradectl-sandbox-state","version":1,"confirmati');
      const reset = await runCli(["sandbox", "reset", "--state", state.path]);
      expect(reset.code).toBe(0);
      expect(JSON.parse(readFileSync(state.path, "utf8")).format).toBe("tradectl-sandbox-state");
    } finally {
      state.cleanup();
    }
  });
});
