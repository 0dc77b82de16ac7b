import type { ConfirmBody } from "../domain/confirm.js";
import { declarationId, filterCanShrink, type ListQuery } from "../domain/declarations.js";
import { sameId } from "../domain/ids.js";
import { TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";
import { VERSION } from "../version.js";
import { DEFAULT_BASE_URL } from "../wire/base-url.js";
import type { Credentials } from "../wire/credentials.js";
import { numberText } from "../wire/json.js";
import {
  type ConfirmResponse,
  confirmResponseSchema,
  type Declaration,
  declarationListSchema,
  type Exchange,
  exchangeListSchema,
  type Order,
  orderEnvelopeSchema,
  type Schema,
  serverTimeSchema,
  type Trade,
  tradeEnvelopeSchema,
} from "../wire/schemas.js";
import type {
  CallOptions,
  ConfirmCallOptions,
  TradeClientOptions,
  WalkDeclarationsOptions,
} from "./client-options.js";
import { mustBeReadableServerTime } from "./clock-skew-error.js";
import { RateLimiter } from "./rate-limit.js";
import { MAX_JSON_DEPTH, MAX_RESPONSE_BYTES } from "./read-response.js";
import { sendWithResends } from "./resend.js";
import { type Sleep, sleep } from "./sleep.js";
import { StampClock } from "./stamp-clock.js";
import { maskKey, Transport } from "./transport.js";
import { type Early, walkPages } from "./walk.js";
import type { WireRequest } from "./wire-request.js";

// One default for the library and the CLI (which also names it in --help).
export { type Credentials, DEFAULT_BASE_URL, MAX_JSON_DEPTH, MAX_RESPONSE_BYTES, maskKey };
/** Unpublished (docs/SERVICE-NOTES.md): configurable, and a 404 there means "no listing". */
export const DEFAULT_EXCHANGES_PATH = "/api/v1/exchanges";
/** The docs' example form of the list path, tried first (docs/SERVICE-NOTES.md, "Envelopes and errors"). */
const LIST_PATH = "/api/v1/crypto-deposit-declarations";
/** The docs' heading form, tried once when the short form answers 404 or 405. */
const LIST_PATH_CONFIRM = "/api/v1/crypto-deposit-declarations/confirm";

/**
 * The typed client for the service's private API v1. It knows nothing of argv or terminals: the
 * CLI and library users alike hand it options and get typed records or a TradectlError.
 * Requests go through the transport (transport.ts), paced by the rate limiter (rate-limit.ts),
 * sent again only as the retry policy says (retry-policy.ts, run by resend.ts).
 */
export class TradeClient {
  readonly baseUrl: URL;
  readonly stampClock: StampClock;
  private readonly transport: Transport;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly exchangesPath: string;
  private readonly trace: ((line: string) => void) | undefined;
  private readonly signal: AbortSignal | undefined;
  private readonly onClockSync: ((offsetMs: number) => void) | undefined;
  private readonly limiter: RateLimiter;
  private readonly now: () => number;
  private readonly sleep: Sleep;
  private readonly random: () => number;
  private exchangesCache: Promise<Exchange[] | null> | null = null;
  /** The list path that answered, kept for the rest of the run. */
  private listPath: string | null = null;

  constructor(options: TradeClientOptions = {}) {
    this.baseUrl = new URL(options.baseUrl ?? DEFAULT_BASE_URL);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.retries = options.retries ?? 3;
    this.exchangesPath = options.exchangesPath ?? DEFAULT_EXCHANGES_PATH;
    this.trace = options.trace;
    this.signal = options.signal;
    this.onClockSync = options.onClockSync;
    this.stampClock = options.stampClock ?? new StampClock(Date.now, options.stampLedger ?? null);
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? sleep;
    this.limiter = options.rateLimiter ?? new RateLimiter(undefined, this.now, this.sleep);
    this.random = options.random ?? Math.random;
    this.transport = new Transport({
      baseUrl: this.baseUrl,
      credentials: options.credentials ?? null,
      timeoutMs: this.timeoutMs,
      trace: options.trace,
      dispatcher: options.dispatcher,
      stampClock: this.stampClock,
      userAgent: options.userAgent ?? `tradectl/${VERSION}`,
      family: options.ipFamily,
      onConnect: options.onConnect,
      now: this.now,
    });
  }

  /** GET /api/v1/order/{orderId}: the order in the envelope's `data`. */
  async getOrder(orderId: string, call: CallOptions = {}): Promise<Order> {
    const envelope = await this.send(
      {
        method: "GET",
        path: `/api/v1/order/${encodeURIComponent(orderId)}`,
        auth: true,
        endpoint: "order",
      },
      orderEnvelopeSchema,
      call,
    );
    return envelope.data;
  }

  /**
   * GET /api/v1/users/transactions/trade?orderId=ID: every partial trade of one order. The
   * service refuses orderId combined with any other parameter, so it is sent alone.
   */
  async listTrades(orderId: string, call: CallOptions = {}): Promise<Trade[]> {
    const envelope = await this.send(
      {
        method: "GET",
        path: "/api/v1/users/transactions/trade",
        query: [["orderId", orderId]],
        auth: true,
        endpoint: "trades",
      },
      tradeEnvelopeSchema,
      call,
    );
    // A server, proxy or parameter slip that drops the filter answers with other orders' trades:
    // summed, they would give a wrong average with no warning. Refused instead, naming them.
    const strangers = envelope.data.filter((t) => !sameId(numberText(t.orderId), orderId));
    if (strangers.length > 0) {
      const others = [...new Set(strangers.map((t) => numberText(t.orderId)))];
      const params = {
        orderId,
        count: strangers.length,
        total: envelope.data.length,
        others: `${others.slice(0, 3).join(", ")}${others.length > 3 ? ", …" : ""}`,
      };
      throw new TradectlError("server", msg("api.strangerTrades", params), {
        endpoint: "trades",
        hint: msg("api.strangerTradesHint"),
      });
    }
    return envelope.data;
  }

  /**
   * One page of the declarations list, statuses as repeated `status=`. The path is the docs'
   * short form; if it answers 404 or 405, the `/confirm` form is tried once, and whichever
   * answered is used for the rest of this client's life. `early` is told the page's record
   * count before the page is parsed (see walk.ts).
   */
  async listDeclarations(
    query: ListQuery,
    early?: Early,
    call: CallOptions = {},
  ): Promise<Declaration[]> {
    const params: [string, string][] = query.statuses.map((s) => ["status", s]);
    params.push(["page", String(query.page)], ["pageSize", String(query.pageSize)]);
    const at = (path: string) =>
      this.send(
        {
          method: "GET",
          path,
          query: params,
          auth: true,
          endpoint: "declarations",
          onCounted: early,
        },
        declarationListSchema,
        call,
      );
    if (this.listPath) return at(this.listPath);
    let records: Declaration[];
    try {
      records = await at(LIST_PATH);
      this.listPath = LIST_PATH;
    } catch (error) {
      if (!(error instanceof TradectlError) || (error.status !== 404 && error.status !== 405)) {
        throw error;
      }
      this.trace?.(`${LIST_PATH} answered ${error.status}; trying ${LIST_PATH_CONFIRM}`);
      records = await at(LIST_PATH_CONFIRM);
      this.listPath = LIST_PATH_CONFIRM;
    }
    return records;
  }

  /**
   * The declarations list from `query.page` on, a page at a time, each record once even while
   * the list changes (see walk.ts): memory holds a page or two however long the history.
   */
  walkDeclarations(
    query: ListQuery,
    options: WalkDeclarationsOptions = {},
  ): AsyncGenerator<Declaration[]> {
    const { signal, ...walk } = options;
    return walkPages({
      fetch: (page, pageSize, early) =>
        this.listDeclarations({ ...query, page, pageSize }, early, { signal }),
      idOf: declarationId,
      startPage: query.page,
      pageSize: query.pageSize,
      mayShrink: filterCanShrink(query.statuses),
      now: this.now,
      ...walk,
    });
  }

  /**
   * POST /api/v1/crypto-deposit-declarations/confirm. Sent again only after a 429 or a 401
   * (retry-policy.ts), never after a failure that may have been processed.
   */
  confirmDeclaration(body: ConfirmBody, call: CallOptions = {}): Promise<ConfirmResponse> {
    return this.send(
      {
        method: "POST",
        path: LIST_PATH_CONFIRM,
        body,
        auth: true,
        endpoint: "confirm",
      },
      confirmResponseSchema,
      call,
    );
  }

  /**
   * POST /api/v1/crypto-deposit-declarations/confirm with exactly `text` as the body (the bytes
   * a receipt recorded), sent again only as `confirmDeclaration` is. Every answer (status and
   * text) is told to `call.onAnswer` before it is judged; the resend hooks let the caller put
   * each refusal and each resend on record.
   */
  confirmText(text: string, call: ConfirmCallOptions = {}): Promise<ConfirmResponse> {
    const { onAnswer, onSent, ...rest } = call;
    return this.send(
      {
        method: "POST",
        path: LIST_PATH_CONFIRM,
        bodyText: text,
        auth: true,
        endpoint: "confirm",
        onAnswer,
        onSent,
      },
      confirmResponseSchema,
      rest,
    );
  }

  /** The public key requests are signed with (never the secret); null without credentials. */
  get publicKey(): string | null {
    return this.transport.publicKey;
  }

  /**
   * The crypto-exchanges listing (at `exchangesPath`), fetched once per client and shared by
   * every caller. Resolves to null when the service has no listing there (HTTP 404): the path
   * is unpublished, so that is an answer, not a failure. Other failures reject, and the next
   * call asks again.
   */
  listExchanges(call: CallOptions = {}): Promise<Exchange[] | null> {
    this.exchangesCache ??= this.send(
      { method: "GET", path: this.exchangesPath, auth: true, endpoint: "exchanges" },
      exchangeListSchema,
      call,
    ).then(
      (body) => (Array.isArray(body) ? body : body.data),
      (error: unknown) => {
        if (error instanceof TradectlError && error.status === 404) {
          this.trace?.(`no exchanges listing at ${this.exchangesPath} (HTTP 404)`);
          return null;
        }
        throw error;
      },
    );
    this.exchangesCache.catch(() => {
      this.exchangesCache = null;
    });
    return this.exchangesCache;
  }

  /** GET /api/v2/server/time (public): the server's clock in Unix ms. */
  async serverTime(): Promise<number> {
    const body = await this.send(
      { method: "GET", path: "/api/v2/server/time", auth: false, endpoint: "serverTime" },
      serverTimeSchema,
      {},
    );
    return Number(body.serverTime.value);
  }

  /** Measures the server-time offset and applies it to every later stamp. */
  async syncClock(): Promise<number> {
    // The real clock, like the stamps this offset corrects.
    const before = Date.now();
    const server = await this.serverTime();
    const after = Date.now();
    mustBeReadableServerTime(server);
    this.stampClock.offsetMs = Math.round(server - (before + after) / 2);
    this.onClockSync?.(this.stampClock.offsetMs);
    return this.stampClock.offsetMs;
  }

  async close(): Promise<void> {
    await this.transport.close();
  }

  private async send<T>(spec: WireRequest, schema: Schema<T>, call: CallOptions): Promise<T> {
    if (spec.auth && !this.transport.hasCredentials) {
      throw new TradectlError("auth", msg("api.noCredentials"), {
        hint: msg("hint.login"),
      });
    }
    return sendWithResends(spec, schema, call, {
      transport: this.transport,
      limiter: this.limiter,
      timeoutMs: this.timeoutMs,
      retries: this.retries,
      now: this.now,
      sleep: this.sleep,
      random: this.random,
      trace: this.trace,
      signal: this.signal,
      correctClock: () => this.correctClock(),
    });
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
}
