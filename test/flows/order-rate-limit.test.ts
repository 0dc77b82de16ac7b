import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";
import { runInProcess } from "../helpers/run.js";

/**
 * The documented limit of the order endpoint is 30 requests per second. `order get` with many ids
 * must stay inside it as the server counts: arrivals, in any 1-second window.
 */
const order = (id: string) =>
  `{"data":{"id":${id},"price":"1","amount":"1","quantity":"1","stopPrice":"0","pairSymbol":"BTCTRY","pairSymbolNormalized":"BTC_TRY","type":"buy","method":"limit","orderClientId":"","time":1700000000000,"updateTime":1700000000000,"status":"Untouched","leftAmount":"1"},"success":true,"message":null,"code":0}`;

let server: TestServer;
const arrivals: number[] = [];

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    arrivals.push(performance.now());
    sendJson(res, 200, order(req.url.split("/").pop()!));
  });
});
afterAll(async () => {
  await server.close();
});

function mostInWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

it("60 ids: never more than 30 requests arrive within any 1-second window; all print in order", async () => {
  const ids = Array.from({ length: 60 }, (_, i) => String(1000 + i));
  const r = await runInProcess(["--base-url", server.url, "order", "get", ...ids], {
    env: { TRADECTL_API_KEY: "rate-key", TRADECTL_API_SECRET: "c2FuZGJveC1wcml2YXRlLWtleQ==" },
  });
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  expect(
    r.stdout
      .trimEnd()
      .split("\n")
      .map((line) => line.split("\t")[0]),
  ).toEqual(ids);
  expect(arrivals).toHaveLength(60);
  expect(mostInWindow(arrivals, 1_000)).toBeLessThanOrEqual(30);
  // Every id was asked for exactly once.
  expect(new Set(server.requests.map((q) => q.url)).size).toBe(60);
});
