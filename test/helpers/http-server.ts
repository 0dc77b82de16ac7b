import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export type Handler = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

/** A small HTTP server on 127.0.0.1 that records every request and answers with `handler`. */
export async function startTestServer(handler: Handler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const listener: RequestListener = (req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (d) => {
      body += d;
    });
    req.on("end", () => {
      const recorded = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
      requests.push(recorded);
      Promise.resolve(handler(recorded, res)).catch((error) => {
        res.statusCode = 599;
        res.end(String(error));
      });
    });
  };
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
}

/**
 * The list as the service shows one declaration (an 0.8 BTC deposit): Pending, or Confirmed by
 * the account holder Deniz Demir at `confirmedAt`.
 */
export function oneDeclarationList(id: string, confirmedAt: string | null): string {
  const state = confirmedAt ? "Confirmed" : "Pending";
  const at = confirmedAt ? `"${confirmedAt}"` : "null";
  return `[{"cryptoDepositDeclarationId":${id},"createdAt":"2025-06-14T09:21:07Z","status":"${state}","confirmedAt":${at},"confirmedBy":"Deniz Demir","firstName":"Deniz","lastName":"Demir","amount":0.8,"symbol":"BTC","address":"bc1q","memoTag":null,"lightningInvoice":null}]`;
}

/** The answers of the hostile passes' repros: the user's own wallet, moved from an exchange. */
export const OWN_TRANSFER = [
  "--self",
  "--address-type",
  "individual-wallet",
  "--description",
  "Transfer from my own exchange account",
];
