import {
  createServer,
  type OutgoingHttpHeaders,
  type RequestListener,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { passOn } from "./pass-on.js";
import { TWIN_PASS } from "./twin-mode.js";

/**
 * The servers a twin run talks to (test/helpers/twin.ts). A twin must not disturb what its
 * test watches: the helpers' scripted servers count requests and may answer differently the
 * second time, and tests count a sandbox's requests. So a twin gets a server of its own.
 */

export const originOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

/**
 * Sandboxes of this test process whose answers do not depend on the requests before them (no
 * faults, quotas, rate limits, arrivals or request log): a twin's requests are passed on to
 * them as the first run's were. Tests count their request records, so the twin's are taken off.
 * Filled by test/setup/twin-sandboxes.ts.
 */
const historyFree = new Map<string, { requests: unknown[] }>();

/** The plain sandbox at `origin` (its request records), if it is one. */
export const historyFreeAt = (origin: string) => historyFree.get(origin);

export function rememberHistoryFree(url: string, requests: readonly unknown[]): void {
  historyFree.set(originOf(url), { requests: requests as unknown[] });
}

/**
 * The helpers' scripted servers (http-server.ts, recording-proxy.ts): their handlers may count
 * and answer differently the second time, so the twin never reaches them. It gets, in order,
 * the answers the first run got (faults, hangs and all), recorded by `replayableListener`.
 */
const replayable = new Map<string, Recorded>();

/** What the helper's server at `origin` received and answered, if it is one. */
export const recordedAt = (origin: string) => replayable.get(origin);

/** One request a helper's server received, and its answer once it ended. */
export interface Exchange {
  /** "METHOD url". */
  key: string;
  /** Unset while the server has not answered (a server that hangs, on purpose). */
  answer?: Answer;
}

interface Answer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  headersSent: boolean;
  /** The response ended as a whole (not a reset or a truncated body). */
  complete: boolean;
  /** Not complete because the server cut the connection (else the client left it). */
  cut: boolean;
}

interface Recorded {
  /** Every request the server received, in order, with its answer. */
  exchanges: Exchange[];
  /** The server is closed: a twin finds nothing listening, as its first run did. */
  closed: boolean;
}

/**
 * In the twin pass, `listener` with every request it gets and its answer recorded, for the
 * twins of the runs against it: see `replayable`. Outside the twin pass, `listener` as it is.
 */
export function replayableListener(listener: RequestListener): {
  listener: RequestListener;
  listening(url: string): void;
  closed(): void;
} {
  const recorded: Recorded = { exchanges: [], closed: false };
  if (!TWIN_PASS) return { listener, listening: () => {}, closed: () => {} };
  const wrapped: RequestListener = (req, res) => {
    const exchange: Exchange = { key: `${req.method} ${req.url}` };
    recorded.exchanges.push(exchange);
    recordAnswer(res, (answer) => {
      exchange.answer = answer;
    });
    listener(req, res);
  };
  return {
    listener: wrapped,
    listening: (url) => replayable.set(originOf(url), recorded),
    closed: () => {
      recorded.closed = true;
    },
  };
}

function recordAnswer(res: ServerResponse, done: (a: Answer) => void): void {
  let headers: OutgoingHttpHeaders = {};
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown) => {
    if (typeof chunk === "string" || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const given = args.find((a) => typeof a === "object" && a !== null);
    if (given && !Array.isArray(given)) headers = { ...headers, ...(given as OutgoingHttpHeaders) };
    return writeHead(...args);
  }) as typeof res.writeHead;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk);
    return write(chunk, ...rest);
  }) as typeof res.write;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk);
    return end(chunk, ...rest);
  }) as typeof res.end;
  // A connection the server cut (a reset fault) is an answer; one the client left while the
  // server held it (a timeout) is not: the replay holds that request too.
  let clientLeft = false;
  const left = () => {
    clientLeft = true;
  };
  const socket = res.socket;
  socket?.once("end", left).once("error", left);
  res.on("close", () => {
    socket?.off("end", left).off("error", left);
    if (!res.writableFinished && !res.headersSent && clientLeft) return;
    done({
      status: res.statusCode,
      headers: { ...res.getHeaders(), ...headers },
      body: Buffer.concat(chunks),
      headersSent: res.headersSent,
      complete: res.writableFinished,
      cut: !clientLeft,
    });
  });
}

function replayAnswer(a: Answer, res: ServerResponse): void {
  if (a.complete) {
    res.writeHead(a.status, a.headers).end(a.body);
    return;
  }
  if (a.headersSent) {
    res.writeHead(a.status, a.headers);
    res.write(a.body);
  }
  // A body the client stopped reading (over its size cap) is left for the client to leave again.
  if (a.cut) res.socket?.destroy();
}

/** The twin's server: the first run's answers in order, or a pass-through to a sandbox. */
export interface TwinServer {
  origin: string;
  /** Requests the replay had no answer for (the twin asked what the first run did not). */
  unasked: string[];
  /** "METHOD url" of each request passed on to the sandbox. */
  passedOn: string[];
  close(): Promise<void>;
}

export async function twinServer(
  how: { exchanges: readonly Exchange[] } | { forwardTo: string },
): Promise<TwinServer> {
  const queue = "exchanges" in how ? [...how.exchanges] : [];
  const unasked: string[] = [];
  const passedOn: string[] = [];
  const server = createServer((req, res) => {
    const key = `${req.method} ${req.url}`;
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if ("forwardTo" in how) {
        passedOn.push(key);
        passOn(req, res, how.forwardTo, Buffer.concat(chunks));
        return;
      }
      const i = queue.findIndex((a) => a.key === key);
      if (i < 0) {
        unasked.push(key);
        res.writeHead(599).end("the twin asked what the first run did not");
        return;
      }
      // A request the server never answered is not answered now either (closing ends it).
      const { answer } = queue.splice(i, 1)[0]!;
      if (answer) replayAnswer(answer, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    unasked,
    passedOn,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Takes one record per request the twin passed on off `requests` (from `from` on). */
export function forget(requests: unknown[], from: number, passedOn: readonly string[]): void {
  for (const key of passedOn) {
    for (let i = requests.length - 1; i >= from; i--) {
      const r = requests[i] as { method?: string; url?: string };
      if (`${r.method} ${r.url}` === key) {
        requests.splice(i, 1);
        break;
      }
    }
  }
}
