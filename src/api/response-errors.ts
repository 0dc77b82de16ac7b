import { STATUS_CODES } from "node:http";
import type { Text } from "../domain/doctor.js";
import { periodMs, type RateLimitClass, type RateWindow } from "../domain/limits.js";
import { type ErrorKind, type SaidAs, TradectlError } from "../errors.js";
import { english, said, type Translator } from "../i18n/index.js";
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
export const KEY_REFUSED_HINT = english("hint.keyRefused");
/** The stamp must be within about ±5 s of the server's clock. */
export const CLOCK_HINT = english("hint.clock");
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
export function waitText(ms: number, t: Translator = english): string {
  return t.said(waitSaid(ms)) ?? "";
}

/** The wait as a catalog entry: a parameter said in the language of what it is part of. */
export function waitSaid(ms: number): SaidAs {
  const s = Math.ceil(ms / 1000);
  if (s < 120) return said("api.wait.seconds", { n: s });
  const m = Math.ceil(s / 60);
  if (m < 120) return said("api.wait.minutes", { n: m });
  const h = Math.floor(m / 60);
  return m % 60 === 0
    ? said("api.wait.hours", { h })
    : said("api.wait.hoursMinutes", { h, m: m % 60 });
}

function notFoundHint(
  endpoint: RateLimitClass | null,
  message: string | null,
  t: Translator,
): string {
  switch (endpoint) {
    case "order":
    case "trades":
      return t("hint.orderId");
    case "confirm":
      return t("hint.pending");
    case "declarations":
      return t("hint.noDeclarations");
    case "exchanges":
      return t("hint.noExchanges");
    case "serverTime":
      return t("hint.noServerTime");
    default:
      return message && /order/i.test(message) ? t("hint.orderId") : t("hint.pending");
  }
}

/**
 * The next step for a failure the user can act on, chosen by kind, endpoint and the server's
 * words, so every command that meets it says the same thing. In English unless `t` says
 * otherwise: the error carries the English, the error report says it in the run's language.
 */
export function hintFor(context: HintContext, t: Translator = english): string | undefined {
  const { kind, status, message } = context;
  switch (kind) {
    case "auth":
      return isStampRefusal(message)
        ? t("hint.clock")
        : `${t("hint.keyRefused")}; ${t("hint.doctorPointer")}`;
    case "not_found":
      return notFoundHint(context.endpoint ?? null, message, t);
    case "conflict":
      return t("hint.conflict");
    case "rate_limited":
      return context.retryAfterMs != null
        ? t("hint.waitFor", { wait: waitText(context.retryAfterMs, t) })
        : t("hint.rateLimited");
    case "server":
      return status !== null && status >= 500 ? t("hint.serverFailed") : undefined;
    default:
      return undefined;
  }
}

/** How a failure's answer was worded: the service's JSON, nothing at all, or not JSON (a page). */
export function answerForm(error: TradectlError): "json" | "empty" | "not-json" {
  if (error.status === null) return "json";
  const status = statusLine(error.status);
  if (error.message === english("api.emptyBody", { status })) return "empty";
  if (error.message === english("api.notJson", { status })) return "not-json";
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
  const first = ours === null ? body.message! : english(ours, { status: statusLine(status) });
  const message = details ? `${first}: ${details}` : first;
  return new TradectlError(kind, message, {
    ...(ours !== null && !details ? { said: said(ours, { status: statusLine(status) }) } : {}),
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
  return new TradectlError(kind, refusal.text, {
    said: refusal.said,
    status,
    code: body.code,
    endpoint,
    requestMayHaveArrived: method === "POST",
    refusedIn2xx: true,
    hint:
      kind === "not_found" ? hintFor({ kind, status, message: body.message, endpoint }) : undefined,
  });
}

/** A 2xx's refusal in words (English, and said): with or without the server's message and code. */
function refusalWords(status: string, body: ErrorBody): { text: string; said: SaidAs } {
  const { message } = body;
  const code = body.code === null ? null : String(body.code);
  if (message !== null && code !== null) {
    const params = { status, message, code };
    return {
      text: english("api.refusedIn2xxCode", params),
      said: said("api.refusedIn2xxCode", params),
    };
  }
  if (message !== null) {
    const params = { status, message };
    return { text: english("api.refusedIn2xx", params), said: said("api.refusedIn2xx", params) };
  }
  if (code !== null) {
    const params = { status, code };
    return {
      text: english("api.refusedIn2xxSilentCode", params),
      said: said("api.refusedIn2xxSilentCode", params),
    };
  }
  const params = { status };
  return {
    text: english("api.refusedIn2xxSilent", params),
    said: said("api.refusedIn2xxSilent", params),
  };
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

/** An error's hint in `t`'s language: its catalog entry, or the one hintFor gives, or as it is. */
export const hintText =
  (error: TradectlError, hint: string): Text =>
  (t) => {
    if (t.lang === "en" || hint !== error.hint) return hint;
    if (error.hintSaid) return t.said(error.hintSaid) ?? hint;
    const context = {
      kind: error.kind,
      status: error.status,
      message: error.message,
      endpoint: error.endpoint,
      retryAfterMs: error.retryAfterMs,
    };
    return hintFor(context, english) === hint ? (hintFor(context, t) ?? hint) : hint;
  };
