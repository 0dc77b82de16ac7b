// The one loop that sends a request, and sends it again when retry-policy.ts says so (a 401, a 429, a GET's 5xx or network failure).
import { TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";
import type { Schema } from "../wire/schemas.js";
import type { CallOptions } from "./client-options.js";
import type { RateLimiter } from "./rate-limit.js";
import {
  AttemptFailure,
  RATE_WAITS_PER_POST,
  type RetryDecision,
  retryDecision,
} from "./retry-policy.js";
import type { Sleep } from "./sleep.js";
import type { Transport } from "./transport.js";
import type { WireRequest } from "./wire-request.js";

/** What the loop works with: the client's transport, limiter, clock and budget. */
export interface ResendDeps {
  transport: Transport;
  limiter: RateLimiter;
  /** Budget for one call in ms, started when the limiter lets it go, again after a refusal's wait. */
  timeoutMs: number;
  /** Extra attempts for a GET. */
  retries: number;
  now(): number;
  sleep: Sleep;
  random(): number;
  trace: ((line: string) => void) | undefined;
  /** The client's own signal (Ctrl-C), for a call that names none. */
  signal: AbortSignal | undefined;
  /** Reads the server's clock and applies it to later stamps: the offset, or null when unreadable. */
  correctClock(): Promise<number | null>;
}

/**
 * Sends `spec` until it succeeds or retry-policy.ts says stop. A refused attempt (a 429, a
 * 401) is told to `call.onRefused` before anything else, and `call.onResend` runs just before
 * it is written again; the budget starts again after a refusal, as after the limiter's pacing:
 * the service's own wait is not its slowness.
 */
export async function sendWithResends<T>(
  spec: WireRequest,
  schema: Schema<T>,
  call: CallOptions,
  deps: ResendDeps,
): Promise<T> {
  const signal = call.signal ?? deps.signal;
  const maxAttempts = spec.method === "GET" ? deps.retries + 1 : 1;
  const done = { attempt: 1, rateWaits: 0, stampResent: false, corrected: null as number | null };
  let deadline: number | null = null;
  for (;;) {
    await deps.limiter.acquire(spec.endpoint, signal).catch(() => {
      throw cancelled();
    });
    // The budget starts once the rate limit lets the attempt go: pacing is not slowness.
    deadline ??= deps.now() + deps.timeoutMs;
    const remaining = deadline - deps.now();
    if (remaining <= 0) throw deps.transport.timeoutError();
    let failure: AttemptFailure;
    try {
      return await deps.transport.exchange(spec, schema, remaining, signal);
    } catch (thrown) {
      if (!(thrown instanceof AttemptFailure)) throw thrown;
      failure = thrown;
    }
    learnQuota(spec, failure, deps);
    const decision = retryDecision({
      method: spec.method,
      auth: spec.auth,
      attempt: done.attempt,
      maxAttempts,
      failure,
      remainingMs: deadline - deps.now(),
      random: deps.random(),
      rateWaits: done.rateWaits,
      stampResent: done.stampResent,
      correctedOffsetMs: done.corrected,
      windows: deps.limiter.windows(spec.endpoint),
    });
    const { refused } = decision;
    if (refused) {
      const resendInMs = decision.retry ? decision.delayMs : null;
      await call.onRefused?.({ error: failure.error, reason: refused, resendInMs });
    }
    if (!decision.retry) throw decision.error;
    if (refused === "unauthorized") {
      // Whether the stamp was the reason (clock skew, or a stamp another machine used with this
      // key in the same ms) the answer says only sometimes ("Invalid Nonce"; often an empty body
      // or "Unauthorized"), so every 401 gets one more try, with the server's clock read first.
      done.stampResent = true;
      done.corrected = await deps.correctClock();
    } else {
      traceRetry(spec, decision, failure, done, maxAttempts, deps);
      // Ctrl-C ends the wait, and the call with it: nothing more is sent.
      const stop = refused ? ({ why: "cancelled" } as const) : null;
      await deps
        .sleep(decision.delayMs, refused ? (call.waitSignal ?? signal) : signal)
        .catch(() => {
          throw cancelled(stop);
        });
      if (refused) done.rateWaits++;
      done.attempt++;
    }
    if (refused) {
      deadline = null;
      // The confirm path puts the next attempt on record here, before it is written.
      await call.onResend?.();
    }
  }
}

/** A 429 that names its quota paces the rest of the run (the limit may be unpublished). */
function learnQuota(spec: WireRequest, failure: AttemptFailure, deps: ResendDeps): void {
  if (!failure.quota || !deps.limiter.learn(spec.endpoint, failure.quota)) return;
  deps.trace?.(
    `rate limit learned for ${spec.endpoint}: ${failure.quota.limit} per ${failure.quota.period}; pacing the rest of the run at it`,
  );
}

function traceRetry(
  spec: WireRequest,
  decision: Extract<RetryDecision, { retry: true }>,
  failure: AttemptFailure,
  done: { attempt: number; rateWaits: number },
  maxAttempts: number,
  deps: ResendDeps,
): void {
  const [n, of] =
    spec.method === "GET"
      ? [done.attempt, maxAttempts - 1]
      : [done.rateWaits + 1, RATE_WAITS_PER_POST];
  deps.trace?.(
    `retry ${n}/${of} of ${spec.method} ${spec.path} in ${Math.round(decision.delayMs)} ms after: ${failure.error.message}`,
  );
}

function cancelled(resendStop: TradectlError["resendStop"] = null): TradectlError {
  return new TradectlError("cancelled", msg("api.cancelled"), { resendStop });
}
