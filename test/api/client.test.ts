import { getEventListeners } from "node:events";
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_RESPONSE_BYTES, TradeClient } from "../../src/api/client.js";
import { RateLimiter } from "../../src/api/rate-limit.js";
import type { ConfirmBody } from "../../src/domain/confirm.js";
import { inEnglish } from "../../src/i18n/index.js";
import { VERSION } from "../../src/version.js";
import { LosslessNumber, numberText } from "../../src/wire/json.js";
import { signV1 } from "../../src/wire/signer.js";
import {
  failure,
  TEST_KEY as KEY,
  TEST_SECRET as SECRET,
  useClientHarness,
} from "../helpers/client-harness.js";
import { FakeClock } from "../helpers/fake-clock.js";
import { sendJson, type TestServer } from "../helpers/http-server.js";

const ORDER_JSON = (id: string) =>
  `{"data":{"id":${id},"price":"0.80000000000000000001","amount":"1.5","quantity":"1.5","stopPrice":"0","pairSymbol":"BTCTRY","pairSymbolNormalized":"BTC_TRY","type":"sell","method":"stopmarket","orderClientId":"t","time":1700000000000,"updateTime":1700000001000,"status":"Untouched","leftAmount":"1.5"},"success":true,"message":null,"code":0}`;

const CONFIRM_BODY: ConfirmBody = {
  cryptoDepositDeclarationId: new LosslessNumber("9223372036854775807"),
  isSelfSender: true,
  description: "moving my own coins over",
  AddressType: "IndividualWallet",
};

// Rate limits are off here (an empty table): these tests count requests, not pace them.
const harness = useClientHarness(() => ({ rateLimiter: new RateLimiter({}) }));
const clients: TradeClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

const paths = (s: TestServer) => s.requests.map((r) => `${r.method} ${r.url}`);
const reset = (res: ServerResponse): void => {
  res.socket?.destroy();
};

describe("TradeClient requests", () => {
  it("signs with Authentication V1 and identifies itself", async () => {
    const { client, server } = await harness((_req, res) => sendJson(res, 200, ORDER_JSON("7")));
    await client.getOrder("7");
    const [req] = server.requests;
    expect(req!.method).toBe("GET");
    expect(req!.url).toBe("/api/v1/order/7");
    expect(req!.headers["x-pck"]).toBe(KEY);
    expect(req!.headers["x-stamp"]).toMatch(/^\d{13}$/);
    expect(req!.headers["x-signature"]).toBe(
      signV1(KEY, SECRET, req!.headers["x-stamp"] as string),
    );
    expect(req!.headers["user-agent"]).toBe(`tradectl/${VERSION}`);
    expect(req!.headers["content-type"]).toBe("application/json");
  });

  it("gives every request its own stamp, each signed with the stamp it carries", async () => {
    const { client, server } = await harness((_req, res) => sendJson(res, 200, ORDER_JSON("7")));
    await Promise.all(Array.from({ length: 20 }, () => client.getOrder("7")));
    const stamps = server.requests.map((r) => r.headers["x-stamp"] as string);
    // Arrival order over parallel connections is not send order: only uniqueness is asserted here.
    expect(new Set(stamps).size).toBe(20);
    for (const r of server.requests) {
      expect(r.headers["x-signature"]).toBe(signV1(KEY, SECRET, r.headers["x-stamp"] as string));
    }
  });

  it("returns ids and amounts with the exact digits sent", async () => {
    const { client } = await harness((_req, res) =>
      sendJson(res, 200, ORDER_JSON("9223372036854775807")),
    );
    const order = await client.getOrder("9223372036854775807");
    expect(numberText(order.id)).toBe("9223372036854775807");
    expect(order.price).toBe("0.80000000000000000001");
  });

  it("keeps a path prefix of the base URL and sends list statuses as repeated parameters", async () => {
    const { client, server } = await harness((_req, res) => sendJson(res, 200, "[]"), {});
    const prefixed = new TradeClient({
      baseUrl: `${server.url}/gateway/`,
      credentials: { publicKey: KEY, secret: SECRET },
    });
    clients.push(prefixed);
    await prefixed.listDeclarations({ statuses: ["Pending", "Confirmed"], page: 2, pageSize: 50 });
    await client.listDeclarations({ statuses: [], page: 1, pageSize: 20 });
    expect(paths(server)).toEqual([
      "GET /gateway/api/v1/crypto-deposit-declarations?status=Pending&status=Confirmed&page=2&pageSize=50",
      "GET /api/v1/crypto-deposit-declarations?page=1&pageSize=20",
    ]);
  });

  it("POSTs the confirm body with exact digits", async () => {
    const { client, server } = await harness((_req, res) =>
      sendJson(res, 200, '{"success":true,"message":"","code":0}'),
    );
    const answer = await client.confirmDeclaration(CONFIRM_BODY);
    expect(answer.success).toBe(true);
    expect(server.requests[0]!.body).toBe(
      '{"cryptoDepositDeclarationId":9223372036854775807,"isSelfSender":true,"description":"moving my own coins over","AddressType":"IndividualWallet"}',
    );
  });

  it("without credentials fails with an auth error and sends nothing", async () => {
    const { client, server } = await harness((_req, res) => sendJson(res, 200, "{}"), {
      credentials: null,
    });
    const error = await failure(client.getOrder("1"));
    expect(error.kind).toBe("auth");
    expect(inEnglish(error.hint!)).toContain("TRADECTL_API_KEY");
    expect(server.requests).toHaveLength(0);
  });
});

