import { STATUS_CODES } from "node:http";
import { periodMs, type RateLimitClass, type RateWindow } from "../domain/limits.js";
import { type ErrorKind, TradectlError } from "../errors.js";
import { isLosslessNumber, parseLossless } from "../wire/json.js";

/** What an error body said, read leniently: JSON of any known shape, HTML, text or nothing. */
export interface ErrorBody {
  message: string | null;
  code: number | string | null;
}

function readObject(text: string): Record<string, unknown> | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return null;
  try {
    const body = parseLossless(trimmed);
    return typeof body === "object" && body !== null ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function readErrorBody(text: string): ErrorBody {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    try {
      const body = parseLossless(trimmed) as Record<string, unknown>;
      const message = typeof body.message === "string" && body.message !== "" ? body.message : null;
      const rawCode = body.code;
      // Seen as an integer and, in an old schema, as a string; anything else is no code at all.
      const code =
        typeof rawCode === "string" && rawCode !== ""
          ? rawCode
          : isLosslessNumber(rawCode)
            ? Number(rawCode.value)
            : null;
      return { message, code };
    } catch {
      return { message: null, code: null };
    }
  }
  return { message: null, code: null };
}

/** What a 429 said about the quota (API-NOTES.md, "Rate limits"). */
export interface QuotaBody {
  /** "Quota exceeded. Maximum allowed: 120 per 1m." or "… Please try again in 53 second(s)." */
  details: string | null;
  /** The window the service counts in, when `limit` and `period` are readable. */
  window: RateWindow | null;
  /** The wait `details` names ("try again in 53 second(s)"), for a 429 without Retry-After. */
  waitMs: number | null;
}

const TRY_AGAIN = /try\s+again\s+in\s+([0-9]{1,7})\s*second/i;

export function readQuotaBody(text: string): QuotaBody {
  const body = readObject(text);
  const details = typeof body?.details === "string" && body.details !== "" ? body.details : null;
  const limitText =
    typeof body?.limit === "string"
      ? body.limit
      : isLosslessNumber(body?.limit)
        ? body.limit.value
        : "";
  const period = typeof body?.period === "string" ? body.period : "";
  const limit = /^[0-9]{1,9}$/.test(limitText.trim()) ? Number(limitText) : 0;
  const ms = periodMs(period);
  const wait = details ? TRY_AGAIN.exec(details) : null;
  return {
    details,
    window: limit > 0 && ms !== null ? { limit, ms, period: period.trim() } : null,
    waitMs: wait ? Number(wait[1]) * 1000 : null,
  };
}

const NOT_FOUND = /not\s*found/i;
/** The service's own code for "not found" (a missing order), under 400 or 404 (API-NOTES.md). */
const NOT_FOUND_CODE = 1152;

export function kindForStatus(
  status: number,
  message: string | null,
  code: number | string | null = null,
): ErrorKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 404) return "not_found";
  if (status === 400 && String(code) === String(NOT_FOUND_CODE)) return "not_found";
  // The order endpoint answers a missing order with 400 "Order not found" (API-NOTES.md).
  if (status === 400 && message && NOT_FOUND.test(message)) return "not_found";
  if (status === 422) return "conflict";
  if (status === 429) return "rate_limited";
  if (status >= 400 && status < 500 && status !== 405 && status !== 408) return "validation";
  return "server";
}

/**
 * "HTTP 429 Too Many Requests": a failure's status with Node's own reason phrase (when it knows
 * one); a success's status is the number alone ("HTTP 200 with a body that is not JSON").
 */
export function statusLine(status: number): string {
  const text = status >= 400 ? STATUS_CODES[status] : undefined;
  return text ? `HTTP ${status} ${text}` : `HTTP ${status}`;
}

/** Keys are bound to permissions and IP addresses on the service side (API-NOTES.md). */
export const KEY_REFUSED_HINT =
  "check on the exchange's API settings that the key is active, has the permissions this needs and, if it is bound to IP addresses, that this machine's address is one of them";
/** The stamp must be within about ±5 s of the server's clock. */
export const CLOCK_HINT =
  "the request's time stamp was refused: this machine's clock must be within 5 seconds of the server's; sync it (e.g. enable NTP), `tradectl auth status` shows the offset";
const STAMP = /nonce|stamp/i;

/** What a hint is chosen by: the failure's kind, what the server said, and where. */
export interface HintContext {
  kind: ErrorKind;
  status: number | null;
  message: string | null;
  /** The endpoint family that failed; null when not known (e.g. a test's bare body). */
  endpoint?: RateLimitClass | null;
  /** How long the service asked to wait (a 429's Retry-After or its `details`). */
  retryAfterMs?: number | null;
}

