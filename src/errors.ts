import { inEnglish, msg, type Text } from "./i18n/translate.js";

export type { Text };

/**
 * The service's endpoint families, one rate-limit class each (their published limits:
 * domain/limits.ts). Here, on the floor, because an error names the family whose request
 * failed, and nothing below may point up. A typed union, so a request that names a class no
 * table knows fails to compile instead of going out unpaced.
 */
export type RateLimitClass =
  | "order"
  | "trades"
  | "declarations"
  | "confirm"
  | "exchanges"
  | "serverTime";

/**
 * The one error type every layer throws. `kind` decides the exit code (docs/EXIT-CODES.md); `status` and `code` carry what the server said, when it said something.
 */
export type ErrorKind =
  | "usage"
  | "validation"
  | "not_found"
  | "auth"
  | "conflict"
  | "rate_limited"
  | "server"
  | "network"
  /** A confirmation whose answer was lost and could not be settled (it may yet be applied). */
  | "unknown"
  /** Receipts that fail `receipts verify`: a line edited, removed or reordered. */
  | "integrity"
  /** A local file the disk could not write or read whole (no space left, quota, I/O error). */
  | "io"
  | "cancelled";

export const EXIT_CODES: Readonly<Record<ErrorKind, number>> = {
  server: 1,
  network: 1,
  unknown: 1,
  integrity: 1,
  io: 1,
  usage: 2,
  validation: 2,
  not_found: 3,
  auth: 4,
  conflict: 5,
  rate_limited: 6,
  cancelled: 130,
};

export interface TradectlErrorOptions {
  status?: number | null;
  code?: number | string | null;
  /** The next step for the user, printed on its own line after the message. */
  hint?: Text;
  /** Several broken rules, each a line of its own (the message is their summary). */
  details?: readonly Text[];
  /** A POST failed in transit after it may have reached the server: its outcome is unknown. */
  requestMayHaveArrived?: boolean;
  /** The server answered 2xx but its body said `"success": false`: a refusal, not a lost answer. */
  refusedIn2xx?: boolean;
  /** The endpoint family whose request failed, so hints and callers can tell them apart. */
  endpoint?: RateLimitClass | null;
  /** How long the service asked to wait before the next request (429 / 503). */
  retryAfterMs?: number | null;
  /** Why a request the service proved it did not process (a 429, a 401) was not sent again. */
  resendStop?: ResendStop | null;
  cause?: unknown;
}

/**
 * Why the client stopped sending a request the service refused unprocessed (api/retry-policy.ts):
 * a second 401 after the clock was read, the last 429 it waits for, a wait past the budget, or
 * Ctrl-C during the wait. The confirm path words its judgement from it.
 */
export type ResendStop =
  | { why: "refused_again" }
  | { why: "waits_spent"; tries: number }
  | { why: "wait_too_long"; waitMs: number }
  | { why: "cancelled" };

/**
 * The error's texts are values of the catalog (`Text`): the report says them in the run's
 * language; `message` is the English of `text`, for the JSON error line, logs and library users.
 */
export class TradectlError extends Error {
  readonly kind: ErrorKind;
  readonly text: Text;
  readonly status: number | null;
  readonly code: number | string | null;
  readonly hint: Text | undefined;
  readonly details: readonly Text[];
  readonly requestMayHaveArrived: boolean;
  readonly refusedIn2xx: boolean;
  readonly endpoint: RateLimitClass | null;
  readonly retryAfterMs: number | null;
  readonly resendStop: ResendStop | null;

  constructor(kind: ErrorKind, text: Text, options: TradectlErrorOptions = {}) {
    super(inEnglish(text), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "TradectlError";
    this.kind = kind;
    this.text = text;
    this.status = options.status ?? null;
    this.code = options.code ?? null;
    this.hint = options.hint;
    this.details = options.details ?? [];
    this.requestMayHaveArrived = options.requestMayHaveArrived ?? false;
    this.refusedIn2xx = options.refusedIn2xx ?? false;
    this.endpoint = options.endpoint ?? null;
    this.retryAfterMs = options.retryAfterMs ?? null;
    this.resendStop = options.resendStop ?? null;
  }

  get exitCode(): number {
    return EXIT_CODES[this.kind];
  }

  /**
   * The same failure told again (another text, kind or hint): everything else it carries,
   * what the server said (status, code), how long to wait (retryAfterMs), which endpoint, the
   * extra lines and whether a POST may have arrived, is kept unless `changes` says otherwise.
   * The one way to re-wrap an error, so no field is dropped on the way.
   */
  static with(error: TradectlError, changes: TradectlErrorChanges = {}): TradectlError {
    const { kind, text, ...options } = changes;
    return new TradectlError(kind ?? error.kind, text ?? error.text, {
      status: error.status,
      code: error.code,
      hint: error.hint,
      details: error.details,
      requestMayHaveArrived: error.requestMayHaveArrived,
      refusedIn2xx: error.refusedIn2xx,
      endpoint: error.endpoint,
      retryAfterMs: error.retryAfterMs,
      resendStop: error.resendStop,
      cause: error,
      ...options,
    });
  }

  /** One error of several problems found at once: the first is the text, the others its detail lines. */
  static listing(
    kind: ErrorKind,
    problems: readonly [Text, ...Text[]] | readonly Text[],
    options: Omit<TradectlErrorOptions, "details"> = {},
  ): TradectlError {
    const [first, ...rest] = problems;
    if (!first) throw new Error("TradectlError.listing needs a problem");
    return new TradectlError(kind, first, { ...options, details: rest });
  }
}

/** What `TradectlError.with` may change: any option, and the kind and message themselves. */
export interface TradectlErrorChanges extends TradectlErrorOptions {
  kind?: ErrorKind;
  text?: Text;
}

export function isTradectlError(value: unknown): value is TradectlError {
  return value instanceof TradectlError;
}

/** How many problems an error lists before "and N more". */
export const MAX_LISTED_PROBLEMS = 50;

/**
 * The first MAX_LISTED_PROBLEMS of `lines`, then "and N more": a 60 MB `--from` of unknown ids
 * must not become 48 MB of stderr, nor a JSON error line of that size. The count stays exact.
 */
export function listedProblems(lines: readonly Text[], max = MAX_LISTED_PROBLEMS): Text[] {
  if (lines.length <= max) return [...lines];
  return [...lines.slice(0, max), msg("domain.andMore", { count: lines.length - max })];
}
