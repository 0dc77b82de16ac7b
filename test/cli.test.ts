import { afterEach, describe, expect, it } from "vitest";
import { VERSION } from "../src/version.js";
import { sendJson, startTestServer, type TestServer } from "./helpers/http-server.js";
import { runMain } from "./helpers/run.js";

const CREDENTIALS = {
  TRADECTL_API_KEY: "cli-test-public-key",
  TRADECTL_API_SECRET: "c2FuZGJveC1wcml2YXRlLWtleQ==",
};
const ORDER = (id: string) =>
  `{"data":{"id":${id},"price":"0.80000000000000000001","amount":"1","quantity":"1","stopPrice":"0","pairSymbol":"BTCTRY","pairSymbolNormalized":"BTC_TRY","type":"sell","method":"stopmarket","orderClientId":"","time":1700000000000,"updateTime":1700000000000,"status":"Untouched","leftAmount":"1"},"success":true,"message":null,"code":0}`;

/** Runs main() in-process over buffers; `env` is the only environment it sees. */
const run = (argv: string[], env: NodeJS.ProcessEnv = {}) => runMain(argv, { env });

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function orderServer(body = ORDER) {
  server = await startTestServer((req, res) => sendJson(res, 200, body(req.url.split("/").pop()!)));
  return server;
}

describe("main(): global options", () => {
  it("no arguments prints the help on stdout and exits 0", async () => {
    const r = await run([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Usage: tradectl");
    expect(r.stdout).toContain("order");
  });

  it("--version prints the version alone", async () => {
    const r = await run(["--version"]);
    expect(r).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
  });

  it("`tradectl version` prints what --version prints, in either language", async () => {
    const flag = await run(["--version"]);
    expect(await run(["version"])).toMatchObject({ code: 0, stdout: flag.stdout, stderr: "" });
    expect(await run(["--lang", "tr", "version"])).toMatchObject({ code: 0, stdout: flag.stdout });
  });

  it("a mistyped command suggests the nearest one (exit 2)", async () => {
    const r = await run(["ordr", "get", "1"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown command 'ordr'");
    expect(r.stderr).toContain("Did you mean order?");
  });

  it("TRADECTL_BASE_URL and credentials come from the env handed to main()", async () => {
    const s = await orderServer();
    const r = await run(["order", "get", "42"], { ...CREDENTIALS, TRADECTL_BASE_URL: s.url });
    expect(r.code).toBe(0);
    expect(r.stdout.split("\t")[0]).toBe("42");
    expect(s.requests).toHaveLength(1);
  });

  it("--base-url beats TRADECTL_BASE_URL", async () => {
    const s = await orderServer();
    const r = await run(["--base-url", s.url, "order", "get", "42"], {
      ...CREDENTIALS,
      TRADECTL_BASE_URL: "http://127.0.0.1:1",
    });
    expect(r.code).toBe(0);
    expect(s.requests).toHaveLength(1);
  });

  it("--sandbox outranks an exported TRADECTL_BASE_URL but conflicts with --base-url", async () => {
    const r = await run(["--sandbox", "--base-url", "http://127.0.0.1:1", "order", "get", "1"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--sandbox and --base-url cannot be used together");
    const viaEnv = await run(["--sandbox", "order", "get", "abc"], {
      TRADECTL_BASE_URL: "http://127.0.0.1:1",
    });
    expect(viaEnv.code).toBe(2);
    expect(viaEnv.stderr).toContain("order id 'abc' must contain decimal digits only");
    expect(viaEnv.stderr).not.toContain("cannot be used together");
  });

  it.each([["http://api.example.com"], ["http://192.168.0.5:8080"]])(
    "refuses plain http to a non-loopback host %s (exit 2), sending nothing",
    async (url) => {
      const r = await run(["--base-url", url, "order", "get", "1"], CREDENTIALS);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^error: refusing plain http:\/\//);
      expect(r.stderr).toContain("hint: use https://");
    },
  );

  it("TRADECTL_PROFILE picks the profile; --profile beats it", async () => {
    const env = { TRADECTL_PROFILE: "from-env", TRADECTL_BASE_URL: "http://127.0.0.1:1" };
    const viaEnv = await run(["order", "get", "1"], env);
    expect(viaEnv.code).toBe(4);
    expect(viaEnv.stderr).toContain("profile 'from-env'");
    const viaFlag = await run(["--profile", "from-flag", "order", "get", "1"], env);
    expect(viaFlag.stderr).toContain("profile 'from-flag'");
  });

  it.each([
    [["--timeout", "0"], "--timeout must be a whole number"],
    [["--timeout", "abc"], "--timeout must be a whole number"],
    [["--retries", "11"], "--retries must be a whole number from 0 to 10"],
    [["-o", "xml"], "argument 'xml' is invalid"],
  ])("rejects %j (exit 2)", async (flags, message) => {
    const r = await run([...flags, "order", "get", "1"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });

  it("a commander error with -o json also gives the JSON error line", async () => {
    const r = await run(["-o", "json", "order", "get"]);
    expect(r.code).toBe(2);
    const last = r.stderr.trim().split("\n").at(-1)!;
    expect(JSON.parse(last)).toEqual({
      error: {
        kind: "usage",
        status: null,
        code: null,
        message: "missing required argument 'ORDER_ID'",
      },
    });
  });
});

describe("main(): --debug", () => {
  it("TRADECTL_DEBUG=1 in the env turns tracing on; TRADECTL_DEBUG=0 leaves it off", async () => {
    const s = await orderServer();
    const on = await run(["order", "get", "42"], {
      ...CREDENTIALS,
      TRADECTL_BASE_URL: s.url,
      TRADECTL_DEBUG: "1",
    });
    expect(on.stderr).toContain(`[debug] > GET ${s.url}/api/v1/order/42`);
    const off = await run(["order", "get", "42"], {
      ...CREDENTIALS,
      TRADECTL_BASE_URL: s.url,
      TRADECTL_DEBUG: "0",
    });
    expect(off.stderr).toBe("");
  });

  it("the trace masks the key, hides signature and secret, and neutralises escapes in bodies", async () => {
    server = await startTestServer((_req, res) => {
      res.writeHead(500, { "content-type": "text/html" });
      res.end("<html>\u001b]52;c;cm0gLXJm\u0007\u001b[2J</html>");
    });
    const r = await run(["--debug", "--retries", "0", "order", "get", "42"], {
      ...CREDENTIALS,
      TRADECTL_BASE_URL: server.url,
    });
    expect(r.code).toBe(1);
    const signature = server.requests[0]!.headers["x-signature"] as string;
    expect(r.stderr).toContain("[debug] > X-PCK: cli-…-key");
    expect(r.stderr).not.toContain(CREDENTIALS.TRADECTL_API_KEY);
    expect(r.stderr).not.toContain(CREDENTIALS.TRADECTL_API_SECRET);
    expect(r.stderr).not.toContain(signature);
    expect(r.stderr).not.toContain("\u001b");
    expect(r.stderr).not.toContain("\u0007");
    expect(r.stderr).toContain("\\x1b]52;c;");
  });
});
