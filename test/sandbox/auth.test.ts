import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { signV1 } from "../../src/wire/signer.js";
import { DEMO_CREDENTIALS, send, signedHeaders } from "../helpers/sandbox.js";
import { SEED_CONFIRM_ANSWERS } from "../helpers/seed-text.js";

type Body = { [key: string]: unknown };

// The sandbox runs on a clock the test moves; stamps are chosen relative to it.
let clock = Date.parse("2026-03-01T10:00:00.000Z");
let sandbox: RunningSandbox;
let next = 0;
/** A stamp `offset` ms from the sandbox clock, unique within this file. */
const stamp = (offset = 0) => String(clock + offset + (next++ % 1000));

beforeAll(async () => {
  sandbox = await startSandbox({ statePath: null, now: () => clock });
});
afterAll(() => sandbox.close());

const ORDER = "/api/v1/order/9932534";

function expect401(res: { status: number; json: unknown }, message: RegExp | string) {
  expect(res.status).toBe(401);
  const body = res.json as Body;
  expect(body.success).toBe(false);
  if (typeof message === "string") expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

describe("Authentication V1", () => {
  test("a correctly signed request is accepted", async () => {
    const res = await send(sandbox.url, ORDER, { headers: signedHeaders({ stamp: stamp() }) });
    expect(res.status).toBe(200);
  });

  test("the documented test vector's algorithm is what the sandbox checks", async () => {
    // docs/SERVICE-NOTES.md: key test-public-key, this secret and stamp give this signature.
    expect(signV1("test-public-key", "dGVzdC1wcml2YXRlLWtleS1ieXRlcw==", "1700000000000")).toBe(
      "ATeAF1YtTDgt/EkrAj0LjjPypyLshyjtGW+qC2n+lGw=",
    );
  });

  test("missing headers: 401 Unauthorized", async () => {
    expect401(await send(sandbox.url, ORDER, { headers: null }), SEED_CONFIRM_ANSWERS.unauthorized);
    const headers = signedHeaders({ stamp: stamp() });
    delete headers["X-Signature"];
    expect401(await send(sandbox.url, ORDER, { headers }), SEED_CONFIRM_ANSWERS.unauthorized);
  });

  test("an unknown key: 401 Unauthorized", async () => {
    const headers = signedHeaders({
      stamp: stamp(),
      credentials: { publicKey: "someone-else", secret: DEMO_CREDENTIALS.secret },
    });
    expect401(await send(sandbox.url, ORDER, { headers }), SEED_CONFIRM_ANSWERS.unauthorized);
  });

  test("a bad signature: 401 Unauthorized (wrong secret, tampered, or signing another stamp)", async () => {
    const wrongSecret = signedHeaders({
      stamp: stamp(),
      credentials: { publicKey: DEMO_CREDENTIALS.publicKey, secret: "b3RoZXItc2VjcmV0" },
    });
    expect401(
      await send(sandbox.url, ORDER, { headers: wrongSecret }),
      SEED_CONFIRM_ANSWERS.unauthorized,
    );
    const s = stamp();
    const otherStamp = signedHeaders({
      stamp: s,
      signature: signV1(DEMO_CREDENTIALS.publicKey, DEMO_CREDENTIALS.secret, String(Number(s) + 1)),
    });
    expect401(
      await send(sandbox.url, ORDER, { headers: otherStamp }),
      SEED_CONFIRM_ANSWERS.unauthorized,
    );
    const logged = sandbox.requests.at(-1)!;
    expect(logged).toMatchObject({ status: 401, reason: "signature does not match" });
  });

  test("a stamp more than 5 s away from server time: 401 Invalid Nonce, either way", async () => {
    for (const offset of [-6_000, 6_000]) {
      const res = await send(sandbox.url, ORDER, {
        headers: signedHeaders({ stamp: String(clock + offset) }),
      });
      expect401(res, /^Invalid Nonce/);
    }
  });

  test("a stamp inside the window is accepted on both sides", async () => {
    for (const offset of [-4_000, 4_000]) {
      const res = await send(sandbox.url, ORDER, {
        headers: signedHeaders({ stamp: String(clock + offset) }),
      });
      expect(res.status).toBe(200);
    }
  });

  test("the window follows the sandbox clock", async () => {
    const old = stamp();
    clock += 60_000;
    try {
      const res = await send(sandbox.url, ORDER, { headers: signedHeaders({ stamp: old }) });
      expect401(res, /Invalid Nonce/);
      const ok = await send(sandbox.url, ORDER, { headers: signedHeaders({ stamp: stamp() }) });
      expect(ok.status).toBe(200);
    } finally {
      clock -= 60_000;
    }
  });

  test("a replayed stamp: 401, even on another endpoint", async () => {
    const headers = signedHeaders({ stamp: stamp(-2_000) });
    expect((await send(sandbox.url, ORDER, { headers })).status).toBe(200);
    expect401(await send(sandbox.url, ORDER, { headers }), /Invalid Nonce: .*already used/);
    expect401(await send(sandbox.url, "/api/v1/exchanges", { headers }), /already used/);
  });

  test("a stamp that is not milliseconds: 401 Invalid Nonce", async () => {
    const headers = signedHeaders({ stamp: "yesterday" });
    expect401(await send(sandbox.url, ORDER, { headers }), /Invalid Nonce/);
  });

  test("many concurrent requests with distinct stamps, arriving out of order, all accepted", async () => {
    // Stamps handed out in increasing order but sent newest first over separate connections.
    const stamps = Array.from({ length: 60 }, (_, i) => String(clock - 3_000 + i * 7));
    const results = await Promise.all(
      [...stamps]
        .reverse()
        .map((s) => send(sandbox.url, ORDER, { headers: signedHeaders({ stamp: s }) })),
    );
    expect(results.map((r) => r.status)).toEqual(stamps.map(() => 200));
  });

  test("server time needs no authentication", async () => {
    const res = await send(sandbox.url, "/api/v2/server/time", { headers: null });
    expect(res.status).toBe(200);
  });
});
