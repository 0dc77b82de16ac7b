import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import type { TradeClientOptions } from "../../src/api/client-options.js";
import type { ConfirmBody } from "../../src/domain/confirm.js";
import { inEnglish } from "../../src/i18n/index.js";
import { LosslessNumber, numberText } from "../../src/wire/json.js";
import { generatedDeclaration } from "../fixtures/declarations-list.js";
import { failure, useClientHarness } from "../helpers/client-harness.js";
import { type Handler, type RecordedRequest, sendJson } from "../helpers/http-server.js";

/**
 * What the client may claim: regression tests for issues 12 and 18 against small local servers
 * that answer the odd things real ones do.
 */
const CONFIRM_BODY: ConfirmBody = {
  cryptoDepositDeclarationId: new LosslessNumber("734001026"),
  isSelfSender: true,
  description: "moving my own coins over",
  AddressType: "IndividualWallet",
};

const harness = useClientHarness();
const clientFor = async (handler: Handler, options: TradeClientOptions = {}) => {
  const { client, server, delays } = await harness(handler, options);
  return { client, server, sleeps: delays };
};

const pathOf = (r: RecordedRequest) => r.url.split("?")[0];
const ALL = {
  statuses: ["Pending", "Confirmed"] as ("Pending" | "Confirmed")[],
  page: 1,
  pageSize: 100,
};

async function collect(walk: AsyncIterable<{ cryptoDepositDeclarationId: unknown }[]>) {
  const ids: string[] = [];
  for await (const page of walk)
    for (const d of page) ids.push(numberText(d.cryptoDepositDeclarationId));
  return ids;
}

describe("the page walker against a server that ignores `page`", () => {
  it("walkDeclarations (the confirm read-back's entry point) stops after two requests", async () => {
    const { client, server } = await clientFor((_req, res) => {
      const page = Array.from({ length: 100 }, (_, i) => generatedDeclaration(i));
      sendJson(res, 200, `[${page.join(",")}]`);
    });
    const error = await failure(collect(client.walkDeclarations(ALL)));
    expect(error.message).toBe(
      "the server sent the same records for page 2 as for page 1; stopped instead of looping",
    );
    expect(server.requests).toHaveLength(2);
  });

  it("a Pending walk (overlapping pages) stops after two requests too", async () => {
    const { client, server } = await clientFor((req, res) => {
      const size = Number(new URL(req.url, "http://x").searchParams.get("pageSize"));
      const page = Array.from({ length: size }, (_, i) => generatedDeclaration(i * 3));
      sendJson(res, 200, `[${page.join(",")}]`);
    });
    const error = await failure(
      collect(client.walkDeclarations({ statuses: ["Pending"], page: 1, pageSize: 100 })),
    );
    expect(error.message).toMatch(/stopped instead of looping/);
    expect(server.requests).toHaveLength(2);
  });
});

describe("429 answers", () => {
  const tooMany = (res: ServerResponse, details: string, headers: Record<string, string> = {}) => {
    const body = JSON.stringify({
      message: "TOO_MANY_REQUESTS",
      success: false,
      code: 429,
      details,
    });
    res.writeHead(429, { "content-type": "application/json", ...headers });
    res.end(body);
  };

  it("with only `details` naming the wait (no Retry-After): no retry, the details and the wait shown", async () => {
    const { client, server, sleeps } = await clientFor((_req, res) =>
      tooMany(res, "Account blocked. Please try again in 53 second(s)."),
    );
    const error = await failure(client.getOrder("5"));
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(error.kind).toBe("rate_limited");
    expect(error.exitCode).toBe(6);
    expect(error.message).toContain("Please try again in 53 second(s).");
    expect(error.retryAfterMs).toBe(53_000);
    expect(inEnglish(error.hint!)).toContain("wait 53 s");
  });

  it("a `details` wait inside the budget is waited, not backed off", async () => {
    let n = 0;
    const { client, sleeps } = await clientFor((_req, res) =>
      ++n === 1
        ? tooMany(res, "Please try again in 2 second(s).")
        : sendJson(res, 200, `[${generatedDeclaration(0)}]`),
    );
    await client.listDeclarations(ALL);
    expect(sleeps).toEqual([2_000]);
  });

  it("with Retry-After: 3600: gives up at once and says how long to wait", async () => {
    const { client, server, sleeps } = await clientFor((_req, res) =>
      tooMany(res, "Quota exceeded. Maximum allowed: 120 per 1m.", { "Retry-After": "3600" }),
    );
    const error = await failure(client.getOrder("5"));
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(error.message).toContain("Quota exceeded. Maximum allowed: 120 per 1m.");
    expect(inEnglish(error.hint!)).toContain("wait 60 min");
  });

  it("when retries run out, the error shows the service's details", async () => {
    const { client, server } = await clientFor(
      (_req, res) =>
        tooMany(res, "Quota exceeded. Maximum allowed: 5 per 1s.", { "Retry-After": "1" }),
      { retries: 2 },
    );
    const error = await failure(client.listDeclarations(ALL));
    expect(server.requests).toHaveLength(3);
    expect(error.message).toBe("TOO_MANY_REQUESTS: Quota exceeded. Maximum allowed: 5 per 1s.");
    expect(inEnglish(error.hint!)).toContain("wait 1 s");
  });
});

