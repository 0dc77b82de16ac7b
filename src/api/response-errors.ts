import { STATUS_CODES } from "node:http";
import { periodMs, type RateLimitClass, type RateWindow } from "../domain/limits.js";
import { type ErrorKind, type Text, TradectlError } from "../errors.js";
import { asIs, inEnglish, joined, msg } from "../i18n/index.js";
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

/** What a 429 said about the quota (docs/SERVICE-NOTES.md, "Rate limits"). */
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
/** The service's own code for "not found" (a missing order), under 400 or 404 (docs/SERVICE-NOTES.md). */
const NOT_FOUND_CODE = 1152;

export function kindForStatus(
  status: number,
  message: string | null,
  code: number | string | null = null,
): ErrorKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 404) return "not_found";
  if (status === 400 && String(code) === String(NOT_FOUND_CODE)) return "not_found";
  // The order endpoint answers a missing order with 400 "Order not found" (docs/SERVICE-NOTES.md).
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

/** Keys are bound to permissions and IP addresses on the service side (docs/SERVICE-NOTES.md). */
export const KEY_REFUSED_HINT = msg("hint.keyRefused");
/** The stamp must be within about ±5 s of the server's clock. */
export const CLOCK_HINT = msg("hint.clock");
const STAMP = /nonce|stamp/i;

/** A 401 for the time stamp ("Invalid Nonce"), not for the key. */
export function isStampRefusal(message: string | null): boolean {
  return message !== null && STAMP.test(message);
}

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

/** "53 s", "4 min", "1 h 5 min": a wait as a person reads it ("53 sn", "4 dk", "1 sa 5 dk"). */
export function waitText(ms: number): Text {
  const s = Math.ceil(ms / 1000);
  if (s < 120) return msg("api.wait.seconds", { n: s });
  const m = Math.ceil(s / 60);
  if (m < 120) return msg("api.wait.minutes", { n: m });
  const h = Math.floor(m / 60);
  return m % 60 === 0
    ? msg("api.wait.hours", { h })
    : msg("api.wait.hoursMinutes", { h, m: m % 60 });
}

function notFoundHint(endpoint: RateLimitClass | null, message: string | null): Text {
  switch (endpoint) {
    case "order":
    case "trades":
      return msg("hint.orderId");
    case "confirm":
      return msg("hint.pending");
    case "declarations":
      return msg("hint.noDeclarations");
    case "exchanges":
      return msg("hint.noExchanges");
    case "serverTime":
      return msg("hint.noServerTime");
    default:
      return message && /order/i.test(message) ? msg("hint.orderId") : msg("hint.pending");
  }
}

/**
 * The next step for a failure the user can act on, chosen by kind, endpoint and the server's
 * words, so every command that meets it says the same thing.
 */
export function hintFor(context: HintContext): Text | undefined {
  const { kind, status, message } = context;
  switch (kind) {
    case "auth":
      return isStampRefusal(message)
        ? msg("hint.clock")
        : joined([msg("hint.keyRefused"), msg("hint.doctorPointer")]);
    case "not_found":
      return notFoundHint(context.endpoint ?? null, message);
    case "conflict":
      return msg("hint.conflict");
    case "rate_limited":
      return context.retryAfterMs != null
        ? msg("hint.waitFor", { wait: waitText(context.retryAfterMs) })
        : msg("hint.rateLimited");
    case "server":
      return status !== null && status >= 500 ? msg("hint.serverFailed") : undefined;
    default:
      return undefined;
  }
}

/** How a failure's answer was worded: the service's JSON, nothing at all, or not JSON (a page). */
export function answerForm(error: TradectlError): "json" | "empty" | "not-json" {
  if (error.status === null) return "json";
  if (error.text.key === "api.emptyBody") return "empty";
  if (error.text.key === "api.notJson") return "not-json";
  return "json";
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
  // The server's own words are shown as sent; only words of ours are said in the user's language.
  const ours =
    body.message === null
      ? bodyText.trim() === ""
        ? ("api.emptyBody" as const)
        : ("api.notJson" as const)
      : null;
  const first = ours === null ? asIs(body.message!) : msg(ours, { status: statusLine(status) });
  // The quota's details follow as the service wrote them: the whole line is shown as it is.
  const message = details ? asIs(`${inEnglish(first)}: ${details}`) : first;
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
  const refusal = refusalWords(statusLine(status), body);
  return new TradectlError(kind, refusal, {
    status,
    code: body.code,
    endpoint,
    requestMayHaveArrived: method === "POST",
    refusedIn2xx: true,
    hint:
      kind === "not_found" ? hintFor({ kind, status, message: body.message, endpoint }) : undefined,
  });
}

/** A 2xx's refusal in words: with or without the server's message and code. */
function refusalWords(status: string, body: ErrorBody): Text {
  const { message } = body;
  const code = body.code === null ? null : String(body.code);
  if (message !== null && code !== null) {
    return msg("api.refusedIn2xxCode", { status, message, code });
  }
  if (message !== null) return msg("api.refusedIn2xx", { status, message });
  if (code !== null) return msg("api.refusedIn2xxSilentCode", { status, code });
  return msg("api.refusedIn2xxSilent", { status });
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
