// What a TradeClient is built with, and what one call of it may be given.
import type { TradectlError } from "../errors.js";
import type { Credentials } from "../wire/credentials.js";
import type { IpFamily } from "../wire/ip-family.js";
import type { ConnectionPath } from "./connection-path.js";
import type { RateLimiter } from "./rate-limit.js";
import type { Refused } from "./retry-policy.js";
import type { Sleep } from "./sleep.js";
import type { StampClock, StampLedger } from "./stamp-clock.js";
import type { DispatcherLike } from "./transport.js";

export interface TradeClientOptions {
  baseUrl?: string;
  credentials?: Credentials | null;
  /** Budget for one call, retries included, in ms (time spent waiting for a rate limit aside). */
  timeoutMs?: number;
  /**
   * Extra attempts for idempotent requests (GET), 429s included. A POST is sent again only after
   * a 429 (at most 5 times) or a 401 (once): answers proving it was not processed.
   */
  retries?: number;
  /** Path of the crypto-exchanges listing. Default /api/v1/exchanges. */
  exchangesPath?: string;
  /** Receives one line per HTTP exchange when tracing (`--debug`); secrets are never passed. */
  trace?: (line: string) => void;
  /** Aborts every request of this client (Ctrl-C). */
  signal?: AbortSignal;
  /** Told the offset each time the clock is synced to server time (the CLI remembers it). */
  onClockSync?: (offsetMs: number) => void;
  /** An undici Dispatcher (Agent, MockAgent, ProxyAgent) to send through; by default an Agent of its own. */
  dispatcher?: DispatcherLike;
  stampClock?: StampClock;
  /**
   * Where the stamps other processes of this machine used with the key are kept, so none is sent
   * twice (the CLI's is a file in the state directory). Ignored when `stampClock` is given.
   */
  stampLedger?: StampLedger;
  rateLimiter?: RateLimiter;
  /**
   * The run's clock (Unix ms) and its way to wait: time budgets, retry waits and the limiter's
   * pacing read these (the CLI passes the command context's), so tests drive them with a fake
   * clock. Request stamps keep the real clock: the server checks them against its own.
   */
  now?: () => number;
  sleep?: Sleep;
  random?: () => number;
  userAgent?: string;
  /**
   * Every connection over this address family only (`--ip-family`): the service binds keys to
   * addresses, and a machine's IPv6 address is not its IPv4 one. Default: as the name resolves.
   */
  ipFamily?: IpFamily;
  /** Told each new connection's local and remote address (a connection serves later requests). */
  onConnect?: (path: ConnectionPath) => void;
}

/** What one call may be given on top of the client's options. */
export interface CallOptions extends ResendHooks {
  /**
   * Stops this call's requests and their waits, in place of the client's own signal: one client
   * serves a whole run, and a batch lets the POST in flight finish after Ctrl-C (its outcome is
   * then known) while its reads stop at once.
   */
  signal?: AbortSignal;
  /**
   * Stops only the waits between this call's attempts (a 429's), in place of `signal`: a POST
   * in flight is never aborted, but Ctrl-C while it waits to be sent again stops it there.
   */
  waitSignal?: AbortSignal;
}

/**
 * An answer that proved the request was not processed (a 429, a 401), so the client may send it
 * again (retry-policy.ts decides), told before anything is done about it.
 */
export interface Refusal {
  /** The attempt's failure, as its answer said it. */
  error: TradectlError;
  reason: Refused;
  /** When it is sent again: after this many ms (0 after a 401: the clock is read first); null: never, the call fails. */
  resendInMs: number | null;
}

/**
 * A caller's hooks into the client's resends, so each attempt can be put on record (the
 * confirm path's receipts): the refusal when it comes, the next attempt just before it is
 * written. A hook that throws stops the call: nothing more is sent, and its error is thrown.
 */
export interface ResendHooks {
  /** Told every refusal as it comes, before the client waits or reads the clock. */
  onRefused?: (refusal: Refusal) => Promise<void>;
  /** Called after the wait, just before the refused request is written again. */
  onResend?: () => Promise<void>;
}

/** A confirmation sent as given text: its answer is told to `onAnswer` as it comes. */
export interface ConfirmCallOptions extends CallOptions {
  onAnswer?: (status: number, text: string) => void;
  /** Told when an attempt is written whole to the socket (wire-request.ts). */
  onSent?: () => void;
}

/** How a walk of the declarations list reads (see walk.ts). */
export interface WalkDeclarationsOptions extends CallOptions {
  /** Yield at most this many records; no page is requested that it cannot use. */
  limit?: number | null;
  /** Windows requested past the one the walk waits for (walk.ts); default none. */
  ahead?: number;
  /** Only `query.page` (false), or every page from it on (true, the default). */
  follow?: boolean;
}
