import { describe, expect, it } from "vitest";
import { TradeClient } from "../../src/api/client.js";
import { RateLimiter } from "../../src/api/rate-limit.js";
import type { TradectlError } from "../../src/errors.js";
import { asIsLine, createTranslator } from "../../src/i18n/index.js";
import {
  failure,
  TEST_KEY as KEY,
  TEST_SECRET as SECRET,
  useClientHarness,
} from "../helpers/client-harness.js";
import { sendJson } from "../helpers/http-server.js";

/**
 * The client's own words are a catalog text, said in the user's language; the English message,
 * the JSON error line's, stays what it was; the service's own words are a line shown as it is
 * (`asIs`), so the report shows them as sent after a line that names the kind of refusal.
 */
const tr = createTranslator("tr");
const turkish = (error: TradectlError) =>
  asIsLine(error.text) === null ? tr.text(error.text) : null;

/**
 * A GET through a dispatcher that fails as undici does with `code` (a DNS miss, a timeout):
 * no network and no real wait needed.
 */
async function failingWith(code: string, message: string): Promise<TradectlError> {
  const dispatcher = {
    dispatch(_options: object, handler: { onError?(error: Error): void }) {
      queueMicrotask(() => handler.onError?.(Object.assign(new Error(message), { code })));
      return true;
    },
    close: async () => {},
  };
  const client = new TradeClient({
    baseUrl: "https://api.example.invalid",
    credentials: { publicKey: KEY, secret: SECRET },
    dispatcher,
    retries: 0,
    timeoutMs: 30_000,
    sleep: async () => {},
  });
  try {
    return await failure(client.getOrder("5"));
  } finally {
    await client.close();
  }
}

const harness = useClientHarness(() => ({ rateLimiter: new RateLimiter({}), retries: 0 }));

describe("the API client's failures in Turkish", () => {
  it("a refused connection", async () => {
    const { client, server } = await harness((_req, res) => sendJson(res, 200, "{}"));
    await server.close();
    const error = await failure(client.getOrder("5"));
    const host = new URL(server.url).host;
    expect(error.message).toBe(`connection refused by ${host}`);
    expect(turkish(error)).toBe(`hizmete ulaşılamadı: ${host} bağlantıyı reddetti`);
  });

  it("a name that does not resolve says what the code means", async () => {
    const error = await failingWith("ENOTFOUND", "getaddrinfo ENOTFOUND api.example.invalid");
    expect(error.message).toBe("connection to api.example.invalid failed (ENOTFOUND)");
    expect(turkish(error)).toBe(
      "hizmete ulaşılamadı: api.example.invalid adı çözümlenemedi, böyle bir ad bulunamadı (ENOTFOUND)",
    );
  });

  it("a timeout, with its hint", async () => {
    const error = await failingWith("UND_ERR_HEADERS_TIMEOUT", "Headers Timeout Error");
    expect(error.message).toBe("the request timed out after 30000 ms");
    expect(turkish(error)).toBe("istek 30000 ms içinde yanıtlanmadı (zaman aşımı)");
    expect(error.hint && tr.text(error.hint)).toBe("ağı kontrol edin ya da --timeout'u artırın");
  });

  it("a gateway's HTML page instead of the service's JSON", async () => {
    const { client } = await harness((_req, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<html><body>Bad Gateway</body></html>");
    });
    const error = await failure(client.getOrder("5"));
    expect(error.message).toBe("HTTP 502 Bad Gateway: the server's answer is not JSON");
    expect(turkish(error)).toBe(
      "hizmet HTTP 502 Bad Gateway ile yanıt verdi, ama yanıt JSON değil (araya giren bir ağ geçidinin ya da vekil sunucunun sayfası olabilir)",
    );
  });

  it("a truncated 200 body", async () => {
    const { client } = await harness((_req, res) => sendJson(res, 200, '{"data":{"id":'));
    const error = await failure(client.getOrder("5"));
    expect(error.message).toBe(
      "unreadable response from the server (HTTP 200 with a body that is not complete JSON)",
    );
    expect(turkish(error)).toBe(
      "sunucunun yanıtı okunamadı (HTTP 200, gövde eksik ya da bozuk JSON)",
    );
  });

  it("a 200 that says it failed keeps the service's message and code as sent", async () => {
    const { client } = await harness((_req, res) =>
      sendJson(res, 200, '{"success":false,"message":"Something went wrong","code":1001}'),
    );
    const error = await failure(client.getOrder("5"));
    expect(error.message).toBe(
      "the server answered HTTP 200 but said the request failed: Something went wrong (code 1001)",
    );
    expect(turkish(error)).toBe(
      "sunucu HTTP 200 ile yanıt verdi ama isteğin başarısız olduğunu bildirdi: Something went wrong (kod 1001)",
    );
  });

  it("the service's own message is not said: the report shows it as sent", async () => {
    const { client } = await harness((_req, res) =>
      sendJson(res, 404, '{"success":false,"message":"Order not found","code":1152}'),
    );
    const error = await failure(client.getOrder("5"));
    expect(error.kind).toBe("not_found");
    expect(error.message).toBe("Order not found");
    expect(asIsLine(error.text)).toBe("Order not found");
  });
});