describe("answers that say they failed", () => {
  it("a 200 to the confirm POST saying success:false is a failure with the server's words, that may have arrived", async () => {
    const { client, server } = await clientFor((_req, res) =>
      sendJson(res, 200, '{"success":false,"message":"Something failed","code":1234}'),
    );
    const error = await failure(client.confirmDeclaration(CONFIRM_BODY));
    expect(server.requests).toHaveLength(1);
    expect(error.kind).toBe("server");
    expect(error.message).toContain("Something failed");
    expect(error.code).toBe(1234);
    expect(error.requestMayHaveArrived).toBe(true);
  });

  it("a POST that times out after it was sent may have arrived; it is not re-sent", async () => {
    const { client, server } = await clientFor(() => undefined, { timeoutMs: 300 });
    const error = await failure(client.confirmDeclaration(CONFIRM_BODY));
    expect(server.requests).toHaveLength(1);
    expect(error.kind).toBe("network");
    expect(error.requestMayHaveArrived).toBe(true);
    expect(error.message).toBe("no answer within 300 ms after the request was sent");
  });

  it("a GET that times out is a plain timeout", async () => {
    const { client } = await clientFor(() => undefined, { timeoutMs: 300 });
    const error = await failure(client.getOrder("5"));
    expect(error.requestMayHaveArrived).toBe(false);
    expect(error.message).toBe("the request timed out after 300 ms");
  });
});

describe("the list path", () => {
  it("falls back to the /confirm form once on 404, and keeps it for the rest of the run", async () => {
    const { client, server } = await clientFor((req, res) =>
      pathOf(req) === "/api/v1/crypto-deposit-declarations"
        ? sendJson(res, 404, '{"success":false,"message":"Not Found","code":404}')
        : sendJson(res, 200, `[${generatedDeclaration(0)}]`),
    );
    await client.listDeclarations(ALL);
    await client.listDeclarations({ ...ALL, page: 2 });
    expect(server.requests.map(pathOf)).toEqual([
      "/api/v1/crypto-deposit-declarations",
      "/api/v1/crypto-deposit-declarations/confirm",
      "/api/v1/crypto-deposit-declarations/confirm",
    ]);
  });

  it("falls back on 405 too; the short form, when it answers, is kept", async () => {
    const { client, server } = await clientFor((req, res) =>
      pathOf(req) === "/api/v1/crypto-deposit-declarations"
        ? sendJson(res, 405, "")
        : sendJson(res, 200, "[]"),
    );
    await client.listDeclarations(ALL);
    expect(server.requests.map(pathOf).at(-1)).toBe("/api/v1/crypto-deposit-declarations/confirm");
    const other = await clientFor((_req, res) => sendJson(res, 200, "[]"));
    await other.client.listDeclarations(ALL);
    await other.client.listDeclarations(ALL);
    expect(other.server.requests.map(pathOf)).toEqual([
      "/api/v1/crypto-deposit-declarations",
      "/api/v1/crypto-deposit-declarations",
    ]);
  });

  it("when both forms 404, the hint is about the address, not pending declarations", async () => {
    const { client, server } = await clientFor((_req, res) =>
      sendJson(res, 404, '{"success":false,"message":"Not Found","code":404}'),
    );
    const error = await failure(client.listDeclarations(ALL));
    expect(server.requests).toHaveLength(2);
    expect(error.kind).toBe("not_found");
    expect(error.endpoint).toBe("declarations");
    expect(inEnglish(error.hint!)).toContain("--base-url");
    expect(inEnglish(error.hint!)).not.toContain("pending");
  });
});

describe("the exchanges listing", () => {
  it("a 404 means no listing: null, asked once", async () => {
    const { client, server } = await clientFor((_req, res) =>
      sendJson(res, 404, '{"success":false,"message":"Not Found","code":404}'),
    );
    expect(await client.listExchanges()).toBeNull();
    expect(await client.listExchanges()).toBeNull();
    expect(server.requests).toHaveLength(1);
  });

  it("is read from exchangesPath", async () => {
    const { client, server } = await clientFor(
      (_req, res) => sendJson(res, 200, '[{"id":3,"name":"Binance"}]'),
      { exchangesPath: "/api/v2/crypto-exchanges" },
    );
    const listing = await client.listExchanges();
    expect(listing?.map((e) => e.name)).toEqual(["Binance"]);
    expect(server.requests.map(pathOf)).toEqual(["/api/v2/crypto-exchanges"]);
  });

  it("other failures reject (and are asked again next time)", async () => {
    const { client } = await clientFor((_req, res) =>
      sendJson(res, 401, '{"success":false,"message":"Unauthorized","code":401}'),
    );
    expect((await failure(client.listExchanges())).kind).toBe("auth");
  });
});

describe("errors per the API notes", () => {
  it("1152 under 400 or 404 is not found (exit 3)", async () => {
    for (const status of [400, 404]) {
      const { client } = await clientFor((_req, res) =>
        sendJson(res, status, '{"success":false,"message":"Something","code":1152}'),
      );
      const error = await failure(client.getOrder("5"));
      expect(error.kind).toBe("not_found");
      expect(error.exitCode).toBe(3);
      expect(inEnglish(error.hint!)).toContain("order get");
    }
  });

  it("a 401 hint names the key, its permissions and its IP binding", async () => {
    const { client } = await clientFor((_req, res) =>
      sendJson(res, 401, '{"success":false,"message":"Unauthorized","code":401}'),
    );
    const error = await failure(client.listDeclarations(ALL));
    expect(inEnglish(error.hint!)).toMatch(/permission/);
    expect(inEnglish(error.hint!)).toMatch(/IP address/);
  });
});
