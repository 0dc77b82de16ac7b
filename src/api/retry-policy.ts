import type { RateWindow } from "../domain/limits.js";
import { TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";
import { hintFor, waitText } from "./response-errors.js";

/**
 * When to try a failed request again, as a pure function of what happened: no clock, no I/O,
 * so every case is a unit test. The client (client.ts) asks it after each failed attempt.
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

export interface RetryInput {
  /** The attempt that failed, from 1. */
  attempt: number;
  /** Attempts allowed in all (1 for a POST: it is never re-sent). */
  maxAttempts: number;
  failure: AttemptFailure;
  /** What is left of the call's time budget, in ms. */
  remainingMs: number;
  /** A draw from [0, 1) for the back-off's jitter. */
  random: number;
}

export type RetryDecision =
  | { retry: true; delayMs: number }
  | { retry: false; error: TradectlError };

const BACKOFF_BASE_MS = 200;
const BACKOFF_CAP_MS = 5_000;

/** Full jitter over an exponential ceiling: attempt 1 waits up to 200 ms, then 400, 800, … 5 s. */
export function backoffMs(attempt: number, random: number): number {
  return random * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
}

export function retryDecision(input: RetryInput): RetryDecision {
  const { attempt, maxAttempts, failure, remainingMs } = input;
  const { error, retryAfterMs } = failure;
  if (!failure.retryable) return { retry: false, error };
  if (retryAfterMs !== null && retryAfterMs >= remainingMs) {
    // Waiting would outlast the budget: give up now, and say when the service takes requests.
    return { retry: false, error: withWait(error, retryAfterMs, "at once") };
  }
  if (attempt >= maxAttempts) {
    return { retry: false, error: retryAfterMs === null ? error : withWait(error, retryAfterMs) };
  }
  const delayMs = retryAfterMs ?? backoffMs(attempt, input.random);
  if (delayMs >= remainingMs) return { retry: false, error };
  return { retry: true, delayMs };
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
