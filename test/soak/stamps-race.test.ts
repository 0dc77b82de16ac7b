import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, tempHome } from "../helpers/cli.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";

/**
 * Issue 25 item 15: tradectl processes racing on one key never send the same X-Stamp. The
 * server refuses a stamp it has seen for the key, as the service does, and answers it with a
 * bare 401 "Unauthorized" that does not name the nonce. Every process runs with a clock that
 * moves in whole seconds (a preload rounds Date.now down), so without a stamp shared across
 * processes they would all start from the same stamp: a collision is certain, not one in five.
 */
const KEY = "race-public-key-abcdef";
const SECRET = "c2FuZGJveC1wcml2YXRlLWtleQ==";
const PROCESSES = 5;
const IDS_EACH = 12;

const orderEnvelope = (id: string) =>
  `{"data":{"id":${id},"price":"1.5","amount":"2","quantity":"2","stopPrice":"0","pairSymbol":"BTCTRY","pairSymbolNormalized":"BTC_TRY","type":"buy","method":"limit","orderClientId":"c","time":1700000000000,"updateTime":1700000000000,"status":"Untouched","leftAmount":"2"},"success":true,"message":null,"code":0}`;

let server: TestServer;
const accepted = new Set<string>();
let repeats = 0;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    if (req.url === "/api/v2/server/time") {
      return sendJson(res, 200, `{"serverTime":${Date.now()}}`);
    }
    const stamp = `${req.headers["x-pck"]} ${req.headers["x-stamp"]}`;
    if (accepted.has(stamp)) {
      repeats++;
      return sendJson(res, 401, '{"success":false,"message":"Unauthorized","code":401}');
    }
    accepted.add(stamp);
    sendJson(res, 200, orderEnvelope(req.url.replace(/^\/api\/v1\/order\//, "")));
  });
});
afterAll(async () => {
  await server.close();
});

describe("stamps across processes", () => {
  it("processes racing on one key, with clocks in whole seconds, never repeat a stamp", async () => {
    const home = tempHome();
    const preload = join(home.HOME, "coarse-clock.mjs");
    writeFileSync(
      preload,
      "const real = Date.now; Date.now = () => Math.floor(real() / 1000) * 1000;\n",
    );
    const env = {
      ...home,
      TRADECTL_API_KEY: KEY,
      TRADECTL_API_SECRET: SECRET,
      NODE_OPTIONS: `--import=${preload}`,
    };
    const runs = Array.from({ length: PROCESSES }, (_, p) =>
      runCli(
        [
          "--base-url",
          server.url,
          "-o",
          "ndjson",
          "order",
          "get",
          ...Array.from({ length: IDS_EACH }, (_, i) => String(1000 * (p + 1) + i)),
        ],
        { env, timeoutMs: 30_000 },
      ),
    );
    const results = await Promise.all(runs);
    for (const r of results) {
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(r.stdout.trim().split("\n")).toHaveLength(IDS_EACH);
    }
    expect(repeats).toBe(0);
    expect(accepted.size).toBe(PROCESSES * IDS_EACH);
  }, 60_000);
});
