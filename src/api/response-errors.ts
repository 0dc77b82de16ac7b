import { type ErrorKind, TradectlError } from "../errors.js";
import { isLosslessNumber, parseLossless } from "./json.js";

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

/** Keys are bound to permissions and IP addresses on the service side (API-NOTES.md). */
export const KEY_REFUSED_HINT =
  "check on the exchange's API settings that the key is active, has the permissions this needs and, if it is bound to IP addresses, that this machine's address is one of them";
/** The stamp must be within about ±5 s of the server's clock. */
export const CLOCK_HINT =
  "the request's time stamp was refused: this machine's clock must be within 5 seconds of the server's; sync it (e.g. enable NTP), `tradectl auth status` shows the offset";
const STAMP = /nonce|stamp/i;

/**
 * The next step for a failure the user can act on, chosen by kind and the server's words, so
 * every command that meets it says the same thing.
 */
export function hintFor(
  kind: ErrorKind,
  status: number | null,
  message: string | null,
): string | undefined {
  switch (kind) {
    case "auth":
      return message && STAMP.test(message)
        ? CLOCK_HINT
        : `${KEY_REFUSED_HINT}; \`tradectl auth login\` saves a new pair`;
    case "not_found":
      return message && /order/i.test(message)
        ? "check the id: `tradectl order get` takes the numeric id of one of your own orders"
        : "`tradectl declarations list --status pending` lists the declarations you can confirm";
    case "conflict":
      return "`tradectl declarations list --status confirmed` shows it, with who confirmed it and when";
    case "rate_limited":
      return "the rate limit for this key and IP was reached; wait a minute, then try again";
    case "server":
      return status !== null && status >= 500
        ? "the service failed on its side; try again later (--debug shows the exchange)"
        : undefined;
    default:
      return undefined;
  }
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
  return new TradectlError(kind, message, {
    status,
    code: body.code,
    hint: hintFor(kind, status, body.message),
  });
}
