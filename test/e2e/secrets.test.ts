import { chmodSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFile } from "../../src/config/paths.js";
import { signV1 } from "../../src/wire/signer.js";
import { type CliResult, runCli, tempHome } from "../helpers/cli.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";
import { leaks } from "../reliability/sandbox-log.js";

/**
 * Secrets never reach any output. A broad set of invocations of the built binary (success,
 * --debug, 401, 500, HTML, resets, network failure, --dry-run, auth login/status/logout, a
 * damaged config) runs against a loopback server that checks every signature and records it;
 * then EVERY stdout and stderr is searched for the secret, the text of its decoded bytes and
 * every X-Signature the server received.
 */
const KEY = "e2e-public-key-0123456789abcdef";
const SECRET_TEXT = "zq7-e2e-private-bytes-DO-NOT-PRINT-x9";
const SECRET = Buffer.from(SECRET_TEXT, "utf8").toString("base64");

const ORDER =
  '{"data":{"id":9932534,"price":"0","amount":"0.01000000","quantity":"0.01000000","stopPrice":"1950000.00","pairSymbol":"BTCTRY","pairSymbolNormalized":"BTC_TRY","type":"sell","method":"stopmarket","orderClientId":"stop-loss-btc","time":1749891667412,"updateTime":1749891667412,"status":"Untouched","leftAmount":"0.01000000"},"success":true,"message":null,"code":0}';
const DECLARATION = (id: string, status: string) =>
  `{"cryptoDepositDeclarationId":${id},"createdAt":"2025-06-14T09:21:07.412Z","status":"${status}","confirmedAt":null,"confirmedBy":null,"firstName":null,"lastName":null,"amount":0.8000000000000000,"symbol":"BTC","address":"bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh","memoTag":null,"lightningInvoice":null}`;
const PENDING = "734001026";
const DESCRIPTION = "Transfer from my own Binance account";

/** Every X-Signature the server received, and every output the CLI produced. */
const signatures = new Set<string>();
const outputs: { args: string; text: string }[] = [];
let server: TestServer;
let closedPort: number;

/**
 * The first path segment picks the server's behaviour (the client keeps a base URL's path
 * prefix): ok, unauth, nonce (a skew no sync fixes), fail (500), html (502 page), reset.
 */
beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const [, mode, ...rest] = req.url.split("/");
    const path = `/${rest.join("/")}`;
    const signature = req.headers["x-signature"];
    if (typeof signature === "string") {
      signatures.add(signature);
      if (signature !== signV1(KEY, SECRET, String(req.headers["x-stamp"]))) {
        sendJson(res, 401, '{"success":false,"message":"Unauthorized","code":401}');
        return;
      }
    }
    if (path.startsWith("/api/v2/server/time")) {
      sendJson(res, 200, `{"serverTime":${Date.now()}}`);
      return;
    }
    switch (mode) {
      case "unauth":
        return sendJson(res, 401, '{"success":false,"message":"Unauthorized","code":401}');
      case "nonce":
        return sendJson(res, 401, '{"success":false,"message":"Invalid Nonce","code":401}');
      case "fail":
        return sendJson(res, 500, '{"success":false,"message":"An error occurred","code":500}');
      case "html":
        res.writeHead(502, { "content-type": "text/html" });
        return void res.end("<html><body><h1>502 Bad Gateway</h1></body></html>");
      case "reset":
        return void res.socket?.destroy();
    }
    if (path.startsWith("/api/v1/order/")) return sendJson(res, 200, ORDER);
    if (path.startsWith("/api/v1/exchanges")) {
      return sendJson(
        res,
        200,
        '{"data":[{"id":1,"name":"Binance"}],"success":true,"message":null,"code":0}',
      );
    }
    if (path.startsWith("/api/v1/crypto-deposit-declarations/confirm")) {
      return sendJson(res, 200, '{"success":true,"message":"","code":0}');
    }
    if (path.startsWith("/api/v1/crypto-deposit-declarations")) {
      return sendJson(
        res,
        200,
        `[${DECLARATION(PENDING, "Pending")},${DECLARATION("734001017", "Confirmed")}]`,
      );
    }
    sendJson(res, 404, '{"success":false,"message":"Not found","code":404}');
  });
  // A port that refuses connections: bound, then closed again.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => {
  await server.close();
});

/** Every 10-character piece of `text`. */
const pieces = (text: string) =>
  Array.from({ length: text.length - 9 }, (_, i) => text.slice(i, i + 10));

const envCredentials = { TRADECTL_API_KEY: KEY, TRADECTL_API_SECRET: SECRET };

/** Runs the binary, keeps its output for the final search, and checks for stack traces. */
async function run(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: string; mode?: string } = {},
): Promise<CliResult> {
  const base = options.mode === undefined ? [] : ["--base-url", `${server.url}/${options.mode}`];
  const result = await runCli([...base, ...args], {
    env: options.env ?? envCredentials,
    input: options.input,
  });
  outputs.push({ args: args.join(" "), text: `${result.stdout}\n${result.stderr}` });
  expect(result.stdout + result.stderr).not.toMatch(/^\s+at\s/m);
  return result;
}

const confirmFlags = [
  "declarations",
  "confirm",
  PENDING,
  "--self",
  "--description",
  DESCRIPTION,
  "--address-type",
  "exchange",
  "--exchange-id",
  "1",
  "--yes",
];

