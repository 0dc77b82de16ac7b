import { Agent, buildConnector, type Dispatcher, request } from "undici";
import { TradectlError } from "../errors.js";
import { type CaseOf, msg } from "../i18n/index.js";
import type { Credentials } from "../wire/credentials.js";
import type { IpFamily } from "../wire/ip-family.js";
import { scanBody, stringifyLossless } from "../wire/json.js";
import type { Schema } from "../wire/schemas.js";
import { authHeaders } from "../wire/signer.js";
import { addressText, type ConnectionPath } from "./connection-path.js";
import { decode, fingerprint, MAX_JSON_DEPTH, readCapped } from "./read-response.js";
import { statusLine } from "./response-errors.js";
import { AttemptFailure } from "./retry-policy.js";
import type { StampClock } from "./stamp-clock.js";
import type { WireRequest } from "./wire-request.js";

/**
 * One HTTP exchange: the signed request through undici, the answer read under a size cap,
 * parsed losslessly and checked against its schema, and the trace lines of both. Every way it
 * can go wrong comes out as an AttemptFailure that says whether trying again is safe; whether
 * to, and when, is the retry policy's call (retry-policy.ts).
 */

/**
 * An undici Dispatcher (an Agent, a MockAgent, a ProxyAgent), described by the methods used
 * here, so that the library's published types do not need undici installed: the CLI and the
 * library carry their own bundled copy, and `undici` is not a dependency of the package.
 */
export interface DispatcherLike {
  dispatch(options: object, handler: object): boolean;
  close(): Promise<void>;
}

export interface TransportOptions {
  baseUrl: URL;
  credentials: Credentials | null;
  timeoutMs: number;
  trace: ((line: string) => void) | undefined;
  dispatcher: DispatcherLike | undefined;
  stampClock: StampClock;
  userAgent: string;
  /** `--ip-family`: every connection over IPv4 or IPv6 only; undefined: as the name resolves. */
  family?: IpFamily | undefined;
  /** Told each new connection's path (what the service sees), as `auth doctor` names it. */
  onConnect?: ((path: ConnectionPath) => void) | undefined;
  /** The client's clock, for the round trip told to `onCounted`. Default Date.now. */
  now?: (() => number) | undefined;
}

export function maskKey(key: string): string {
  return key.length <= 8 ? "****" : `${key.slice(0, 4)}…${key.slice(-4)}`;
}

/** Failures that happen before a byte of the request left: a POST that met one was not sent. */
const NETWORK_CODES_NOT_SENT = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "UND_ERR_CONNECT_TIMEOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/**
 * What a failed connection's code means (`api.failed`'s `reason`: the English names the code
 * only, the Turkish says what it means).
 */
const FAILED_REASONS: ReadonlyMap<string, CaseOf<"api.failed">> = new Map([
  ["ENOTFOUND", "notFound"],
  ["EAI_AGAIN", "dnsAgain"],
  ["UND_ERR_CONNECT_TIMEOUT", "connectTimeout"],
  ["EHOSTUNREACH", "unreachable"],
  ["ENETUNREACH", "unreachable"],
  ["ECONNRESET", "reset"],
  ["UND_ERR_SOCKET", "reset"],
]);

function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === "string") return code;
  if (typeof cause === "object" && cause !== null) {
    const inner = (cause as { code?: unknown }).code;
    if (typeof inner === "string") return inner;
  }
  return undefined;
}

/**
 * Two turns of the event loop, so that a request the count started (the walker's next page) is
 * on the wire while this body is parsed, checked and printed, not after. One turn is not enough:
 * undici writes a request on a keep-alive socket that has been idle only after a turn of its own
 * (an immediate that first reads anything the server sent on it meanwhile), and that immediate
 * is queued when the request reaches undici, after a few awaits of ours, so behind the turn
 * queued here: the body was parsed before the request left, and the server waited for it
 * (0.5 to 1 ms a page of a local walk). The second turn is queued after undici's.
 */
async function requestsStartedGoOut(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
}

export class Transport {
  readonly baseUrl: URL;
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;

