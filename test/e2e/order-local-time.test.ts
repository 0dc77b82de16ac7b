import { afterAll, beforeAll, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";
import { orderEnvelope } from "../helpers/order-wire.js";

/**
 * A table shows times in the local zone the process starts with (TZ): Node reads TZ once, so
 * this needs a process of its own; the rest of `order get` runs in process (flows/order-get).
 */
const BIG = "9223372036854775807";
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((_req, res) => sendJson(res, 200, orderEnvelope(BIG)));
});
afterAll(async () => {
  await server.close();
});

it("order get -o table shows local time from TZ", async () => {
  const r = await runCli(["--base-url", server.url, "order", "get", BIG, "-o", "table"], {
    env: {
      TRADECTL_API_KEY: "e2e-public-key-abcdef",
      TRADECTL_API_SECRET: "c2FuZGJveC1wcml2YXRlLWtleQ==",
      TZ: "Asia/Tokyo",
    },
  });
  expect(r.code).toBe(0);
  // 1700000000000 ms is 2023-11-14 22:13:20 UTC: 07:13:20 the next day in Tokyo (UTC+9).
  expect(r.stdout).toContain("Created      2023-11-15 07:13:20\n");
});
