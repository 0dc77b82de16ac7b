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

/**
 * A message of the catalog (src/i18n) and its parameters: how the error report tells the error
 * in the user's language. The error's `message` and `hint` stay English beside it, for the JSON
 * error line and for anyone searching for them.
 */
export interface SaidAs {
  key: string;
  /**
   * A parameter is a text as it is, a catalog entry (a row's label), or a Phrase: its English
   * in English, its catalog entry in another language (a seed rule: "Türkçe (English)").
   */
  params?: Readonly<Record<string, string | SaidAs | Phrase>>;
}

/**
 * A text for people in English (the JSON error line, logs) and, when the catalog has it, as the
 * catalog says it: a problem found before an error is made of it (see `TradectlError.listing`).
 */
export interface Phrase {
  readonly english: string;
  readonly said?: SaidAs;
}

export interface TradectlErrorOptions {
  /** The message as a catalog entry, for people (see SaidAs). */
  said?: SaidAs;
  /** The hint as a catalog entry, for people. */
  hintSaid?: SaidAs;
  status?: number | null;
  code?: number | string | null;
  /** The next step for the user, printed on its own line after the message. */
  hint?: string;
  /** Several broken rules, each a line of its own (the message is their summary). */
  details?: readonly string[];
  /**
   * Each detail line as a catalog entry, for people, by index (`detailsSaid[i]` says
   * `details[i]`; a line with no entry, or past the end, is shown as it is).
   */
  detailsSaid?: readonly (SaidAs | undefined)[];
  /** A POST failed in transit after it may have reached the server: its outcome is unknown. */
  requestMayHaveArrived?: boolean;
  /** The server answered 2xx but its body said `"success": false`: a refusal, not a lost answer. */
  refusedIn2xx?: boolean;
  /** The endpoint family whose request failed, so hints and callers can tell them apart. */
  endpoint?: RateLimitClass | null;
  /** How long the service asked to wait before the next request (429 / 503). */
  retryAfterMs?: number | null;
  cause?: unknown;
}

export class TradectlError extends Error {
  readonly kind: ErrorKind;
  readonly status: number | null;
  readonly code: number | string | null;
  readonly hint: string | undefined;
  readonly said: SaidAs | undefined;
  readonly hintSaid: SaidAs | undefined;
  readonly details: readonly string[];
  readonly detailsSaid: readonly (SaidAs | undefined)[];
  readonly requestMayHaveArrived: boolean;
  readonly refusedIn2xx: boolean;
  readonly endpoint: RateLimitClass | null;
  readonly retryAfterMs: number | null;

  constructor(kind: ErrorKind, message: string, options: TradectlErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "TradectlError";
    this.kind = kind;
    this.status = options.status ?? null;
    this.code = options.code ?? null;
    this.hint = options.hint;
    this.said = options.said;
    this.hintSaid = options.hintSaid;
    this.details = options.details ?? [];
    this.detailsSaid = (options.detailsSaid ?? []).slice(0, this.details.length);
    this.requestMayHaveArrived = options.requestMayHaveArrived ?? false;
    this.refusedIn2xx = options.refusedIn2xx ?? false;
    this.endpoint = options.endpoint ?? null;
    this.retryAfterMs = options.retryAfterMs ?? null;
  }

  get exitCode(): number {
    return EXIT_CODES[this.kind];
  }

  /**
   * The same failure told again (another message, kind or hint): everything else it carries,
   * what the server said (status, code), how long to wait (retryAfterMs), which endpoint, the
   * extra lines and whether a POST may have arrived, is kept unless `changes` says otherwise.
   * The one way to re-wrap an error, so no field is dropped on the way.
   */
  static with(error: TradectlError, changes: TradectlErrorChanges = {}): TradectlError {
    const { kind, message, ...options } = changes;
    return new TradectlError(kind ?? error.kind, message ?? error.message, {
      status: error.status,
      code: error.code,
      hint: error.hint,
      // A new message or hint in English only: the catalog's words for the old ones no longer fit.
      said: message === undefined ? error.said : undefined,
      hintSaid: "hint" in changes ? undefined : error.hintSaid,
      details: error.details,
      // New lines after the old ones keep the old lines' words; other new lines are English only.
      detailsSaid:
        changes.details === undefined || startsWith(changes.details, error.details)
          ? error.detailsSaid
          : undefined,
      requestMayHaveArrived: error.requestMayHaveArrived,
      refusedIn2xx: error.refusedIn2xx,
      endpoint: error.endpoint,
      retryAfterMs: error.retryAfterMs,
      cause: error,
      ...options,
    });
  }

  /**
   * One error of several problems found at once: the first is the message, the others its
   * detail lines, each in English and as the catalog says it.
   */
  static listing(
    kind: ErrorKind,
    problems: readonly [Phrase, ...Phrase[]] | readonly Phrase[],
    options: Omit<TradectlErrorOptions, "said" | "details" | "detailsSaid"> = {},
  ): TradectlError {
    const [first, ...rest] = problems;
    if (!first) throw new Error("TradectlError.listing needs a problem");
    return new TradectlError(kind, first.english, {
      ...options,
      said: first.said,
      details: rest.map((p) => p.english),
      detailsSaid: rest.map((p) => p.said),
    });
  }
}

function startsWith(lines: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= lines.length && prefix.every((line, i) => lines[i] === line);
}

/** What `TradectlError.with` may change: any option, and the kind and message themselves. */
export interface TradectlErrorChanges extends TradectlErrorOptions {
  kind?: ErrorKind;
  message?: string;
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
export function listedProblems(
  lines: readonly string[],
  max = MAX_LISTED_PROBLEMS,
  more: (count: number) => string = (count) => `and ${count} more`,
): string[] {
  if (lines.length <= max) return [...lines];
  return [...lines.slice(0, max), more(lines.length - max)];
}
