import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { isLoopbackHost } from "../config/base-url.js";
import { parseWholeNumber } from "../domain/numbers.js";
import { TradectlError } from "../errors.js";
import type { Credentials } from "../wire/credentials.js";
import { numberText, parseLossless, stringifyLossless } from "../wire/json.js";
import {
  ARRIVALS_PER_REQUEST_MAX,
  arrivalShape,
  parseArrivals,
  scheduleArrivals,
} from "./arrivals.js";
import { Authenticator, type SandboxKey } from "./auth.js";
import type { StoredDeclaration } from "./data.js";
import { declarationOnWire } from "./declaration-routes.js";
import { FaultPlan, type FaultSpec, parseFaults } from "./faults.js";
import type { ArrivalShape } from "./generate.js";
import { RateLimits } from "./rate-limits.js";
import { errorReply, type Reply, type SandboxContext, tooManyRequests } from "./replies.js";
import { routeFor } from "./routes.js";
import { StateStore } from "./store.js";

/**
 * The sandbox's programmatic surface. Tests, the embedded mode (`--sandbox`), `sandbox serve`
 * and the benchmark all start it through `startSandbox`.
 *
 * Built on node:http with no framework: the routes are six, a framework would add dependencies
 * and start-up time to every `tradectl --sandbox` run, and the faults need the raw socket.
 */
export const DEMO_CREDENTIALS: Credentials = {
  publicKey: "sandbox-public-key",
  secret: "c2FuZGJveC1wcml2YXRlLWtleQ==",
};

export interface SandboxOptions {
  /** Loopback address to listen on. Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** State file (JSON, atomic writes, safe across processes). null (the default) keeps state in memory. */
  statePath?: string | null;
  /** Extra generated declarations added to the seed data when the state is created. */
  extraDeclarations?: number;
  /** Fault injection, the `--faults SPEC` syntax (see faults.ts). */
  faults?: string;
  /**
   * Enforce the published per-endpoint rate limits (domain/limits.ts) with the service's 429.
   * Default false. Quotas given in `faults` (`quota=CLASS:N/PERIOD`) are enforced either way.
   */
  enforceRateLimits?: boolean;
  /** One line per request (method, path, status, ms). */
  log?: (line: string) => void;
  /** The server's clock (Unix ms); tests move it to simulate skew. */
  now?: () => number;
  /** Simulated arriving deposits, the `--arrivals SPEC` syntax (see arrivals.ts). */
  arrivals?: string;
  /**
   * More API keys of the same account, beside the demo key: what a second device or the
   * exchange's web session is to the service (each key has its own stamps).
   */
  extraCredentials?: readonly Credentials[];
  /** Told each deposit that arrived (from `arrivals` or `POST /__sandbox/deposits`). */
  onArrival?: (declaration: StoredDeclaration) => void;
}

export interface SandboxRequestRecord {
  method: string;
  path: string;
  status: number;
  /** Fault injected into this exchange, if any (e.g. "5xx", "reset", "truncate", "429"). */
  fault?: string;
  /** Path and query as received. */
  url: string;
  /** Why a request was refused, for the log (e.g. "signature does not match"). */
  reason?: string;
}

export interface RunningSandbox {
  url: string;
  port: number;
  /** Every request received, in arrival order (tests assert "nothing was sent"). */
  readonly requests: readonly SandboxRequestRecord[];
  /** Restores the seed data (what `tradectl sandbox reset` does to a state file). */
  reset(): Promise<void>;
  /**
   * Makes `count` new Pending deposits arrive now (what `POST /__sandbox/deposits` does), each
   * with the fields `shape` gives (the deposit a rule expects).
   */
  arrive(count?: number, shape?: ArrivalShape): Promise<StoredDeclaration[]>;
  close(): Promise<void>;
}

