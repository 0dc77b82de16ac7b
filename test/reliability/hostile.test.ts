import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, MAX_RESPONSE_BYTES } from "../../src/api/client.js";
import {
  type Handler,
  sendJson,
  startTestServer,
  type TestServer,
} from "../helpers/http-server.js";
import { runMain, STACK_FRAME, TEST_CREDENTIALS } from "../helpers/run.js";

/**
 * Hostile or broken answers, through the whole CLI (main() in-process) against a real loopback
 * server: every one ends in a clean error that names what was wrong, with the contract's exit
 * code and no stack trace; nothing oversized is read into memory.
 */

const DECLARATION = (fields = "") =>
  `{"cryptoDepositDeclarationId":9223372036854775807,"createdAt":"2025-06-14T09:21:07.412Z","status":"Pending","confirmedAt":null,"confirmedBy":null,"firstName":null,"lastName":null,"amount":0.8000000000000000,"symbol":"BTC","address":"bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh","memoTag":null,"lightningInvoice":null${fields}}`;
const ORDER = (fields = "") =>
  `{"data":{"id":9932534,"price":"0","amount":"0.01000000","quantity":"0.01000000","stopPrice":"1950000.00","pairSymbol":"BTCTRY","pairSymbolNormalized":"BTC_TRY","type":"sell","method":"stopmarket","orderClientId":"stop-loss-btc","time":1749891667412,"updateTime":1749891667412,"status":"Untouched","leftAmount":"0.01000000"${fields}},"success":true,"message":null,"code":0}`;

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function serve(handler: Handler): Promise<TestServer> {
  server = await startTestServer(handler);
  return server;
}

async function cli(args: string[]) {
  const result = await runMain(["--base-url", server!.url, ...args], { env: TEST_CREDENTIALS });
  expect(result.stdout + result.stderr).not.toMatch(STACK_FRAME);
  return result;
}

/** The `-o json` error line on stderr, parsed. */
function jsonError(stderr: string): { kind: string; status: number | null; message: string } {
  const line = stderr.trim().split("\n").at(-1)!;
  return JSON.parse(line).error;
}

