// Reading an answer: the body under a size cap, its nesting checked, parsed losslessly and checked against its schema.
import * as v from "valibot";
import { TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";
import { type BodyScan, carryCompactTexts, parseScanned } from "../wire/json.js";
import { fastListCheck } from "../wire/schema-fast-path.js";
import { describeIssue, type Schema } from "../wire/schemas.js";
import {
  errorForRefusal,
  errorForResponse,
  readErrorBody,
  readQuotaBody,
  saysFailure,
  statusLine,
} from "./response-errors.js";
import { AttemptFailure, retryAfterHeaderMs } from "./retry-policy.js";
import type { WireRequest } from "./wire-request.js";

/** A response larger than this is refused rather than read into memory. A full page is ~60 KB. */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/** No answer of the service nests deeper than a few levels; far deeper is hostile or broken. */
export const MAX_JSON_DEPTH = 256;

/**
 * How often each check of a body ran in this process. The quick check exists for speed only
 * (valibot gives the same verdict), so nothing else would notice it bypassed: tests read these.
 */
export const checkPaths = { quick: 0, valibot: 0 };

/** The answer as a checked value, or the AttemptFailure it amounts to. */
export function decode<T>(
  spec: WireRequest,
  schema: Schema<T>,
  status: number,
  headers: Record<string, string | string[] | undefined>,
  text: string,
  /** scanBody's pass over a 2xx body (its depth checked): null when it nests too deep. */
  scanned: BodyScan | null,
): T {
  if (status < 200 || status >= 300) {
    const quota = status === 429 ? readQuotaBody(text) : null;
    // Without Retry-After, a 429's `details` may say it: "Please try again in 53 second(s)."
    const waitMs =
      status === 429 || status === 503
        ? // An HTTP date is the server's wall clock, so it is read against the real one.
          (retryAfterHeaderMs(headers["retry-after"], Date.now()) ?? quota?.waitMs ?? null)
        : null;
    const error = errorForResponse(status, text, spec.endpoint, waitMs);
    throw new AttemptFailure(error, status === 429 || status >= 500, waitMs, quota?.window);
  }
  if (scanned === null) {
    // Refused before parsing: a recursive parser would otherwise run out of stack.
    throw unreadable(spec, status, "api.unreadable.nested", false);
  }
  let parsed: unknown;
  try {
    parsed = parseScanned(text, scanned);
  } catch {
    const trimmed = text.trim();
    const what =
      trimmed === ""
        ? "api.unreadable.empty"
        : trimmed.startsWith("<")
          ? "api.unreadable.html"
          : "api.unreadable.partial";
    throw unreadable(spec, status, what, true);
  }
  if (saysFailure(parsed)) {
    throw new AttemptFailure(errorForRefusal(status, text, spec.endpoint, spec.method), false);
  }
  // A list valibot would pass unchanged is returned as parsed, each record keeping its own
  // compact text; anything else is checked by valibot, whose issue names the field.
  if (fastListCheck(schema)?.(parsed)) {
    checkPaths.quick++;
    return parsed;
  }
  checkPaths.valibot++;
  const checked = v.safeParse(schema, parsed);
  if (!checked.success) {
    throw new AttemptFailure(
      unexpected(spec, status, checked.issues, readErrorBody(text).message),
      false,
    );
  }
  // valibot's output is a copy of each record: it keeps the record's own text where it is the
  // same record (wire/json.ts).
  carryCompactTexts(parsed, checked.output);
  return checked.output;
}

/** A body that parsed but is not what the schema expects; the server's message, if any, after. */
function unexpected(
  spec: WireRequest,
  status: number,
  issues: Parameters<typeof describeIssue>[0],
  message: string | null,
): TradectlError {
  const params = { status: statusLine(status), issue: describeIssue(issues) };
  const options = {
    status,
    endpoint: spec.endpoint,
    requestMayHaveArrived: spec.method === "POST",
  };
  return message === null
    ? new TradectlError("server", msg("api.unexpected", params), {
        ...options,
      })
    : new TradectlError("server", msg("api.unexpectedWithWords", { ...params, message }), {
        ...options,
      });
}

type Unreadable =
  | "api.unreadable.nested"
  | "api.unreadable.empty"
  | "api.unreadable.html"
  | "api.unreadable.partial";

function unreadable(
  spec: WireRequest,
  status: number,
  what: Unreadable,
  retryable: boolean,
): AttemptFailure {
  const params = { status: statusLine(status), max: MAX_JSON_DEPTH };
  return new AttemptFailure(
    new TradectlError("server", msg(what, params), {
      status,
      endpoint: spec.endpoint,
      // A POST answered 2xx was handled: its outcome is known to the server, not to us.
      requestMayHaveArrived: spec.method === "POST",
    }),
    retryable,
  );
}

/**
 * A number that is equal for equal bodies (their length and first 512 characters, FNV-1a), so
 * the walker can compare pages without keeping their text alive.
 */
export function fingerprint(text: string): number {
  let hash = 0x811c9dc5 ^ text.length;
  for (let i = 0, n = Math.min(text.length, 512); i < n; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  return hash >>> 0;
}

export async function readCapped(
  body: AsyncIterable<Buffer> & { destroy?: () => void },
  contentLength: string | string[] | undefined,
): Promise<string> {
  const declared = Number(Array.isArray(contentLength) ? contentLength[0] : contentLength);
  if (declared > MAX_RESPONSE_BYTES) {
    body.destroy?.();
    const params = { size: declared, limit: MAX_RESPONSE_BYTES };
    throw new TradectlError("server", msg("api.tooLarge", params), {});
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_RESPONSE_BYTES) {
      body.destroy?.();
      const params = { limit: MAX_RESPONSE_BYTES };
      throw new TradectlError("server", msg("api.tooLargeRead", params), {});
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString("utf8");
}