describe("secrets never reach any output", () => {
  it("successful commands, plain and with --debug", async () => {
    for (const debug of [[], ["--debug"]]) {
      expect((await run([...debug, "order", "get", "9932534"], { mode: "ok" })).code).toBe(0);
      expect(
        (await run([...debug, "-o", "json", "declarations", "list", "--all"], { mode: "ok" })).code,
      ).toBe(0);
      expect((await run([...debug, "exchanges", "list"], { mode: "ok" })).code).toBe(0);
      expect((await run([...debug, "-o", "json", ...confirmFlags], { mode: "ok" })).code).toBe(0);
      expect((await run([...debug, ...confirmFlags, "--dry-run"], { mode: "ok" })).code).toBe(0);
      expect((await run([...debug, "-o", "json", "auth", "status"], { mode: "ok" })).code).toBe(0);
    }
    // TRADECTL_DEBUG=1 is --debug too.
    const traced = await run(["order", "get", "9932534"], {
      mode: "ok",
      env: { ...envCredentials, TRADECTL_DEBUG: "1" },
    });
    expect(traced.stderr).toContain("[debug] > X-Signature: [redacted]");
    expect(traced.stderr).toContain("[debug] > X-PCK: e2e-…cdef");
  });

  it("refused credentials, an unfixable skew, 500s, an HTML 502, resets and a closed port, with --debug", async () => {
    expect((await run(["--debug", "order", "get", "9932534"], { mode: "unauth" })).code).toBe(4);
    expect((await run(["--debug", "-o", "json", "auth", "status"], { mode: "unauth" })).code).toBe(
      4,
    );
    expect((await run(["--debug", "order", "get", "9932534"], { mode: "nonce" })).code).toBe(4);
    expect(
      (await run(["--debug", "--retries", "1", "order", "get", "1"], { mode: "fail" })).code,
    ).toBe(1);
    expect((await run(["--debug", ...confirmFlags], { mode: "fail" })).code).toBe(1);
    expect(
      (await run(["--debug", "--retries", "0", "declarations", "list"], { mode: "html" })).code,
    ).toBe(1);
    expect(
      (await run(["--debug", "--retries", "1", "order", "get", "1"], { mode: "reset" })).code,
    ).toBe(1);
    expect(
      (await run(["--debug", "--retries", "1", ...confirmFlags], { mode: "reset" })).code,
    ).toBe(1);
    const refused = await run([
      "--debug",
      "--base-url",
      `http://127.0.0.1:${closedPort}`,
      "order",
      "get",
      "1",
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`connection refused by 127.0.0.1:${closedPort}`);
  });

  it("auth login from stdin, a profile in use, a group-readable or damaged config file, logout", async () => {
    const home = tempHome();
    const env = { ...home };
    const login = await run(
      [
        "--debug",
        "--base-url",
        `${server.url}/ok`,
        "auth",
        "login",
        "--key",
        KEY,
        "--with-secret-stdin",
      ],
      { env, input: `${SECRET}\n` },
    );
    expect(login.code).toBe(0);
    const path = configFile(env);
    expect(statSync(path).mode & 0o777).toBe(0o600);

    expect((await run(["--debug", "order", "get", "9932534"], { env, mode: "ok" })).code).toBe(0);
    expect((await run(["auth", "status"], { env, mode: "ok" })).code).toBe(0);

    // Readable by others: refused with the fix, and the secret is not shown.
    chmodSync(path, 0o644);
    const open = await run(["order", "get", "9932534"], { env, mode: "ok" });
    expect(open.code).toBe(4);
    expect(open.stderr).toContain("is readable by other users (mode 644); refusing to use it");
    expect(open.stderr).toContain(`hint: run: chmod 600 '${path}'`);
    chmodSync(path, 0o600);

    // Damaged right after the secret's opening quote went missing: the parser's complaint
    // would quote the secret; the report gives the position only.
    writeFileSync(path, `{"profiles":{"default":{"apiKey":"${KEY}","apiSecret":${SECRET}}}}`, {
      mode: 0o600,
    });
    const damaged = await run(["order", "get", "9932534"], { env, mode: "ok" });
    expect(damaged.code).toBe(4);
    expect(damaged.stderr).toMatch(/is not valid JSON/);

    writeFileSync(path, `{"profiles":{"default":{"apiKey":"${KEY}","apiSecret":"${SECRET}"}}}`, {
      mode: 0o600,
    });
    expect((await run(["auth", "logout"], { env })).code).toBe(0);
  });

  it("plain http:// to a host that is not loopback is refused with the reason, before anything is sent (exit 2)", async () => {
    const before = server.requests.length;
    const cases: [string, string[], NodeJS.ProcessEnv][] = [
      ["10.0.0.7", ["--base-url", "http://10.0.0.7:8080", "order", "get", "1"], envCredentials],
      [
        "api.btcturk.com",
        ["order", "get", "1"],
        { ...envCredentials, TRADECTL_BASE_URL: "http://api.btcturk.com" },
      ],
    ];
    for (const [host, args, env] of cases) {
      const r = await run(args, { env });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(
        `error: refusing plain http:// for ${host}: credentials and signatures would cross the network unencrypted`,
      );
      expect(r.stderr).toContain("hint: use https://, or http:// only for a loopback host");
    }
    expect(server.requests.length).toBe(before);
  });

  it("the search: the secret, its bytes as text and every signature sent appear in no output", () => {
    // The suite above must have exercised the signing path thoroughly for this to mean much.
    expect(signatures.size).toBeGreaterThan(30);
    expect(outputs.length).toBeGreaterThan(25);
    // Pieces count too (a parser's complaint quotes ten characters or so of what it read).
    const forms = [...pieces(SECRET), ...pieces(SECRET_TEXT), ...signatures];
    const hits = outputs
      .map(({ args, text }) => ({ args, hits: leaks(text, forms) }))
      .filter((o) => o.hits > 0);
    console.log(
      `[secrets] ${outputs.length} invocations, ${signatures.size} signatures recorded server-side, secrets leaked ${hits.length}`,
    );
    expect(hits).toEqual([]);
  });
});