describe("a body that does not have the seed's shape", () => {
  it("a missing field is named: exit 1, nothing on stdout", async () => {
    const body = `[${DECLARATION().replace('"createdAt":"2025-06-14T09:21:07.412Z",', "")}]`;
    await serve((_req, res) => sendJson(res, 200, body));
    const r = await cli(["-o", "json", "declarations", "list"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(
      /^error: unexpected response from the server \(HTTP 200\): 0\.createdAt: missing\n/,
    );
    expect(jsonError(r.stderr)).toMatchObject({ kind: "server", status: 200 });
  });

  it("a wrong type is named with what was expected and what came", async () => {
    await serve((_req, res) => sendJson(res, 200, ORDER().replace('"BTCTRY"', "5")));
    const r = await cli(["order", "get", "9932534"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(
      "error: order 9932534: unexpected response from the server (HTTP 200): data.pairSymbol: expected string, got a number",
    );
  });

  it("an id that is not an integer is refused, not rounded or printed", async () => {
    await serve((_req, res) =>
      sendJson(res, 200, `[${DECLARATION().replace("9223372036854775807", "1.5")}]`),
    );
    const r = await cli(["declarations", "list"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("0.cryptoDepositDeclarationId: expected an integer, got a number");
  });

  it("an object where a list is due is named as the body", async () => {
    await serve((_req, res) => sendJson(res, 200, '{"data":[]}'));
    const r = await cli(["declarations", "list"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("(body): expected Array, got Object");
  });
});

describe("fields the seed does not name", () => {
  it("are kept in -o json output with their exact digits, for the list and for an order", async () => {
    const extra =
      ',"riskScore":0.1000000000000000000001,"tags":["a",{"b":null}],"nested":{"n":18446744073709551617}';
    await serve((req, res) =>
      sendJson(
        res,
        200,
        req.url.startsWith("/api/v1/order/") ? ORDER(extra) : `[${DECLARATION(extra)}]`,
      ),
    );
    const list = await cli(["-o", "ndjson", "declarations", "list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(
      '"riskScore":0.1000000000000000000001,"tags":["a",{"b":null}],"nested":{"n":18446744073709551617}',
    );
    expect(list.stdout).toContain('"cryptoDepositDeclarationId":9223372036854775807');
    const order = await cli(["-o", "json", "order", "get", "9932534"]);
    expect(order.code).toBe(0);
    expect(order.stdout).toContain('"riskScore": 0.1000000000000000000001');
    expect(order.stdout).toContain('"n": 18446744073709551617');
  });
});

/**
 * Streams `total` bytes of spaces (a valid JSON prefix is not needed: the cap must bite first),
 * respecting backpressure, and records how much went out before the client hung up.
 */
function streamer(declaredLength: number | null, total: number) {
  const stats = { written: 0, closed: false, ended: false };
  const handler: Handler = (_req, res: ServerResponse) => {
    res.writeHead(
      200,
      declaredLength === null
        ? { "content-type": "application/json" }
        : { "content-type": "application/json", "content-length": declaredLength },
    );
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    res.on("close", () => {
      stats.closed = true;
    });
    const pump = () => {
      while (!stats.closed && stats.written < total) {
        stats.written += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      if (!stats.closed) {
        stats.ended = true;
        res.end();
      }
    };
    pump();
  };
  return { stats, handler };
}

const HUNDRED_MB = 100 * 1024 * 1024;

describe("a response larger than the cap", () => {
  it("a declared Content-Length of 100 MB is refused before the body is read", async () => {
    const { stats, handler } = streamer(HUNDRED_MB, HUNDRED_MB);
    await serve(handler);
    const r = await cli(["declarations", "list"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `error: the server's response is too large (${HUNDRED_MB} bytes; the limit is ${MAX_RESPONSE_BYTES})`,
    );
    await expect.poll(() => stats.closed).toBe(true);
    expect(stats.ended).toBe(false);
    // The client hung up at the headers: at most socket buffers' worth went out, not 100 MB.
    expect(stats.written).toBeLessThan(MAX_RESPONSE_BYTES);
    // Too large is not worth another try.
    expect(server!.requests).toHaveLength(1);
  });

  it("a chunked body with no length is cut off once it passes the cap", async () => {
    const { stats, handler } = streamer(null, HUNDRED_MB);
    await serve(handler);
    const r = await cli(["order", "get", "9932534"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `the server's response is too large (over ${MAX_RESPONSE_BYTES} bytes)`,
    );
    await expect.poll(() => stats.closed).toBe(true);
    expect(stats.ended).toBe(false);
    expect(stats.written).toBeLessThan(HUNDRED_MB / 4);
    expect(server!.requests).toHaveLength(1);
  });
});

describe("JSON that is nested too deeply or malformed", () => {
  it.each([
    ["100,000 '['", "[".repeat(100_000)],
    ["100,000 '[' closed again", `${"[".repeat(100_000)}${"]".repeat(100_000)}`],
    ["deep objects", `${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}`],
    [
      "a deep extra field",
      `[${DECLARATION(`,"x":${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}`)}]`,
    ],
  ])("%s: a clean error, sent once", async (_name, body) => {
    await serve((_req, res) => sendJson(res, 200, body));
    const r = await cli(["-o", "json", "declarations", "list"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(
      new RegExp(
        `^error: unreadable response from the server \\(HTTP 200 with JSON nested more than ${MAX_JSON_DEPTH} levels deep\\)\\n`,
      ),
    );
    expect(jsonError(r.stderr).kind).toBe("server");
    // The same bytes would come again: not retried.
    expect(server!.requests).toHaveLength(1);
  });

  it("brackets inside strings do not count as nesting", async () => {
    const deepText = "[".repeat(10_000);
    await serve((_req, res) =>
      sendJson(res, 200, `[${DECLARATION().replace("bc1qxy2k", `bc1q${deepText}\\"{`)}]`),
    );
    const r = await cli(["-o", "ndjson", "declarations", "list"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`"address":"bc1q${deepText}\\"{`);
  });

  it.each([
    ["cut short", `[${DECLARATION()}`.slice(0, 120), "a body that is not complete JSON"],
    ["a trailing comma", `[${DECLARATION()},]`, "a body that is not complete JSON"],
    ["empty", "", "an empty body"],
    [
      "an HTML page with status 200",
      "<html><body>Maintenance</body></html>",
      "an HTML page instead of JSON",
    ],
  ])("malformed (%s): a clean error, retried as told", async (_name, body, what) => {
    await serve((_req, res) => sendJson(res, 200, body));
    const r = await cli(["--retries", "1", "declarations", "list"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `error: unreadable response from the server (HTTP 200 with ${what})`,
    );
    // A broken body may be a connection cut short: a GET is tried again.
    expect(server!.requests).toHaveLength(2);
  });
});

describe("error answers that are not JSON", () => {
  it("an HTML 502 from a gateway names the status, with the next step", async () => {
    await serve((_req, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>");
    });
    const r = await cli(["--retries", "2", "-o", "json", "order", "get", "9932534"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("HTTP 502 Bad Gateway: the server's answer is not JSON");
    expect(r.stderr).toContain("hint: the service failed on its side; try again later");
    expect(jsonError(r.stderr)).toMatchObject({ kind: "server", status: 502 });
    expect(server!.requests).toHaveLength(3);
  });

  it("terminal escapes in a server's error message never reach the terminal", async () => {
    await serve((_req, res) =>
      sendJson(
        res,
        400,
        JSON.stringify({
          success: false,
          message: "Order not found\u001b]52;c;cm0gLXJmIH4=\u0007\u001b[2J\u009b31m",
          code: 1152,
        }),
      ),
    );
    const r = await cli(["order", "get", "9932534"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("Order not found\\x1b]52;c;cm0gLXJmIH4=\\x07\\x1b[2J\\x9b31m");
    expect(r.stderr).not.toMatch(/[\u001b\u0007\u009b]/);
  });
});