  constructor(private readonly options: TransportOptions) {
    this.baseUrl = options.baseUrl;
    this.ownsDispatcher = options.dispatcher === undefined;
    const connect = pathConnector(
      { timeoutMs: Math.min(options.timeoutMs, 10_000), family: options.family },
      (path) => {
        options.onConnect?.(path);
        options.trace?.(
          `connected from ${addressText(path.localAddress, path.family)} to ${addressText(path.remoteAddress, path.family)} (IPv${path.family})`,
        );
      },
    );
    this.dispatcher =
      (options.dispatcher as Dispatcher | undefined) ??
      new Agent({
        keepAliveTimeout: 10_000,
        connect,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
  }

  get hasCredentials(): boolean {
    return this.options.credentials !== null;
  }

  get publicKey(): string | null {
    return this.options.credentials?.publicKey ?? null;
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close();
  }

  /**
   * Sends `spec` once and returns its checked body, or throws an AttemptFailure; `runSignal`
   * (the call's, or the client's) cancels it.
   */
  async exchange<T>(
    spec: WireRequest,
    schema: Schema<T>,
    budgetMs: number,
    runSignal: AbortSignal | undefined,
  ): Promise<T> {
    const url = this.url(spec);
    const headers = await this.headers(spec);
    const body =
      spec.bodyText ?? (spec.body === undefined ? undefined : stringifyLossless(spec.body));
    this.traceRequest(spec, url, headers, body);
    const call = callSignal(budgetMs, runSignal);
    const started = Date.now();
    const begun = this.options.now?.() ?? started;
    // Set once undici has written the whole request to the socket: from then on a POST that
    // fails may have been acted on, whatever the failure (a timeout included).
    const sent = { value: false };
    let status: number;
    let text: string;
    let responseHeaders: Record<string, string | string[] | undefined>;
    try {
      const response = await request(url, {
        method: spec.method,
        headers,
        body,
        signal: call.signal,
        dispatcher: watchSent(this.dispatcher, sent, spec.onSent),
      });
      status = response.statusCode;
      responseHeaders = response.headers;
      text = await readCapped(response.body, response.headers["content-length"]);
    } catch (error) {
      throw this.transportFailure(error, spec, call.timedOut, sent.value, runSignal);
    } finally {
      call.done();
    }
    spec.onAnswer?.(status, text);
    const trace = this.options.trace;
    trace?.(
      `< ${statusLine(status)} in ${Date.now() - started} ms, ${Buffer.byteLength(text)} bytes`,
    );
    if (trace && text !== "") trace(`< ${text.length > 2000 ? `${text.slice(0, 2000)}…` : text}`);
    const ok = status >= 200 && status < 300;
    // The text was decoded from the body's bytes (readCapped): it holds no lone surrogate.
    const scanned = ok ? scanBody(text, MAX_JSON_DEPTH, true) : null;
    if (scanned !== null && spec.onCounted) {
      const roundTripMs = (this.options.now?.() ?? Date.now()) - begun;
      spec.onCounted(scanned.records, fingerprint(text), roundTripMs);
      await requestsStartedGoOut();
    }
    return decode(spec, schema, status, responseHeaders, text, scanned);
  }

  private url(spec: WireRequest): URL {
    // Keep a path prefix of the base URL (a proxy at https://host/btcturk) in front of ours.
    const url = new URL(this.baseUrl.pathname.replace(/\/+$/, "") + spec.path, this.baseUrl);
    for (const [key, value] of spec.query ?? []) url.searchParams.append(key, value);
    return url;
  }

  private async headers(spec: WireRequest): Promise<Record<string, string>> {
    const headers: Record<string, string> = {
      "User-Agent": this.options.userAgent,
      Accept: "application/json",
      "Content-Type": "application/json",
    };
    const { credentials } = this.options;
    if (spec.auth && credentials) {
      // The stamp is taken once and used both in X-Stamp and in the signature.
      const stamp = await this.options.stampClock.take();
      Object.assign(headers, authHeaders(credentials.publicKey, credentials.secret, stamp));
    }
    return headers;
  }

  private traceRequest(
    spec: WireRequest,
    url: URL,
    headers: Record<string, string>,
    body: string | undefined,
  ): void {
    const trace = this.options.trace;
    if (!trace) return;
    trace(`> ${spec.method} ${url.href}`);
    for (const [name, value] of Object.entries(headers)) {
      const shown =
        name === "X-Signature" ? "[redacted]" : name === "X-PCK" ? maskKey(value) : value;
      trace(`> ${name}: ${shown}`);
    }
    if (body !== undefined) trace(`> ${body}`);
  }

  timeoutError(): TradectlError {
    const ms = { ms: this.options.timeoutMs };
    return new TradectlError("network", msg("api.timedOut", ms), {
      hint: msg("hint.network"),
    });
  }

  private transportFailure(
    error: unknown,
    spec: WireRequest,
    /** The attempt's budget ran out (its signal aborted for that). */
    budgetSpent: boolean,
    sent: boolean,
    runSignal: AbortSignal | undefined,
  ): unknown {
    if (error instanceof TradectlError) return new AttemptFailure(error, false);
    if (runSignal?.aborted) return new TradectlError("cancelled", msg("api.cancelled"), {});
    const post = spec.method === "POST";
    const code = errorCode(error);
    const timedOut =
      budgetSpent || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT";
    if (timedOut) {
      if (post && sent) {
        // The server has the request and may have acted on it: its outcome is unknown, which
        // is not what "timed out, raise --timeout" would suggest (issue 18 item 3).
        return new AttemptFailure(
          new TradectlError(
            "network",
            msg("api.noAnswerAfterSent", { ms: this.options.timeoutMs }),
            {
              endpoint: spec.endpoint,
              requestMayHaveArrived: true,
              cause: error,
            },
          ),
          false,
        );
      }
      return new AttemptFailure(this.timeoutError(), false);
    }
    const notSent = code !== undefined && NETWORK_CODES_NOT_SENT.has(code);
    const host = this.baseUrl.host;
    const shown = code ?? (error instanceof Error ? error.message : "unknown error");
    const failure = new TradectlError(
      "network",
      code === "ECONNREFUSED"
        ? msg("api.refused", { host })
        : msg("api.failed", {
            host,
            code: shown,
            reason: FAILED_REASONS.get(code ?? "") ?? "other",
          }),
      {
        cause: error,
        endpoint: spec.endpoint,
        requestMayHaveArrived: post && !notSent,
      },
    );
    return new AttemptFailure(failure, code !== "ECONNREFUSED" && code !== "ENOTFOUND");
  }
}

/**
 * One attempt's signal: aborted when `budgetMs` runs out (a TimeoutError, as
 * AbortSignal.timeout's) or when the run's signal aborts (with its reason). `done()` ends both
 * watches and lets go of the controller.
 *
 * Not AbortSignal.timeout and AbortSignal.any: on Node 20 each `any` adds a WeakRef to the
 * run's signal that is never taken off, and the timeout signal keeps its timer (the whole budget
 * long) until a full collection finds the signal gone, so every request's signals, timer and
 * listeners lived on into the old generation: 7.0 MB promoted on a walk of 100,000 records
 * instead of 5.4, a heap that grew with the walk (scripts/bench/notes.md, peak RSS). The timer
 * and the run signal's listener outlive `done()` only as garbage; they hold no controller, so
 * none of the request's objects is kept through them.
 */
function callSignal(
  budgetMs: number,
  runSignal: AbortSignal | undefined,
): { signal: AbortSignal; readonly timedOut: boolean; done(): void } {
  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller?.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
  }, budgetMs);
  // Like AbortSignal.timeout's timer, it does not keep the process alive.
  timer.unref();
  const onRunAbort = () => controller?.abort(runSignal?.reason);
  if (runSignal?.aborted) onRunAbort();
  else runSignal?.addEventListener("abort", onRunAbort, { once: true });
  return {
    signal,
    get timedOut() {
      return timedOut;
    },
    done() {
      clearTimeout(timer);
      runSignal?.removeEventListener("abort", onRunAbort);
      controller = null;
    },
  };
}

