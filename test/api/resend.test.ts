// The client's one resend loop, seen from a call's hooks: what is told when, and what is sent again (real client, loopback server, no real waits).
import { describe, expect, it } from "vitest";
import type { Refusal } from "../../src/api/client-options.js";
import { TradectlError } from "../../src/errors.js";
import { asIs } from "../../src/i18n/index.js";
import { failure, useClientHarness } from "../helpers/client-harness.js";
import { sendJson } from "../helpers/http-server.js";

const harness = useClientHarness();
const BODY = `{"cryptoDepositDeclarationId":7,"isSelfSender":true}`;
const OK = `{"success":true,"message":"","code":0}`;
const TOO_MANY = `{"success":false,"message":"TOO_MANY_REQUESTS","code":429}`;
const NONCE = `{"success":false,"message":"Invalid Nonce","code":1003}`;

/** The hooks of one call, each moment kept in order. */
function recorder() {
  const moments: string[] = [];
  return {
    moments,
    hooks: {
      onAnswer: (status: number) => moments.push(`answer ${status}`),
      onRefused: async (r: Refusal) => {
        moments.push(`refused ${r.reason} ${r.resendInMs}`);
      },
      onResend: async () => {
        moments.push("resend");
      },
    },
  };
}

/** A service whose POSTs answer `statuses` in turn (a 429 asks for 2 s), then 200. */
const answering = (statuses: number[]) => (_req: unknown, res: Parameters<typeof sendJson>[0]) => {
  const status = statuses.shift() ?? 200;
  if (status === 429) {
    res.writeHead(429, { "content-type": "application/json", "retry-after": "2" });
    res.end(TOO_MANY);
  } else sendJson(res, status, status === 401 ? NONCE : status === 200 ? OK : "{}");
};

describe("a POST's resends, told to its hooks", () => {
  it("a 429 is told before the wait, the resend after it; the same bytes go again", async () => {
    const { client, server, delays } = await harness(answering([429, 429]));
    const { moments, hooks } = recorder();
    await client.confirmText(BODY, hooks);
    expect(moments).toEqual([
      "answer 429",
      "refused rate_limited 2000",
      "resend",
      "answer 429",
      "refused rate_limited 2000",
      "resend",
      "answer 200",
    ]);
    expect(delays).toEqual([2_000, 2_000]);
    expect(server.requests.map((r) => r.body)).toEqual([BODY, BODY, BODY]);
  });

  it("a 401: told, the server's clock read, sent once more; a second 401 is told as not sent again", async () => {
    let posts = 0;
    const { client, server } = await harness((req, res) => {
      if (req.url.startsWith("/api/v2/server/time")) {
        return sendJson(res, 200, `{"serverTime":${Date.now()}}`);
      }
      posts++;
      sendJson(res, 401, NONCE);
    });
    const { moments, hooks } = recorder();
    const error = await failure(client.confirmText(BODY, hooks));
    expect(posts).toBe(2);
    expect(server.requests.map((r) => r.method)).toEqual(["POST", "GET", "POST"]);
    expect(moments).toEqual([
      "answer 401",
      "refused unauthorized 0",
      "resend",
      "answer 401",
      "refused unauthorized null",
    ]);
    expect(error.kind).toBe("auth");
    expect(error.resendStop).toEqual({ why: "refused_again" });
  });

  it("a hook that throws stops the call: nothing more is sent, its error comes out", async () => {
    const { client, server, delays } = await harness(answering([429]));
    const full = new TradectlError("io", asIs("no space left on device"));
    const error = await failure(
      client.confirmText(BODY, {
        onResend: async () => {
          throw full;
        },
      }),
    );
    expect(error).toBe(full);
    expect(server.requests).toHaveLength(1);
    expect(delays).toEqual([2_000]);
  });

  it("a 500 or a reset is never told as a refusal, nor sent again", async () => {
    const { client, server } = await harness(answering([500]));
    const { moments, hooks } = recorder();
    const error = await failure(client.confirmText(BODY, hooks));
    expect(error.status).toBe(500);
    expect(moments).toEqual(["answer 500"]);
    expect(server.requests).toHaveLength(1);
  });

  it("Ctrl-C during a 429's wait (the call's waitSignal) ends it there: cancelled, nothing more sent", async () => {
    const controller = new AbortController();
    const { client, server } = await harness(answering([429]), {
      sleep: async (_ms, signal) => {
        controller.abort();
        signal?.throwIfAborted();
      },
    });
    const error = await failure(
      client.confirmText(BODY, {
        signal: new AbortController().signal,
        waitSignal: controller.signal,
      }),
    );
    expect(error.kind).toBe("cancelled");
    expect(error.resendStop).toEqual({ why: "cancelled" });
    expect(server.requests).toHaveLength(1);
  });
});

describe("a GET's 429", () => {
  it("is waited out within --retries like any GET failure, and says how many tries", async () => {
    const { client, server, delays } = await harness(
      (_req, res) => {
        res.writeHead(429, { "content-type": "application/json", "retry-after": "1" });
        res.end(TOO_MANY);
      },
      { retries: 2 },
    );
    const error = await failure(client.serverTime());
    expect(server.requests).toHaveLength(3);
    expect(delays).toEqual([1_000, 1_000]);
    expect(error.kind).toBe("rate_limited");
    expect(error.resendStop).toEqual({ why: "waits_spent", tries: 3 });
  });
});