describe("TradeClient confirmText's onSent", () => {
  it("is told once the request is written whole, before its answer: the service answers only then", async () => {
    const moments: string[] = [];
    let told: () => void = () => {};
    const sent = new Promise<void>((resolve) => {
      told = resolve;
    });
    const { client } = await harness(async (_req, res) => {
      await sent;
      moments.push("answered");
      sendJson(res, 200, `{"success":true,"message":"","code":0}`);
    });
    await client.confirmText(JSON.stringify({ cryptoDepositDeclarationId: 7 }), {
      onSent: () => {
        moments.push("sent");
        told();
      },
      onAnswer: () => moments.push("answer read"),
    });
    expect(moments).toEqual(["sent", "answered", "answer read"]);
  });

  it("is not told when the request never reached the wire (nothing listens)", async () => {
    const client = new TradeClient({
      baseUrl: "http://127.0.0.1:9",
      credentials: { publicKey: KEY, secret: SECRET },
      rateLimiter: new RateLimiter({}),
    });
    clients.push(client);
    let told = 0;
    await expect(
      client.confirmText("{}", {
        onSent: () => {
          told++;
        },
      }),
    ).rejects.toMatchObject({ kind: "network" });
    expect(told).toBe(0);
  });
});

describe("TradeClient retries", () => {
  it("retries a GET on 503 with growing back-off, then succeeds", async () => {
    let n = 0;
    const { client, server, delays } = await harness((_req, res) => {
      if (++n <= 2) sendJson(res, 503, "");
      else sendJson(res, 200, ORDER_JSON("5"));
    });
    const order = await client.getOrder("5");
    expect(numberText(order.id)).toBe("5");
    expect(server.requests).toHaveLength(3);
    // random() = 0.5 of 200 ms, then of 400 ms.
    expect(delays).toEqual([100, 200]);
  });

  it("waits on the clock it is given: retry waits and the time budget are that clock's", async () => {
    const clock = new FakeClock();
    const { client, server } = await harness(
      (_req, res) => {
        res.writeHead(503, { "retry-after": "2" });
        res.end();
      },
      { now: clock.now, sleep: clock.sleep, timeoutMs: 5_000, retries: 5 },
    );
    const call = failure(client.getOrder("1"));
    // Two waits of 2 s fit the 5 s budget; a third would not, so the call gives up.
    expect(await clock.next()).toBe(2_000);
    expect(await clock.next()).toBe(2_000);
    const error = await call;
    expect(error.status).toBe(503);
    expect(server.requests).toHaveLength(3);
    expect(clock.now() - Date.UTC(2026, 0, 1)).toBe(4_000);
  });

  it("paces by the clock it is given: the limiter's waits are that clock's too", async () => {
    const clock = new FakeClock();
    const { client, server } = await harness((_req, res) => sendJson(res, 200, ORDER_JSON("7")), {
      now: clock.now,
      sleep: clock.sleep,
      rateLimiter: undefined,
    });
    let done = false;
    const calls = Promise.all(Array.from({ length: 31 }, () => client.getOrder("7"))).then(() => {
      done = true;
    });
    // 30 per second for orders (domain/limits.ts), evenly spaced: each call after the first
    // waits its turn on this clock, and the 31st a whole window after the first.
    while (!done) await Promise.race([clock.next(), calls]);
    expect(server.requests).toHaveLength(31);
    expect(clock.slept.length).toBeGreaterThanOrEqual(30);
    expect(clock.now() - Date.UTC(2026, 0, 1)).toBeGreaterThanOrEqual(1_000);
  });

  it("honours Retry-After (seconds) on 503 and 429", async () => {
    let n = 0;
    const { client, server, delays } = await harness((_req, res) => {
      n++;
      if (n === 1) {
        res.writeHead(503, { "retry-after": "2" });
        res.end();
      } else if (n === 2) {
        res.writeHead(429, { "retry-after": "1", "content-type": "application/json" });
        res.end('{"message":"TOO_MANY_REQUESTS","success":false,"code":429}');
      } else sendJson(res, 200, ORDER_JSON("5"));
    });
    await client.getOrder("5");
    expect(server.requests).toHaveLength(3);
    expect(delays).toEqual([2000, 1000]);
  });

  it("honours Retry-After as an HTTP date", async () => {
    let n = 0;
    const { client, delays } = await harness((_req, res) => {
      if (++n === 1) {
        res.writeHead(503, { "retry-after": new Date(Date.now() + 5_000).toUTCString() });
        res.end();
      } else sendJson(res, 200, ORDER_JSON("5"));
    });
    await client.getOrder("5");
    expect(delays).toHaveLength(1);
    expect(delays[0]).toBeGreaterThan(2_000);
    expect(delays[0]).toBeLessThanOrEqual(5_000);
  });

  it("gives up after --retries and reports the last failure", async () => {
    const { client, server } = await harness(
      (_req, res) =>
        sendJson(res, 429, '{"message":"TOO_MANY_REQUESTS","success":false,"code":429}'),
      { retries: 2 },
    );
    const error = await failure(client.getOrder("5"));
    expect(server.requests).toHaveLength(3);
    expect(error.kind).toBe("rate_limited");
    expect(error.exitCode).toBe(6);
    expect(error.status).toBe(429);
  });

  it("does not wait past the time budget: a Retry-After beyond it fails at once", async () => {
    const { client, server, delays } = await harness(
      (_req, res) => {
        res.writeHead(503, { "retry-after": "120" });
        res.end();
      },
      { timeoutMs: 5_000 },
    );
    const error = await failure(client.getOrder("5"));
    expect(error.status).toBe(503);
    expect(server.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it("retries a GET whose connection was reset", async () => {
    let n = 0;
    const { client, server } = await harness((_req, res) =>
      ++n === 1 ? reset(res) : sendJson(res, 200, ORDER_JSON("5")),
    );
    await client.getOrder("5");
    expect(server.requests).toHaveLength(2);
  });

  it("does not retry 4xx answers", async () => {
    const { client, server } = await harness((_req, res) =>
      sendJson(res, 400, '{"success":false,"message":"Order not found","code":1152}'),
    );
    const error = await failure(client.getOrder("5"));
    expect(error.kind).toBe("not_found");
    expect(error.exitCode).toBe(3);
    expect(error.code).toBe(1152);
    expect(server.requests).toHaveLength(1);
  });

  it("never re-sends a POST on 500", async () => {
    const { client, server } = await harness((_req, res) =>
      sendJson(res, 500, '{"success":false,"message":"An error occurred","code":500}'),
    );
    const error = await failure(client.confirmDeclaration(CONFIRM_BODY));
    expect(server.requests).toHaveLength(1);
    expect(error.kind).toBe("server");
    expect(error.message).toBe("An error occurred");
  });

  it("never re-sends a POST whose connection was reset, and says it may have arrived", async () => {
    const { client, server } = await harness((_req, res) => reset(res));
    const error = await failure(client.confirmDeclaration(CONFIRM_BODY));
    expect(server.requests).toHaveLength(1);
    expect(error.kind).toBe("network");
    expect(error.requestMayHaveArrived).toBe(true);
  });

  it("a refused connection is a network error that did not arrive, even for a POST", async () => {
    const { client, server } = await harness((_req, res) => sendJson(res, 200, "{}"));
    await server.close();
    const error = await failure(client.confirmDeclaration(CONFIRM_BODY));
    expect(error.kind).toBe("network");
    expect(error.exitCode).toBe(1);
    expect(error.message).toMatch(/^connection refused by 127\.0\.0\.1:\d+$/);
    expect(error.requestMayHaveArrived).toBe(false);
  });
});

describe("TradeClient stamp correction", () => {
  it('answers 401 "Invalid Nonce" by syncing to server time and retrying once with a corrected stamp', async () => {
    const skew = 60_000;
    let orders = 0;
    const { client, server } = await harness((req, res) => {
      if (req.url === "/api/v2/server/time") {
        sendJson(res, 200, `{"serverTime":${Date.now() + skew},"serverTime2":"x"}`);
      } else if (++orders === 1) {
        sendJson(res, 401, '{"success":false,"message":"Invalid Nonce","code":0}');
      } else sendJson(res, 200, ORDER_JSON("5"));
    });
    await client.getOrder("5");
    expect(paths(server)).toEqual([
      "GET /api/v1/order/5",
      "GET /api/v2/server/time",
      "GET /api/v1/order/5",
    ]);
    const [first, time, second] = server.requests;
    // Server time is public: no credentials go with it.
    expect(time!.headers["x-pck"]).toBeUndefined();
    const firstStamp = Number(first!.headers["x-stamp"]);
    const secondStamp = Number(second!.headers["x-stamp"]);
    expect(secondStamp - firstStamp).toBeGreaterThan(skew - 5_000);
    expect(second!.headers["x-signature"]).toBe(signV1(KEY, SECRET, String(secondStamp)));
    expect(Math.abs(client.stampClock.offsetMs - skew)).toBeLessThan(5_000);
  });

  it("retries a refused stamp only once, even for a POST", async () => {
    const { client, server } = await harness((req, res) =>
      req.url === "/api/v2/server/time"
        ? sendJson(res, 200, `{"serverTime":${Date.now()}}`)
        : sendJson(res, 401, '{"success":false,"message":"Invalid Nonce","code":0}'),
    );
    const error = await failure(client.confirmDeclaration(CONFIRM_BODY));
    expect(error.kind).toBe("auth");
    expect(error.exitCode).toBe(4);
    expect(server.requests.filter((r) => r.method === "POST")).toHaveLength(2);
  });

  it("a 401 that does not name the stamp is also sent once more, with a fresh stamp (a POST too)", async () => {
    // A repeated stamp is refused as the service likes: often an empty body. Any 401 proves the
    // request was not processed, so the one re-send must not wait for the word "nonce".
    let posts = 0;
    const { client, server } = await harness((req, res) => {
      if (req.url === "/api/v2/server/time")
        return sendJson(res, 200, `{"serverTime":${Date.now()}}`);
      if (++posts === 1) return sendJson(res, 401, "");
      sendJson(res, 200, '{"success":true,"message":"","code":0}');
    });
    await client.confirmDeclaration(CONFIRM_BODY);
    const sent = server.requests.filter((r) => r.method === "POST");
    expect(sent).toHaveLength(2);
    expect(sent[0]!.headers["x-stamp"]).not.toBe(sent[1]!.headers["x-stamp"]);
  });

  it("a key refused twice is reported as the key's problem, not the clock's", async () => {
    const { client, server } = await harness((req, res) =>
      req.url === "/api/v2/server/time"
        ? sendJson(res, 200, `{"serverTime":${Date.now()}}`)
        : sendJson(res, 401, '{"success":false,"message":"Unauthorized","code":401}'),
    );
    const error = await failure(client.getOrder("5"));
    expect(error.kind).toBe("auth");
    expect(error.message).not.toMatch(/timestamp|clock/);
    expect(paths(server)).toEqual([
      "GET /api/v1/order/5",
      "GET /api/v2/server/time",
      "GET /api/v1/order/5",
    ]);
  });
});

describe("TradeClient responses", () => {
  it("refuses a response over the size cap (declared length)", async () => {
    const { client } = await harness((_req, res) => {
      res.writeHead(200, { "content-length": MAX_RESPONSE_BYTES + 1 });
      res.end(Buffer.alloc(MAX_RESPONSE_BYTES + 1, 0x20));
    });
    const error = await failure(client.getOrder("5"));
    expect(error.kind).toBe("server");
    expect(error.message).toMatch(/too large/);
  });

  it("refuses a chunked response once it passes the size cap", async () => {
    const { client, server } = await harness((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      for (let i = 0; i <= MAX_RESPONSE_BYTES / chunk.length; i++) res.write(chunk);
      res.end();
    });
    const error = await failure(client.getOrder("5"));
    expect(error.message).toMatch(/too large/);
    expect(server.requests).toHaveLength(1);
  });

  it("names the field when the body does not have the documented shape", async () => {
    const { client, server } = await harness((_req, res) =>
      sendJson(res, 200, ORDER_JSON('"not-a-number"')),
    );
    const error = await failure(client.getOrder("5"));
    expect(error.kind).toBe("server");
    expect(error.message).toMatch(/^unexpected response from the server \(HTTP 200\): data\.id: /);
    expect(server.requests).toHaveLength(1);
  });

  it("names a missing field", async () => {
    const { client } = await harness((_req, res) =>
      sendJson(res, 200, ORDER_JSON("5").replace('"pairSymbol":"BTCTRY",', "")),
    );
    const error = await failure(client.getOrder("5"));
    expect(error.message).toContain("data.pairSymbol");
  });

  it("an envelope without data names it, and quotes what the server said", async () => {
    const { client } = await harness((_req, res) =>
      sendJson(res, 200, '{"message":"Order moved","code":0}'),
    );
    const error = await failure(client.getOrder("5"));
    expect(error.message).toContain("data");
    expect(error.message).toContain("(server said: Order moved)");
  });

  it("a 200 saying success:false with code 1152 is not found (exit 3), with the order hint", async () => {
    const { client, server } = await harness((_req, res) =>
      sendJson(res, 200, '{"success":false,"message":"Order not found","code":1152}'),
    );
    const error = await failure(client.getOrder("5"));
    expect(error.kind).toBe("not_found");
    expect(error.exitCode).toBe(3);
    expect(error.message).toContain("Order not found");
    expect(inEnglish(error.hint!)).toMatch(/order get/);
    expect(server.requests).toHaveLength(1);
  });

  it("a truncated 200 body is a clean server error, not a parser stack", async () => {
    const { client } = await harness(
      (_req, res) => sendJson(res, 200, ORDER_JSON("5").slice(0, 40)),
      { retries: 0 },
    );
    const error = await failure(client.getOrder("5"));
    expect(error.kind).toBe("server");
    expect(error.message).toBe(
      "unreadable response from the server (HTTP 200 with a body that is not complete JSON)",
    );
  });

  it("a server that never answers times out within the budget", async () => {
    const { client } = await harness(() => undefined, { timeoutMs: 300 });
    const error = await failure(client.getOrder("5"));
    expect(error.kind).toBe("network");
    expect(error.message).toBe("the request timed out after 300 ms");
  });

  it("leaves nothing on the run's signal once a request is answered (a long walk's heap stays flat)", async () => {
    const controller = new AbortController();
    const { client } = await harness((_req, res) => sendJson(res, 200, ORDER_JSON("5")), {
      signal: controller.signal,
    });
    await Promise.all([client.getOrder("5"), client.getOrder("5")]);
    await client.getOrder("5");
    // AbortSignal.any would also have left a dependant on the run's signal per request (Node 20).
    expect(getEventListeners(controller.signal, "abort")).toEqual([]);
    expect(Object.getOwnPropertySymbols(controller.signal).map(String)).not.toContain(
      "Symbol(kDependantSignals)",
    );
  });

  it("an abort (Ctrl-C) is reported as cancelled", async () => {
    const controller = new AbortController();
    const { client } = await harness(() => controller.abort(), { signal: controller.signal });
    const error = await failure(client.getOrder("5"));
    expect(error.kind).toBe("cancelled");
  });
});

describe("TradeClient --debug trace", () => {
  it("shows the exchange with the key masked, never the signature or the secret", async () => {
    const { client, server, trace } = await harness((_req, res) =>
      sendJson(res, 200, ORDER_JSON("5")),
    );
    await client.getOrder("5");
    const text = trace.join("\n");
    const signature = server.requests[0]!.headers["x-signature"] as string;
    expect(text).toContain(`> GET ${server.url}/api/v1/order/5`);
    expect(text).toContain("> X-PCK: publ…6789");
    expect(text).toContain("> X-Signature: [redacted]");
    expect(text).toMatch(/< HTTP 200 in \d+ ms, \d+ bytes/);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(signature);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(Buffer.from(SECRET, "base64").toString("latin1"));
  });

  it("traces each retry", async () => {
    let n = 0;
    const { client, trace } = await harness((_req, res) =>
      ++n === 1 ? sendJson(res, 503, "") : sendJson(res, 200, ORDER_JSON("5")),
    );
    await client.getOrder("5");
    expect(trace.filter((l) => l.startsWith("retry 1/3 of GET /api/v1/order/5"))).toHaveLength(1);
  });
});