/**
 * The dispatcher, with `sent.value` set (and `onSent` told) when undici reports the request
 * fully written (`onRequestSent` of its handler). The handler is wrapped in a Proxy so undici's own handler
 * keeps its identity (private fields) for every other call.
 */
function watchSent(
  dispatcher: Dispatcher,
  sent: { value: boolean },
  onSent: (() => void) | undefined,
): Dispatcher {
  const dispatch: Dispatcher["dispatch"] = (options, handler) =>
    dispatcher.dispatch(
      options,
      new Proxy(handler, {
        get(target, name) {
          if (name === "onRequestSent") {
            return () => {
              sent.value = true;
              onSent?.();
              return (target as { onRequestSent?: () => void }).onRequestSent?.();
            };
          }
          const value: unknown = Reflect.get(target, name);
          return typeof value === "function" ? value.bind(target) : value;
        },
      }),
    );
  return { dispatch } as Dispatcher;
}

/**
 * undici's connector with the family pinned (net.connect's `family`, so the name is resolved to
 * that family only) and every new connection's path told to `onConnect`: a connection is reused
 * for later requests, so the last one made is the path the next request takes.
 */
function pathConnector(
  options: { timeoutMs: number; family: IpFamily | undefined },
  onConnect: (path: ConnectionPath) => void,
): buildConnector.connector {
  const connect = buildConnector({
    timeout: options.timeoutMs,
    ...(options.family === undefined ? {} : { family: options.family }),
  } as buildConnector.BuildOptions);
  return (opts, callback) =>
    connect(opts, (error, socket) => {
      if (error === null && socket.localAddress && socket.remoteAddress) {
        onConnect({
          localAddress: socket.localAddress.replace(/^::ffff:/, ""),
          remoteAddress: socket.remoteAddress.replace(/^::ffff:/, ""),
          family:
            socket.remoteFamily === "IPv6" && !socket.remoteAddress.startsWith("::ffff:") ? 6 : 4,
        });
      }
      // undici's callback takes (null, socket) or (error, null); pass on what was given.
      (callback as (e: Error | null, s: typeof socket | null) => void)(error, socket);
    });
}
