import type { RateWindow } from "../domain/limits.js";
import { TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";
import { uncorrectableSkew } from "./clock-skew-error.js";
import { hintFor, isStampRefusal, waitText } from "./response-errors.js";

/**
 * Whether a failed request is sent again, and after what, as a pure function of what happened:
 * no clock, no I/O, so every case is a unit test. The one place that decides it, for every call
 * of the client (resend.ts runs what it decides):
 * - a 401 (authorization refused before the service acted) is sent once more, GET or POST, with
 *   the server's clock read first; never a second time;
 * - a 429 (not processed) is sent again after its wait, GET or POST, at most RATE_WAITS_PER_POST
 *   times for a POST, and within `--retries` for a GET; a wait the budget cannot hold is not waited;
 * - anything else is sent again only for a GET (a 5xx, a network failure), with back-off: a
 *   POST that failed otherwise may have been processed.
 */

/**
 * One failed attempt: the error to report, whether repeating is safe and worth it, the wait the
 * server asked for, and the quota a 429 named (to pace the rest of the run by).
 */
export class AttemptFailure {
  constructor(
    readonly error: TradectlError,
    readonly retryable: boolean,
    readonly retryAfterMs: number | null = null,
    readonly quota: RateWindow | null = null,
  ) {}
}

/** The answers that prove the service did not process a request, so even a POST may go again. */
export type Refused = "rate_limited" | "unauthorized";

/** How many 429s a POST waits out: the 6th answers its run (exit 6, "6 times after waiting"). */
export const RATE_WAITS_PER_POST = 5;
/** The wait after a 429 that names neither a Retry-After nor a wait in its details, nor a window. */
const DEFAULT_RATE_WAIT_MS = 1_000;

export interface RetryInput {
  method: "GET" | "POST";
  /** Whether the request was signed: only then is a 401 about its stamp. */
  auth: boolean;
  /** The attempt that failed, from 1 (a resend after a 401 is not counted). */
  attempt: number;
  /** Attempts allowed to a GET in all (`--retries` + 1); 1 for a POST. */
  maxAttempts: number;
  failure: AttemptFailure;
  /** What is left of the call's time budget, in ms. */
  remainingMs: number;
  /** A draw from [0, 1) for the back-off's jitter. */
  random: number;
  /** The 429s this call has waited out so far. */
  rateWaits: number;
  /** Whether this call was already sent again after a 401. */
  stampResent: boolean;
  /** The clock offset applied after that 401 (null: none, or the server's clock was unreadable). */
  correctedOffsetMs: number | null;
  /** The windows the endpoint is paced by (learned or published): a 429's wait when it names none. */
  windows: readonly RateWindow[];
}

export type RetryDecision =
  /** Sent again after `delayMs`; `refused` when the answer proved it unprocessed (a 429, a 401). */
  | { retry: true; delayMs: number; refused: Refused | null }
  | { retry: false; error: TradectlError; refused: Refused | null };

const BACKOFF_BASE_MS = 200;
const BACKOFF_CAP_MS = 5_000;

/** Full jitter over an exponential ceiling: attempt 1 waits up to 200 ms, then 400, 800, … 5 s. */
export function backoffMs(attempt: number, random: number): number {
  return random * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
}

/**
 * A 429's wait: its Retry-After (or the seconds its `details` name, read with it), else the
 * longest window the endpoint is paced by, else 1 s.
 */
export function rateWaitMs(retryAfterMs: number | null, windows: readonly RateWindow[]): number {
  // Retry-After: 0 is the service's word too: sent again at once.
  if (retryAfterMs !== null) return retryAfterMs;
  if (windows.length > 0) return Math.max(...windows.map((w) => w.ms));
  return DEFAULT_RATE_WAIT_MS;
}

export function retryDecision(input: RetryInput): RetryDecision {
  const { error } = input.failure;
  if (input.auth && error.status === 401) return afterUnauthorized(input);
  if (error.status === 429) return afterRateLimit(input);
  return afterFailure(input);
}

/**
 * A 401 is the service refusing the request's authorization before it acts on it (the seed:
 * "missing or invalid authorization"), so one more try is safe even for a POST, and it is not
 * counted as an attempt: with the server's clock read first and a fresh stamp. A second is
 * final: a stamp still refused after the correction is the clock's problem, said so; anything
 * else the key's.
 */
function afterUnauthorized(input: RetryInput): RetryDecision {
  const { error } = input.failure;
  if (!input.stampResent) return { retry: true, delayMs: 0, refused: "unauthorized" };
  const corrected = input.correctedOffsetMs;
  const final =
    corrected !== null && isStampRefusal(error.message)
      ? uncorrectableSkew(error, corrected)
      : error;
  return {
    retry: false,
    error: TradectlError.with(final, { resendStop: { why: "refused_again" } }),
    refused: "unauthorized",
  };
}

/** A 429: its wait, when the call has waits left and its budget holds the wait. */
function afterRateLimit(input: RetryInput): RetryDecision {
  const { error } = input.failure;
  const refused = "rate_limited";
  const spent =
    input.method === "GET"
      ? input.attempt >= input.maxAttempts
      : input.rateWaits >= RATE_WAITS_PER_POST;
  const { retryAfterMs } = input.failure;
  if (spent) {
    const tries = input.method === "GET" ? input.attempt : input.rateWaits + 1;
    const told = retryAfterMs === null ? error : withWait(error, retryAfterMs);
    const stop = { why: "waits_spent", tries } as const;
    return { retry: false, error: TradectlError.with(told, { resendStop: stop }), refused };
  }
  const waitMs = rateWaitMs(retryAfterMs, input.windows);
  if (waitMs >= input.remainingMs) {
    // Waiting would outlast the budget: give up now, and say when the service takes requests.
    const stop = { why: "wait_too_long", waitMs } as const;
    const told = withWait(error, waitMs, "at once");
    return { retry: false, error: TradectlError.with(told, { resendStop: stop }), refused };
  }
  return { retry: true, delayMs: waitMs, refused };
}

/** Anything else: a GET is sent again after back-off (or the wait a 503 asked for); a POST never. */
function afterFailure(input: RetryInput): RetryDecision {
  const { attempt, maxAttempts, failure, remainingMs } = input;
  const { error, retryAfterMs } = failure;
  if (!failure.retryable || input.method !== "GET") return { retry: false, error, refused: null };
  if (retryAfterMs !== null && retryAfterMs >= remainingMs) {
    // Waiting would outlast the budget: give up now, and say when the service takes requests.
    return { retry: false, error: withWait(error, retryAfterMs, "at once"), refused: null };
  }
  if (attempt >= maxAttempts) {
    const told = retryAfterMs === null ? error : withWait(error, retryAfterMs);
    return { retry: false, error: told, refused: null };
  }
  const delayMs = retryAfterMs ?? backoffMs(attempt, input.random);
  if (delayMs >= remainingMs) return { retry: false, error, refused: null };
  return { retry: true, delayMs, refused: null };
}

/** The same failure, with how long the service asked to wait in its hint and on the error. */
function withWait(error: TradectlError, retryAfterMs: number, when?: "at once"): TradectlError {
  // The line after the service's own words is ours: said in the user's language.
  const atOnce =
    when === "at once"
      ? {
          details: [...error.details, msg("api.notRetried", { wait: waitText(retryAfterMs) })],
        }
      : {};
  return TradectlError.with(error, {
    retryAfterMs,
    ...atOnce,
    hint:
      hintFor({
        kind: error.kind,
        status: error.status,
        message: error.message,
        endpoint: error.endpoint,
        retryAfterMs,
      }) ?? error.hint,
  });
}

/** Retry-After as seconds or an HTTP date, in ms from `now`; null when absent or unreadable. */
export function retryAfterHeaderMs(
  header: string | string[] | undefined,
  now: number,
): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.ceil(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
