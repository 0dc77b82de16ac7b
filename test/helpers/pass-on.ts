import { request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";

/**
 * A test proxy's pass-through: `req` sent on to `target` as it came (method, path, headers, and
 * `body` when the proxy read it first, else the request streamed), and the answer passed back
 * as it came. A failed upstream resets the client's connection, as a lost server would.
 */
export function passOn(
  req: IncomingMessage,
  res: ServerResponse,
  target: string,
  body?: Buffer,
): void {
  const upstream = httpRequest(
    new URL(req.url ?? "/", target),
    { method: req.method, headers: req.headers, agent: false },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => req.socket.destroy());
  if (body === undefined) req.pipe(upstream);
  else upstream.end(body);
}
