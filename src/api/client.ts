import { Agent, type Dispatcher, request } from "undici";
import * as v from "valibot";
import type { ConfirmBody, ConfirmResponse } from "../domain/confirm.js";
import type { Declaration, ListQuery } from "../domain/declarations.js";
import type { Exchange, Order } from "../domain/order.js";
import { TradectlError } from "../errors.js";
import { VERSION } from "../version.js";
import { parseLossless, stringifyLossless } from "./json.js";
import { DOCUMENTED_LIMITS, RateLimiter, type Sleep, sleep } from "./rate-limit.js";
import { CLOCK_HINT, errorForResponse, readErrorBody, statusLine } from "./response-errors.js";
import {
  confirmResponseSchema,
  declarationListSchema,
  describeIssue,
  exchangeListSchema,
  orderEnvelopeSchema,
  type Schema,
  serverTimeSchema,
  type Trade,
  tradeEnvelopeSchema,
} from "./schemas.js";
import { authHeaders } from "./signer.js";
import { StampClock } from "./stamp-clock.js";

export const DEFAULT_BASE_URL = "https://api.btcturk.com";
/** A response larger than this is refused rather than read into memory. A full page is ~60 KB. */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export interface Credentials {
  publicKey: string;
  /** The base64 private key. Never logged, never put in an error. */
  secret: string;
}

export interface TradeClientOptions {
  baseUrl?: string;
  credentials?: Credentials | null;
  /** Budget for one call, retries included, in ms. */
  timeoutMs?: number;
  /** Extra attempts for idempotent requests (GET). A POST is never re-sent. */
  retries?: number;
  /** Receives one line per HTTP exchange when tracing (`--debug`); secrets are never passed. */
  trace?: (line: string) => void;
  /** Aborts every request of this client (Ctrl-C). */
  signal?: AbortSignal;
  /** Told the offset each time the clock is synced to server time (the CLI remembers it). */
  onClockSync?: (offsetMs: number) => void;
  dispatcher?: Dispatcher;
  stampClock?: StampClock;
  rateLimiter?: RateLimiter;
  sleep?: Sleep;
  random?: () => number;
  userAgent?: string;
}

interface RequestSpec<T> {
  method: "GET" | "POST";
  path: string;
  query?: [string, string][];
  body?: unknown;
  auth: boolean;
  schema: Schema<T>;
  /** Rate-limit class of the endpoint (see DOCUMENTED_LIMITS). */
  limit?: string;
}

/** Raised inside an attempt to say whether trying again is safe and worth it. */
class AttemptFailure {
  constructor(
    readonly error: TradectlError,
    readonly retryable: boolean,
    readonly retryAfterMs: number | null = null,
  ) {}
}

/** No answer of the service nests deeper than a few levels; far deeper is hostile or broken. */
export const MAX_JSON_DEPTH = 256;

const BACKOFF_BASE_MS = 200;
const BACKOFF_CAP_MS = 5_000;

export function maskKey(key: string): string {
  return key.length <= 8 ? "****" : `${key.slice(0, 4)}…${key.slice(-4)}`;
}

function retryAfterMs(header: string | string[] | undefined, now: number): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

const NETWORK_CODES_NOT_SENT = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "UND_ERR_CONNECT_TIMEOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

function errorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  if (typeof e?.code === "string") return e.code;
  if (typeof e?.cause?.code === "string") return e.cause.code;
  return undefined;
}

/**
 * The typed client for the service's private API v1. It knows nothing of argv or terminals: the
 * CLI and library users alike hand it options and get typed records or a TradectlError.
 */
export class TradeClient {
  readonly baseUrl: URL;
  readonly stampClock: StampClock;
  private readonly credentials: Credentials | null;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly trace: ((line: string) => void) | undefined;
  private readonly signal: AbortSignal | undefined;
  private readonly onClockSync: ((offsetMs: number) => void) | undefined;
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;
  private readonly limiter: RateLimiter;
  private readonly sleep: Sleep;
  private readonly random: () => number;
  private readonly userAgent: string;
  private exchangesCache: Promise<Exchange[]> | null = null;