/** A confirm body is a few hundred bytes; anything this large is refused unread. */
const MAX_BODY_BYTES = 64 * 1024;
/** The request log keeps the most recent entries of a long-running server. */
const MAX_RECORDS = 200_000;

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? "127.0.0.1";
  if (!isLoopbackHost(host.replace(/^\[|\]$/g, "")) && host !== "::1") {
    throw new TradectlError("usage", `the sandbox listens on loopback only, not '${host}'`, {
      hint: "use --host 127.0.0.1 (or localhost, ::1); the demo credentials are public",
    });
  }
  const faults = new FaultPlan(parseFaults(options.faults));
  const arrivalSpec = options.arrivals ? parseArrivals(options.arrivals) : null;
  const realNow = options.now ?? Date.now;
  const clock = () => realNow() + faults.spec.skewMs;
  const store = await StateStore.open({
    path: options.statePath ?? null,
    extraDeclarations: options.extraDeclarations,
  });
  const context: SandboxContext = {
    store,
    clock,
    auth: new Authenticator([...demoKey(faults.spec), ...(options.extraCredentials ?? [])], clock),
    limits: rateLimits(realNow, options.enforceRateLimits ?? false, faults.spec.quotas),
    refusal401: faults.spec.refusal401,
  };
  const requests: SandboxRequestRecord[] = [];
  const arrive = async (count = 1, shape?: ArrivalShape) => {
    const added = await store.arrive(count, realNow(), shape);
    for (const d of added) options.onArrival?.(d);
    return added;
  };

  const server = createServer((req, res) => {
    const started = performance.now();
    handle(req, context, faults, arrive)
      .catch((error: unknown): Outcome => {
        options.log?.(`sandbox: internal error: ${error instanceof Error ? error.message : error}`);
        return { reply: serverError(), after: null };
      })
      .then(({ reply, after, fault }) => {
        send(res, reply, after);
        const url = req.url ?? "";
        const record: SandboxRequestRecord = {
          method: req.method ?? "",
          path: url.split("?")[0]!,
          url,
          status: reply.status,
        };
        const faultName = fault ?? after?.kind;
        if (faultName) record.fault = faultName;
        if (reply.reason) record.reason = reply.reason;
        requests.push(record);
        if (requests.length > MAX_RECORDS) requests.splice(0, requests.length - MAX_RECORDS / 2);
        if (options.log) {
          const ms = (performance.now() - started).toFixed(1);
          const extra = [faultName && `fault=${faultName}`, reply.reason].filter(Boolean);
          options.log(
            `${new Date(realNow()).toISOString()} ${record.method} ${url} ${reply.status} ${ms}ms${extra.length ? ` (${extra.join("; ")})` : ""}`,
          );
        }
      });
  });
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const schedule = arrivalSpec
    ? scheduleArrivals(arrivalSpec, async (count, shape) => {
        await arrive(count, shape).catch((error: unknown) => {
          options.log?.(`sandbox: no arrival: ${error instanceof Error ? error.message : error}`);
        });
      })
    : null;
  const { port, address, family } = server.address() as AddressInfo;
  const hostText = family === "IPv6" ? `[${address}]` : address;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${hostText}:${port}`,
    port,
    requests,
    reset: () => store.reset(),
    arrive,
    close: () => {
      schedule?.stop();
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** An address of TEST-NET-3 (RFC 5737): never this machine's, so `key=other-ip` always refuses. */
export const OTHER_IP = "203.0.113.7";
/** Another private key for the demo key (`key=wrong-secret`): valid base64, not the one clients sign with. */
const OTHER_SECRET = "b3RoZXItcHJpdmF0ZS1rZXktYnl0ZXM=";

/** The demo key as the key faults make it: unknown, with another secret or IP, or fewer permissions. */
function demoKey(spec: FaultSpec): SandboxKey[] {
  if (spec.key === "unknown") return [];
  return [
    {
      ...DEMO_CREDENTIALS,
      ...(spec.key === "wrong-secret" ? { secret: OTHER_SECRET } : {}),
      ...(spec.key === "other-ip" ? { boundTo: [OTHER_IP] } : {}),
      denied: spec.denied,
    },
  ];
}

function rateLimits(
  clock: () => number,
  published: boolean,
  quotas: FaultSpec["quotas"],
): RateLimits | null {
  const limits = new RateLimits(clock, { published, quotas });
  return limits.active ? limits : null;
}

type After = { kind: "reset" } | { kind: "truncate"; shortLength: boolean } | null;

interface Outcome {
  reply: Reply;
  after: After;
  fault?: string;
}

function serverError(): Reply {
  return {
    status: 500,
    body: JSON.stringify({
      success: false,
      message: "An error occurred",
      code: 500,
      httpStatusCode: 500,
      data: null,
    }),
  };
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () =>
      resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString("utf8")),
    );
    req.on("error", reject);
  });
}

/**
 * `POST /__sandbox/deposits` with an optional `{"count": N}`: N new Pending deposits arrive now;
 * the answer (201) lists them as the list endpoint would. The body may also say what they are,
 * `{"symbol": "XRP", "address": "r…", "amount": "250.5", "memo": "1048576"}` (any of them; the
 * rest is made up), to bring the deposit a rule expects. A control for tests and scripts, so
 * it needs no credentials, meets no faults and no rate limit, and answers loopback callers only.
 */
async function control(
  req: IncomingMessage,
  body: string,
  arrive: (count: number, shape: ArrivalShape) => Promise<StoredDeclaration[]>,
): Promise<Reply> {
  const path = (req.url ?? "").split("?")[0]!.replace(/\/+$/, "");
  const remote = (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
  if (!isLoopbackHost(remote) && remote !== "::1") {
    return errorReply(403, "sandbox controls answer loopback callers only");
  }
  if (path !== "/__sandbox/deposits") return errorReply(404, `No sandbox control at ${path}`);
  if (req.method !== "POST") {
    return { ...errorReply(405, "use POST /__sandbox/deposits"), headers: { Allow: "POST" } };
  }
  const request = arrivalRequest(body);
  if (!request.ok) return errorReply(400, request.problem);
  const { count, shape } = request;
  try {
    const added = await arrive(count, shape);
    return { status: 201, body: stringifyLossless(added.map(declarationOnWire)) };
  } catch (error) {
    if (error instanceof TradectlError) return errorReply(409, error.message);
    throw error;
  }
}

const CONTROL_FIELDS = ["count", "symbol", "address", "amount", "memo"];

/** A control request's body: how many deposits, and what they are. */
function arrivalRequest(
  body: string,
): { ok: true; count: number; shape: ArrivalShape } | { ok: false; problem: string } {
  const usage = `the body must be empty or a JSON object of count (1 to ${ARRIVALS_PER_REQUEST_MAX}) and the deposits' symbol, address, amount and memo`;
  if (body.trim() === "") return { ok: true, count: 1, shape: {} };
  let given: unknown = null;
  try {
    given = parseLossless(body);
  } catch {
    return { ok: false, problem: usage };
  }
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    return { ok: false, problem: usage };
  }
  const fields = given as Record<string, unknown>;
  const unknown = Object.keys(fields).find((key) => !CONTROL_FIELDS.includes(key));
  if (unknown !== undefined) return { ok: false, problem: `unknown field '${unknown}': ${usage}` };
  const countText = fields.count === undefined ? "1" : numberText(fields.count);
  const count = parseWholeNumber(countText, 1, ARRIVALS_PER_REQUEST_MAX);
  if (count === null) return { ok: false, problem: usage };
  const text: Record<string, string> = {};
  for (const key of ["symbol", "address", "amount", "memo"]) {
    const value = fields[key];
    if (value === undefined || value === null) continue;
    // An amount may be a JSON number: its digits, as sent.
    const t = typeof value === "string" ? value : numberText(value);
    if (t === "" || (typeof value !== "string" && key !== "amount")) {
      return { ok: false, problem: `${key} must be text: ${usage}` };
    }
    text[key] = t;
  }
  const shape = arrivalShape(text);
  return shape.ok ? { ok: true, count, shape: shape.shape } : { ok: false, problem: shape.problem };
}

