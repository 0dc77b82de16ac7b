import { Agent, type Dispatcher, request } from "undici";
import * as v from "valibot";
import type { RateLimitClass } from "../domain/limits.js";
import { TradectlError } from "../errors.js";
import type { Credentials } from "../wire/credentials.js";
import { parseLossless, scanJson, stringifyLossless } from "../wire/json.js";
import { describeIssue, type Schema } from "../wire/schemas.js";
import { authHeaders } from "../wire/signer.js";
import {
  errorForRefusal,
  errorForResponse,
  readErrorBody,
  readQuotaBody,
  saysFailure,
  statusLine,
} from "./response-errors.js";
import { AttemptFailure, retryAfterHeaderMs } from "./retry-policy.js";
import type { StampClock } from "./stamp-clock.js";

/**
 * One HTTP exchange: the signed request through undici, the answer read under a size cap,
 * parsed losslessly and checked against its schema, and the trace lines of both. Every way it
 * can go wrong comes out as an AttemptFailure that says whether trying again is safe; whether
 * to, and when, is the retry policy's call (retry-policy.ts).
 */

/** A response larger than this is refused rather than read into memory. A full page is ~60 KB. */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/** No answer of the service nests deeper than a few levels; far deeper is hostile or broken. */
export const MAX_JSON_DEPTH = 256;

export interface WireRequest {
  method: "GET" | "POST";
  path: string;
  query?: readonly [string, string][];
  body?: unknown;
  /** The exact text to send as the body, in place of `body` serialised (a recorded confirmation). */
  bodyText?: string;
  auth: boolean;
  /** The endpoint family: its rate-limit class, and what errors and hints name. */
  endpoint: RateLimitClass;
  /**
   * Told how many records (objects) a 2xx body's top-level array holds, and a fingerprint of the
   * body (equal for equal bodies), as soon as it is read and before it is parsed and checked:
   * the page walker requests the next page then (walk.ts). Counted in the pass that checks the
   * nesting depth, so it costs nothing.
   */
  onCounted?: (records: number, fingerprint: number) => void;
  /**
   * Told every answer that came (status and body text, before it is judged): a confirmation's
   * receipt records the server's own words.
   */
  onAnswer?: (status: number, text: string) => void;
  /**
   * Whether the client sends a request once more after a 401 (default true). The confirm send
   * path says false: it judges the 401 itself, records the refusal, and resends it itself, so
   * its receipt shows both attempts.
   */
  resendAfter401?: boolean;
}

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

export class Transport {
  readonly baseUrl: URL;
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;

  constructor(private readonly options: TransportOptions) {
    this.baseUrl = options.baseUrl;
    this.ownsDispatcher = options.dispatcher === undefined;
    this.dispatcher =
      (options.dispatcher as Dispatcher | undefined) ??
      new Agent({
        keepAliveTimeout: 10_000,
        connect: { timeout: Math.min(options.timeoutMs, 10_000) },
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
    const timeout = AbortSignal.timeout(budgetMs);
    const signal = runSignal ? AbortSignal.any([runSignal, timeout]) : timeout;
    const started = Date.now();
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
        signal,
        dispatcher: watchSent(this.dispatcher, sent),
      });
      status = response.statusCode;
      responseHeaders = response.headers;
      text = await readCapped(response.body, response.headers["content-length"]);
    } catch (error) {
      throw this.transportFailure(error, spec, timeout, sent.value, runSignal);
    }
    spec.onAnswer?.(status, text);
    const trace = this.options.trace;
    trace?.(
      `< ${statusLine(status)} in ${Date.now() - started} ms, ${Buffer.byteLength(text)} bytes`,
    );
    if (trace && text !== "") trace(`< ${text.length > 2000 ? `${text.slice(0, 2000)}…` : text}`);
    const ok = status >= 200 && status < 300;
    const records = ok ? scanJson(text, MAX_JSON_DEPTH) : 0;
    if (ok && records !== null && spec.onCounted) {
      spec.onCounted(records, fingerprint(text));
      // One turn of the event loop before parsing, so a request the count started (the walker's
      // next page) is on the wire while this body is parsed and checked, not after.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return decode(spec, schema, status, responseHeaders, text, records);
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
    return new TradectlError(
      "network",
      `the request timed out after ${this.options.timeoutMs} ms`,
      { hint: "check the network, or raise --timeout" },
    );
  }

