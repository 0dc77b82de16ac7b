// What a sandbox handler answers with and works on: the reply, the context, the service's error replies.
import type { RateWindow } from "../domain/limits.js";
import { stringifyLossless } from "../wire/json.js";
import type { Authenticator } from "./auth.js";
import type { Refusal401 } from "./faults.js";
import type { RateLimits } from "./rate-limits.js";
import type { StateStore } from "./store.js";

export interface Reply {
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** For the server's log only. */
  reason?: string;
}

export interface SandboxContext {
  store: StateStore;
  /** The sandbox's clock in Unix ms, skew included. */
  clock: () => number;
  auth: Authenticator;
  limits: RateLimits | null;
  /** Every private request refused 401 with this body (`--faults 401=`); null: none is. */
  refusal401?: Refusal401 | null;
}

/**
 * Error bodies in the shape the service uses (docs/SERVICE-NOTES.md): `code` repeats the HTTP status,
 * except where the service has its own code (1152, order not found). Several broken rules: the
 * message is the first, `errors` lists them all.
 */
export function errorReply(status: number, message: string, errors?: readonly string[]): Reply {
  const body: Record<string, unknown> = {
    success: false,
    message,
    code: status,
    httpStatusCode: status,
  };
  if (errors && errors.length > 1) body.errors = errors;
  body.data = null;
  return { status, body: JSON.stringify(body) };
}

/**
 * The service's 429 (docs/SERVICE-NOTES.md, "Rate limits"): `limit` is a string, `details` says the
 * quota. Without a window (an injected fault) there is no quota to name, only when to come back.
 */
export function tooManyRequests(retryAfterS: number, window: RateWindow | null): Reply {
  const quota = window
    ? {
        details: `Quota exceeded. Maximum allowed: ${window.limit} per ${window.period}.`,
        limit: String(window.limit),
        period: window.period,
      }
    : { details: `Too many requests. Please try again in ${retryAfterS} second(s).` };
  return {
    status: 429,
    headers: { "Retry-After": String(retryAfterS) },
    body: JSON.stringify({
      message: "TOO_MANY_REQUESTS",
      success: false,
      code: 429,
      ...quota,
      policy: "ip",
    }),
  };
}

export const ok = (value: unknown): Reply => ({ status: 200, body: stringifyLossless(value) });

/** Query names are matched in any case, as the service's model binding does. */
export function queryValues(search: URLSearchParams, name: string): string[] {
  const lower = name.toLowerCase();
  const values: string[] = [];
  for (const [key, value] of search) if (key.toLowerCase() === lower) values.push(value);
  return values;
}