async function handle(
  req: IncomingMessage,
  context: SandboxContext,
  faults: FaultPlan,
  arrive: (count: number, shape: ArrivalShape) => Promise<StoredDeclaration[]>,
): Promise<Outcome> {
  const body = await readBody(req);
  if ((req.url ?? "").startsWith("/__sandbox/") && body !== null) {
    return { reply: await control(req, body, arrive), after: null };
  }
  const draw = faults.active ? faults.draw() : null;
  if (draw && draw.latencyMs > 0) await sleep(draw.latencyMs);
  if (draw?.before?.kind === "5xx") {
    const { status, html } = draw.before;
    const text = STATUS_CODES[status]!;
    const reply: Reply = html
      ? {
          status,
          body: `<html>\r\n<head><title>${status} ${text}</title></head>\r\n<body>\r\n<center><h1>${status} ${text}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
          contentType: "text/html",
        }
      : status === 500
        ? serverError()
        : {
            status,
            body: JSON.stringify({
              success: false,
              message: text,
              code: status,
              httpStatusCode: status,
              data: null,
            }),
          };
    return { reply, after: draw.after, fault: "5xx" };
  }
  if (draw?.before?.kind === "429") {
    return {
      reply: tooManyRequests(faults.spec.retryAfterS, null),
      after: draw.after,
      fault: "429",
    };
  }
  if (body === null) {
    return {
      reply: errorReply(413, `request body exceeds ${MAX_BODY_BYTES} bytes`),
      after: draw?.after ?? null,
    };
  }
  const reply = await routeFor(req, body, context);
  return { reply, after: draw?.after ?? null };
}

function send(res: ServerResponse, reply: Reply, after: After): void {
  const payload = Buffer.from(reply.body, "utf8");
  const headers: Record<string, string | number> = {
    "Content-Type": `${reply.contentType ?? "application/json"}; charset=utf-8`,
    ...reply.headers,
  };
  res.on("error", () => {});
  const half = payload.subarray(0, Math.floor(payload.length / 2));
  if (after?.kind === "truncate" && after.shortLength) {
    res.writeHead(reply.status, { ...headers, "Content-Length": half.length });
    res.end(half);
    return;
  }
  res.writeHead(reply.status, { ...headers, "Content-Length": payload.length });
  if (after === null) {
    res.end(payload);
    return;
  }
  // The answer is cut off mid-body: the change the request made (if any) is already saved.
  res.write(half, () => {
    const socket = res.socket as (Socket & { resetAndDestroy?: () => void }) | null;
    if (after.kind === "reset" && socket?.resetAndDestroy) socket.resetAndDestroy();
    else socket?.destroy();
  });
}