  constructor(options: TradeClientOptions = {}) {
    this.baseUrl = new URL(options.baseUrl ?? DEFAULT_BASE_URL);
    this.credentials = options.credentials ?? null;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.retries = options.retries ?? 3;
    this.trace = options.trace;
    this.signal = options.signal;
    this.onClockSync = options.onClockSync;
    this.ownsDispatcher = options.dispatcher === undefined;
    this.dispatcher =
      options.dispatcher ??
      new Agent({
        keepAliveTimeout: 10_000,
        connect: { timeout: Math.min(this.timeoutMs, 10_000) },
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
    this.stampClock = options.stampClock ?? new StampClock();
    this.limiter = options.rateLimiter ?? new RateLimiter(DOCUMENTED_LIMITS);
    this.sleep = options.sleep ?? sleep;
    this.random = options.random ?? Math.random;
    this.userAgent = options.userAgent ?? `tradectl/${VERSION}`;
  }

  /** GET /api/v1/order/{orderId}: the order in the envelope's `data`. */
  async getOrder(orderId: string): Promise<Order> {
    const envelope = await this.send({
      method: "GET",
      path: `/api/v1/order/${encodeURIComponent(orderId)}`,
      auth: true,
      schema: orderEnvelopeSchema,
      limit: "order",
    });
    return envelope.data as Order;
  }

  /**
   * GET /api/v1/users/transactions/trade?orderId=ID: every partial trade of one order. The
   * service refuses orderId combined with any other parameter, so it is sent alone.
   */
  async listTrades(orderId: string): Promise<Trade[]> {
    const envelope = await this.send({
      method: "GET",
      path: "/api/v1/users/transactions/trade",
      query: [["orderId", orderId]],
      auth: true,
      schema: tradeEnvelopeSchema,
      limit: "trades",
    });
    return envelope.data;
  }

  /** GET /api/v1/crypto-deposit-declarations: one page, statuses as repeated `status=`. */
  async listDeclarations(query: ListQuery): Promise<Declaration[]> {
    const params: [string, string][] = query.statuses.map((s) => ["status", s]);
    params.push(["page", String(query.page)], ["pageSize", String(query.pageSize)]);
    return (await this.send({
      method: "GET",
      path: "/api/v1/crypto-deposit-declarations",
      query: params,
      auth: true,
      schema: declarationListSchema,
      limit: "declarations",
    })) as Declaration[];
  }

  /**
   * Every page from `query.page` on, until a short page. Pages are fetched one after another,
   * so memory holds one page however long the history.
   */
  async *walkDeclarations(query: ListQuery): AsyncGenerator<Declaration[]> {
    for (let page = query.page; ; page++) {
      const records = await this.listDeclarations({ ...query, page });
      if (records.length > 0) yield records;
      if (records.length < query.pageSize) return;
    }
  }

  /** POST /api/v1/crypto-deposit-declarations/confirm. Sent once; never retried on failure. */
  async confirmDeclaration(body: ConfirmBody): Promise<ConfirmResponse> {
    const response = await this.send({
      method: "POST",
      path: "/api/v1/crypto-deposit-declarations/confirm",
      body,
      auth: true,
      schema: confirmResponseSchema,
    });
    return response as ConfirmResponse;
  }

  /** The crypto-exchanges listing, fetched once per client and shared by every caller. */
  listExchanges(): Promise<Exchange[]> {
    this.exchangesCache ??= this.send({
      method: "GET",
      path: "/api/v1/exchanges",
      auth: true,
      schema: exchangeListSchema,
      limit: "exchanges",
    }).then((body) => (Array.isArray(body) ? body : body.data) as Exchange[]);
    this.exchangesCache.catch(() => {
      this.exchangesCache = null;
    });
    return this.exchangesCache;
  }

  /** GET /api/v2/server/time (public): the server's clock in Unix ms. */
  async serverTime(): Promise<number> {
    const body = await this.send({
      method: "GET",
      path: "/api/v2/server/time",
      auth: false,
      schema: serverTimeSchema,
    });
    return Number(body.serverTime.value);
  }

  /** Measures the server-time offset and applies it to every later stamp. */
  async syncClock(): Promise<number> {
    const before = Date.now();
    const server = await this.serverTime();
    const after = Date.now();
    this.stampClock.offsetMs = Math.round(server - (before + after) / 2);
    this.onClockSync?.(this.stampClock.offsetMs);
    return this.stampClock.offsetMs;
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close();
  }

  private url(spec: RequestSpec<unknown>): URL {
    // Keep a path prefix of the base URL (a proxy at https://host/btcturk) in front of ours.
    const url = new URL(this.baseUrl.pathname.replace(/\/+$/, "") + spec.path, this.baseUrl);
    for (const [key, value] of spec.query ?? []) url.searchParams.append(key, value);
    return url;
  }

  private async send<T>(spec: RequestSpec<T>): Promise<T> {
    if (spec.auth && !this.credentials) {
      throw new TradectlError("auth", "no API credentials are configured", {
        hint: "run `tradectl auth login`, or set TRADECTL_API_KEY and TRADECTL_API_SECRET",
      });
    }
    const deadline = Date.now() + this.timeoutMs;
    const idempotent = spec.method === "GET";
    const maxAttempts = idempotent ? this.retries + 1 : 1;
    let stampRetried = false;
    let corrected: number | null = null;
    for (let attempt = 1; ; attempt++) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw this.timeoutError();
      try {
        if (spec.limit) await this.limiter.acquire(spec.limit, this.signal);
        return await this.attempt(spec, remaining);
      } catch (failure) {
        if (!(failure instanceof AttemptFailure)) throw failure;
        const { error } = failure;
        // A refused stamp (clock skew or a stamp another process used in the same ms) was
        // rejected before the server acted, so one more try is safe even for a POST.
        const stampRefused = error.status === 401 && /nonce|stamp/i.test(error.message);
        if (stampRefused && !stampRetried) {
          stampRetried = true;
          corrected = await this.correctClock();
          attempt--;
          continue;
        }
        if (stampRefused && corrected !== null) throw uncorrectableSkew(error, corrected);
        if (!failure.retryable || attempt >= maxAttempts) throw error;
        const backoff =
          this.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
        const delay = failure.retryAfterMs ?? backoff;
        if (Date.now() + delay >= deadline) throw error;
        this.trace?.(
          `retry ${attempt}/${maxAttempts - 1} of ${spec.method} ${spec.path} in ${Math.round(delay)} ms after: ${error.message}`,
        );
        await this.sleep(delay, this.signal).catch(() => {
          throw this.cancelledError();
        });
      }
    }
  }

  /** The offset now in use, or null when server time could not be read. */
  private async correctClock(): Promise<number | null> {
    try {
      const offset = await this.syncClock();
      this.trace?.(`clock offset to server: ${offset} ms`);
      return offset;
    } catch {
      // The retry below goes out with a fresh stamp anyway; its own failure is the one reported.
      return null;
    }
  }

  private timeoutError(): TradectlError {
    return new TradectlError("network", `the request timed out after ${this.timeoutMs} ms`, {
      hint: "check the network, or raise --timeout",
    });
  }

  private cancelledError(): TradectlError {
    return new TradectlError("cancelled", "cancelled");
  }

  private headers(spec: RequestSpec<unknown>): Record<string, string> {
    const headers: Record<string, string> = {
      "User-Agent": this.userAgent,
      Accept: "application/json",
      "Content-Type": "application/json",
    };
    if (spec.auth && this.credentials) {
      // The stamp is taken once and used both in X-Stamp and in the signature.
      const stamp = this.stampClock.next();
      Object.assign(
        headers,
        authHeaders(this.credentials.publicKey, this.credentials.secret, stamp),
      );
    }
    return headers;
  }

  private traceRequest(
    spec: RequestSpec<unknown>,
    url: URL,
    headers: Record<string, string>,
    body: string | undefined,
  ): void {
    if (!this.trace) return;
    this.trace(`> ${spec.method} ${url.href}`);
    for (const [name, value] of Object.entries(headers)) {
      const shown =
        name === "X-Signature" ? "[redacted]" : name === "X-PCK" ? maskKey(value) : value;
      this.trace(`> ${name}: ${shown}`);
    }
    if (body !== undefined) this.trace(`> ${body}`);
  }

  private async attempt<T>(spec: RequestSpec<T>, budgetMs: number): Promise<T> {
    const url = this.url(spec);
    const headers = this.headers(spec);
    const body = spec.body === undefined ? undefined : stringifyLossless(spec.body);
    this.traceRequest(spec, url, headers, body);
    const timeout = AbortSignal.timeout(budgetMs);
    const signal = this.signal ? AbortSignal.any([this.signal, timeout]) : timeout;
    const started = Date.now();
    let status: number;
    let text: string;
    let responseHeaders: Record<string, string | string[] | undefined>;
    try {
      const response = await request(url, {
        method: spec.method,
        headers,
        body,
        signal,
        dispatcher: this.dispatcher,
      });
      status = response.statusCode;
      responseHeaders = response.headers;
      text = await readCapped(response.body, response.headers["content-length"]);
    } catch (error) {
      throw this.transportFailure(error, spec, signal, timeout);
    }
    this.trace?.(
      `< ${statusLine(status)} in ${Date.now() - started} ms, ${Buffer.byteLength(text)} bytes`,
    );
    if (this.trace && text !== "")
      this.trace(`< ${text.length > 2000 ? `${text.slice(0, 2000)}…` : text}`);

    if (status < 200 || status >= 300) {
      const error = errorForResponse(status, text);
      const retryable = status === 429 || status >= 500;
      throw new AttemptFailure(
        error,
        retryable,
        status === 429 || status === 503
          ? retryAfterMs(responseHeaders["retry-after"], Date.now())
          : null,
      );
    }
    if (jsonDepthOver(text, MAX_JSON_DEPTH)) {
      // Refused before parsing: a recursive parser would otherwise run out of stack.
      throw new AttemptFailure(
        new TradectlError(
          "server",
          `unreadable response from the server (${statusLine(status)} with JSON nested more than ${MAX_JSON_DEPTH} levels deep)`,
          { status, requestMayHaveArrived: spec.method === "POST" },
        ),
        false,
      );
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
      throw new AttemptFailure(
        new TradectlError(
          "server",
          `unreadable response from the server (${statusLine(status)} with ${what})`,
          // A POST answered 2xx was handled: its outcome is known to the server, not to us.
          { status, requestMayHaveArrived: spec.method === "POST" },
        ),
        true,
      );
    }
    const checked = v.safeParse(spec.schema, parsed);
    if (!checked.success) {
      const said = readErrorBody(text).message;
      throw new AttemptFailure(
        new TradectlError(
          "server",
          `unexpected response from the server (${statusLine(status)}): ${describeIssue(checked.issues)}${said ? ` (server said: ${said})` : ""}`,
          { status, requestMayHaveArrived: spec.method === "POST" },
        ),
        false,
      );
    }
    return checked.output;
  }

  private transportFailure(
    error: unknown,
    spec: RequestSpec<unknown>,
    signal: AbortSignal,
    timeout: AbortSignal,
  ): unknown {
    if (error instanceof TradectlError) return new AttemptFailure(error, false);
    if (this.signal?.aborted) return this.cancelledError();
    if (timeout.aborted || signal.aborted) return new AttemptFailure(this.timeoutError(), false);
    const code = errorCode(error);
    const notSent = code !== undefined && NETWORK_CODES_NOT_SENT.has(code);
    const reason =
      code === "ECONNREFUSED"
        ? `connection refused by ${this.baseUrl.host}`
        : code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT"
          ? `the request timed out after ${this.timeoutMs} ms`
          : `connection to ${this.baseUrl.host} failed (${code ?? (error as Error)?.message ?? "unknown error"})`;
    const failure = new TradectlError("network", reason, {
      cause: error,
      requestMayHaveArrived: spec.method === "POST" && !notSent,
    });
    return new AttemptFailure(failure, code !== "ECONNREFUSED" && code !== "ENOTFOUND");
  }
}

/**
 * The server's clock was read and applied, and the corrected stamp was refused again: nothing
 * this process can do about it, so say so instead of the generic "Invalid Nonce".
 */
function uncorrectableSkew(error: TradectlError, offsetMs: number): TradectlError {
  return new TradectlError(
    "auth",
    `the server still refuses our timestamp after correcting the clock by ${offsetMs} ms; check the system clock (timedatectl / NTP)`,
    {
      status: error.status,
      code: error.code,
      hint: CLOCK_HINT,
      cause: error,
    },
  );
}

/** Whether brackets nest deeper than `max` outside strings; one pass, no recursion. */
function jsonDepthOver(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
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
