import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type RequestListener,
} from "node:http";
import type { AddressInfo } from "node:net";

/** What the proxy does with the n-th POST (from 1). */
export type PostAction =
  /** Passed on, and its answer passed back. */
  | "forward"
  /** The connection is reset before the server sees it: nothing changes. */
  | "drop"
  /** Passed on and handled by the server, then the connection is reset: the answer is lost. */
  | "lose-answer";

export interface RecordingProxy {
  url: string;
  /** The ids of every POST that reached the server, in order (a POST is counted once it is passed on). */
  readonly forwarded: string[];
  /**
   * The ids of the POSTs the server may have processed, in order: every forwarded one except
   * those it answered 401 (a refused stamp or key) or 429, answers that prove it did not
   * process them (docs/OUTCOMES.md). None may appear twice.
   */
  readonly processed: string[];
  /** The ids of POSTs dropped before the server saw them. */
  readonly dropped: string[];
  close(): Promise<void>;
}

const idOf = (body: string) =>
  /"cryptoDepositDeclarationId"\s*:\s*"?([0-9]+)/.exec(body)?.[1] ?? "?";

/**
 * A proxy in front of a server that records every confirm POST by declaration id (so a test
 * asserts from the server's side that none was sent twice) and can lose the n-th one before or
 * after the server handled it. `beforePost` runs when a POST arrives, before it is passed on
 * (e.g. to send Ctrl-C to the client while its POST is in flight).
 */
export async function startRecordingProxy(
  target: string,
  options: {
    action?: (n: number, id: string) => PostAction;
    beforePost?: (n: number, id: string) => void | Promise<void>;
  } = {},
): Promise<RecordingProxy> {
  const forwarded: string[] = [];
  const dropped: string[] = [];
  const processed: string[] = [];
  let posts = 0;
  const listener: RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks);
      let action: PostAction = "forward";
      if (req.method === "POST") {
        posts++;
        const id = idOf(body.toString("utf8"));
        action = options.action?.(posts, id) ?? "forward";
        await options.beforePost?.(posts, id);
        if (action === "drop") {
          dropped.push(id);
          req.socket.destroy();
          return;
        }
        forwarded.push(id);
      }
      pass(req, body, target, (status, headers, answer) => {
        if (req.method === "POST" && status !== 401 && status !== 429) {
          processed.push(idOf(body.toString("utf8")));
        }
        if (action === "lose-answer") {
          req.socket.destroy();
          return;
        }
        res.writeHead(status, headers);
        res.end(answer);
      });
    });
  };
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded,
    processed,
    dropped,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function pass(
  req: IncomingMessage,
  body: Buffer,
  target: string,
  answer: (status: number, headers: IncomingMessage["headers"], body: Buffer) => void,
): void {
  const upstream = httpRequest(
    new URL(req.url ?? "/", target),
    { method: req.method, headers: req.headers, agent: false },
    (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => answer(res.statusCode ?? 502, res.headers, Buffer.concat(chunks)));
    },
  );
  upstream.on("error", () => req.socket.destroy());
  upstream.end(body);
}