/** "53 s", "4 min", "1 h 5 min": a wait as a person reads it. */
export function waitText(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (s < 120) return `${s} s`;
  const min = Math.ceil(s / 60);
  if (min < 120) return `${min} min`;
  return `${Math.floor(min / 60)} h${min % 60 === 0 ? "" : ` ${min % 60} min`}`;
}

const PENDING_HINT =
  "`tradectl declarations list --status pending` lists the declarations you can confirm";

function notFoundHint(endpoint: RateLimitClass | null, message: string | null): string {
  switch (endpoint) {
    case "order":
    case "trades":
      return "check the id: `tradectl order get` takes the numeric id of one of your own orders";
    case "confirm":
      return PENDING_HINT;
    case "declarations":
      return "the service has no declarations list at this address; check --base-url (TRADECTL_BASE_URL)";
    case "exchanges":
      return "the service has no exchanges listing at this path; TRADECTL_EXCHANGES_PATH sets another";
    case "serverTime":
      return "the service has no server time at this address; check --base-url (TRADECTL_BASE_URL)";
    default:
      return message && /order/i.test(message)
        ? "check the id: `tradectl order get` takes the numeric id of one of your own orders"
        : PENDING_HINT;
  }
}

/**
 * The next step for a failure the user can act on, chosen by kind, endpoint and the server's
 * words, so every command that meets it says the same thing.
 */
export function hintFor(context: HintContext): string | undefined {
  const { kind, status, message } = context;
  switch (kind) {
    case "auth":
      return message && STAMP.test(message)
        ? CLOCK_HINT
        : `${KEY_REFUSED_HINT}; \`tradectl auth login\` saves a new pair`;
    case "not_found":
      return notFoundHint(context.endpoint ?? null, message);
    case "conflict":
      return "`tradectl declarations list --status confirmed` shows it, with who confirmed it and when";
    case "rate_limited":
      return context.retryAfterMs != null
        ? `the service asks to wait ${waitText(context.retryAfterMs)} before the next request; try again after that`
        : "the rate limit for this key and IP was reached; wait a minute, then try again";
    case "server":
      return status !== null && status >= 500
        ? "the service failed on its side; try again later (--debug shows the exchange)"
        : undefined;
    default:
      return undefined;
  }
}

/**
 * The error for a non-2xx answer. The server's own message wins when it sent one; a 429 shows
 * the service's `details` (what the quota is, or how long to wait).
 */
export function errorForResponse(
  status: number,
  bodyText: string,
  endpoint: RateLimitClass | null = null,
  retryAfterMs: number | null = null,
): TradectlError {
  const body = readErrorBody(bodyText);
  const kind = kindForStatus(status, body.message, body.code);
  const details = status === 429 ? readQuotaBody(bodyText).details : null;
  const said =
    body.message ??
    (bodyText.trim() === ""
      ? `${statusLine(status)} with an empty body`
      : `${statusLine(status)}: the server's answer is not JSON`);
  const message = details ? `${said}: ${details}` : said;
  return new TradectlError(kind, message, {
    status,
    code: body.code,
    endpoint,
    retryAfterMs,
    hint: hintFor({ kind, status, message: body.message, endpoint, retryAfterMs }),
  });
}

/**
 * A 2xx whose body says `"success": false`: the server did not do what was asked, whatever the
 * status. Its message and code are reported; a POST so answered reached the server, so what it
 * changed is for the caller to read back.
 */
export function errorForRefusal(
  status: number,
  bodyText: string,
  endpoint: RateLimitClass | null,
  method: "GET" | "POST",
): TradectlError {
  const body = readErrorBody(bodyText);
  const kind: ErrorKind = String(body.code) === String(NOT_FOUND_CODE) ? "not_found" : "server";
  const said = body.message ?? "no message";
  return new TradectlError(
    kind,
    `the server answered ${statusLine(status)} but said the request failed: ${said}${body.code === null ? "" : ` (code ${body.code})`}`,
    {
      status,
      code: body.code,
      endpoint,
      requestMayHaveArrived: method === "POST",
      refusedIn2xx: true,
      hint:
        kind === "not_found"
          ? hintFor({ kind, status, message: body.message, endpoint })
          : undefined,
    },
  );
}

/** Whether a parsed 2xx body says it failed (`"success": false`); a bare array never does. */
export function saysFailure(body: unknown): boolean {
  return (
    typeof body === "object" &&
    body !== null &&
    !Array.isArray(body) &&
    (body as { success?: unknown }).success === false
  );
}