  private transportFailure(
    error: unknown,
    spec: WireRequest,
    timeout: AbortSignal,
    sent: boolean,
    runSignal: AbortSignal | undefined,
  ): unknown {
    if (error instanceof TradectlError) return new AttemptFailure(error, false);
    if (runSignal?.aborted) return new TradectlError("cancelled", "cancelled");
    const post = spec.method === "POST";
    const code = errorCode(error);
    const timedOut =
      timeout.aborted || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT";
    if (timedOut) {
      if (post && sent) {
        // The server has the request and may have acted on it: its outcome is unknown, which
        // is not what "timed out, raise --timeout" would suggest (issue 18 item 3).
        return new AttemptFailure(
          new TradectlError(
            "network",
            `no answer within ${this.options.timeoutMs} ms after the request was sent`,
            { endpoint: spec.endpoint, requestMayHaveArrived: true, cause: error },
          ),
          false,
        );
      }
      return new AttemptFailure(this.timeoutError(), false);
    }
    const notSent = code !== undefined && NETWORK_CODES_NOT_SENT.has(code);
    const host = this.baseUrl.host;
    const reason =
      code === "ECONNREFUSED"
        ? `connection refused by ${host}`
        : `connection to ${host} failed (${code ?? (error instanceof Error ? error.message : "unknown error")})`;
    const failure = new TradectlError("network", reason, {
      cause: error,
      endpoint: spec.endpoint,
      requestMayHaveArrived: post && !notSent,
    });
    return new AttemptFailure(failure, code !== "ECONNREFUSED" && code !== "ENOTFOUND");
  }
}

/**
 * The dispatcher, with `sent.value` set when undici reports the request fully written
 * (`onRequestSent` of its handler). The handler is wrapped in a Proxy so undici's own handler
 * keeps its identity (private fields) for every other call.
 */
function watchSent(dispatcher: Dispatcher, sent: { value: boolean }): Dispatcher {
  const dispatch: Dispatcher["dispatch"] = (options, handler) =>
    dispatcher.dispatch(
      options,
      new Proxy(handler, {
        get(target, name) {
          if (name === "onRequestSent") {
            return () => {
              sent.value = true;
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

/** The answer as a checked value, or the AttemptFailure it amounts to. */
function decode<T>(
  spec: WireRequest,
  schema: Schema<T>,
  status: number,
  headers: Record<string, string | string[] | undefined>,
  text: string,
  /** scanJson's answer for a 2xx body: null when it nests too deep. */
  scanned: number | null,
): T {
  const post = spec.method === "POST";
  if (status < 200 || status >= 300) {
    const quota = status === 429 ? readQuotaBody(text) : null;
    // Without Retry-After, a 429's `details` may say it: "Please try again in 53 second(s)."
    const waitMs =
      status === 429 || status === 503
        ? // An HTTP date is the server's wall clock, so it is read against the real one.
          (retryAfterHeaderMs(headers["retry-after"], Date.now()) ?? quota?.waitMs ?? null)
        : null;
    const error = errorForResponse(status, text, spec.endpoint, waitMs);
    throw new AttemptFailure(error, status === 429 || status >= 500, waitMs, quota?.window);
  }
  if (scanned === null) {
    // Refused before parsing: a recursive parser would otherwise run out of stack.
    throw unreadable(spec, status, `JSON nested more than ${MAX_JSON_DEPTH} levels deep`, false);
  }
  let parsed: unknown;
  try {
    parsed = parseLossless(text);
  } catch {
    const trimmed = text.trim();
    const what =
      trimmed === ""
        ? "an empty body"
        : trimmed.startsWith("<")
          ? "an HTML page instead of JSON"
          : "a body that is not complete JSON";
    throw unreadable(spec, status, what, true);
  }
  if (saysFailure(parsed)) {
    throw new AttemptFailure(errorForRefusal(status, text, spec.endpoint, spec.method), false);
  }
  const checked = v.safeParse(schema, parsed);
  if (!checked.success) {
    const said = readErrorBody(text).message;
    throw new AttemptFailure(
      new TradectlError(
        "server",
        `unexpected response from the server (${statusLine(status)}): ${describeIssue(checked.issues)}${said ? ` (server said: ${said})` : ""}`,
        { status, endpoint: spec.endpoint, requestMayHaveArrived: post },
      ),
      false,
    );
  }
  return checked.output;
}

function unreadable(
  spec: WireRequest,
  status: number,
  what: string,
  retryable: boolean,
): AttemptFailure {
  return new AttemptFailure(
    new TradectlError(
      "server",
      `unreadable response from the server (${statusLine(status)} with ${what})`,
      // A POST answered 2xx was handled: its outcome is known to the server, not to us.
      { status, endpoint: spec.endpoint, requestMayHaveArrived: spec.method === "POST" },
    ),
    retryable,
  );
}

/**
 * A number that is equal for equal bodies (their length and first 512 characters, FNV-1a), so
 * the walker can compare pages without keeping their text alive.
 */
function fingerprint(text: string): number {
  let hash = 0x811c9dc5 ^ text.length;
  for (let i = 0, n = Math.min(text.length, 512); i < n; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  return hash >>> 0;
}

async function readCapped(
  body: AsyncIterable<Buffer> & { destroy?: () => void },
  contentLength: string | string[] | undefined,
): Promise<string> {
  const declared = Number(Array.isArray(contentLength) ? contentLength[0] : contentLength);
  if (declared > MAX_RESPONSE_BYTES) {
    body.destroy?.();
    throw new TradectlError(
      "server",
      `the server's response is too large (${declared} bytes; the limit is ${MAX_RESPONSE_BYTES})`,
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_RESPONSE_BYTES) {
      body.destroy?.();
      throw new TradectlError(
        "server",
        `the server's response is too large (over ${MAX_RESPONSE_BYTES} bytes)`,
      );
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString("utf8");
}
