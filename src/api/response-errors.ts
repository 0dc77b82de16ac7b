import { type ErrorKind, TradectlError } from "../errors.js";
import { numberText, parseLossless } from "./json.js";

/** What an error body said, read leniently: JSON of any known shape, HTML, text or nothing. */
export interface ErrorBody {
  message: string | null;
  code: number | string | null;
}

export function readErrorBody(text: string): ErrorBody {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    try {
      const body = parseLossless(trimmed) as Record<string, unknown>;
      const message = typeof body.message === "string" && body.message !== "" ? body.message : null;
      const rawCode = body.code;
      const code =
        typeof rawCode === "string"
          ? rawCode
          : rawCode == null
            ? null
            : Number(numberText(rawCode));
      return { message, code: Number.isNaN(code) ? null : code };
    } catch {
      return { message: null, code: null };
    }
  }
  return { message: null, code: null };
}

const NOT_FOUND = /not\s*found/i;

export function kindForStatus(status: number, message: string | null): ErrorKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 404) return "not_found";
  // The order endpoint answers a missing order with 400 "Order not found" (API-NOTES.md).
  if (status === 400 && message && NOT_FOUND.test(message)) return "not_found";
  if (status === 422) return "conflict";
  if (status === 429) return "rate_limited";
  if (status >= 400 && status < 500 && status !== 405 && status !== 408) return "validation";
  return "server";
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export function statusLine(status: number): string {
  const text = STATUS_TEXT[status];
  return text ? `HTTP ${status} ${text}` : `HTTP ${status}`;
}

/** The error for a non-2xx answer. The server's own message wins when it sent one. */
export function errorForResponse(status: number, bodyText: string): TradectlError {
  const body = readErrorBody(bodyText);
  const kind = kindForStatus(status, body.message);
  const message =
    body.message ??
    (bodyText.trim() === ""
      ? `${statusLine(status)} with an empty body`
      : `${statusLine(status)}: the server's answer is not JSON`);
  return new TradectlError(kind, message, { status, code: body.code });
}
