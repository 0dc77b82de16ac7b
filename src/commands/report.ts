import { hintFor } from "../api/response-errors.js";
import { listedProblems, MAX_LISTED_PROBLEMS, type TradectlError } from "../errors.js";
import { english, type Translator } from "../i18n/index.js";
import { errorLine } from "../output/error-line.js";
import type { OutputFormat } from "../output/formats.js";
import type { IOStreams } from "../output/io.js";
import { seedLine } from "../output/seed-text.js";

/**
 * Prints an error the contract's way: `error: …` lines (one per broken rule) and a `hint:` with
 * the next step on stderr; with -o json/ndjson also one machine-readable JSON line, always in
 * English (its message is the seed's own text for the seed's rules), whatever the language. A
 * long list of problems is cut at the first 50, then "and N more" (listedProblems), in both.
 */
export function reportError(
  error: TradectlError,
  io: IOStreams,
  format: OutputFormat | undefined,
): void {
  const lines = listedProblems([error.message, ...error.details]);
  // io makes each line safe for the terminal: server text is quoted here as it came.
  if (io.t.lang === "en") {
    for (const line of lines) io.error(line);
    if (error.hint) io.warn(`${io.err.dim("hint:")} ${error.hint}`);
  } else {
    peopleLines(error, io);
    const hint = hintIn(error, io.t);
    if (hint) io.warn(`${io.err.dim(io.t("report.hintPrefix"))} ${hint}`);
  }
  if (format === "json" || format === "ndjson") {
    io.warn(errorLine(error, lines));
  }
}

/**
 * The error lines for people in a language other than English:
 * - the server's own words are shown as sent, after a line that says what kind of refusal it is;
 * - a message the catalog knows (`said`) in the run's language, and so each detail line
 *   (`detailsSaid`); "and N more" too;
 * - a seed rule broken locally in the run's language, the service's English after it;
 * - anything else as it is (English): a message not yet in the catalog is never lost.
 */
function peopleLines(error: TradectlError, io: IOStreams): void {
  const { t } = io;
  const fromServer = error.status !== null && !error.refusedIn2xx;
  const saidFirst = error.said && t.said(error.said);
  // A detail line the catalog knows, in the run's language; else `otherwise` says it.
  const detailLines = (otherwise: (line: string) => string) =>
    error.details.map((line, i) => {
      const saidAs = error.detailsSaid[i];
      return (saidAs && t.said(saidAs)) || otherwise(line);
    });
  const more = (count: number) => t("domain.andMore", { count });
  const listed = (first: string, details: readonly string[]) =>
    listedProblems([first, ...details], MAX_LISTED_PROBLEMS, more);
  // The server's words, or what failed on the way (a refused connection, a timeout), which is
  // the system's own: as they are, under a line that says what kind of failure it is.
  const heading = saidFirst
    ? null
    : fromServer && SERVER_KINDS.has(error.kind)
      ? t(`report.server.${error.kind as ServerKind}`)
      : error.kind === "network"
        ? t("report.network")
        : null;
  if (heading) {
    io.error(heading);
    for (const line of listed(
      error.message,
      detailLines((line) => line),
    ))
      io.warn(`  ${line}`);
    return;
  }
  const first = saidFirst || seedLine(error.message, t);
  for (const line of listed(
    first,
    detailLines((line) => seedLine(line, t)),
  ))
    io.error(line);
}

type ServerKind = "auth" | "not_found" | "conflict" | "rate_limited" | "validation" | "server";
const SERVER_KINDS: ReadonlySet<string> = new Set<ServerKind>([
  "auth",
  "not_found",
  "conflict",
  "rate_limited",
  "validation",
  "server",
]);

/** Hints given word for word by many commands, with their entry in the catalog. */
const KNOWN_HINTS = new Map(
  (
    [
      "hint.nothingSent",
      "hint.nothingSaved",
      "hint.nothingSentExchanges",
      "hint.nothingSentDryRun",
      "hint.login",
      "hint.network",
      "hint.declarationId",
      "hint.senderShape",
      "hint.bothKeys",
      "hint.pending",
      "hint.clock",
      "hint.keyRefused",
      "hint.doctorPointer",
      "auth.login.nothingSavedTryAgain",
      "cli.giveOne",
      "cli.giveOnce",
    ] as const
  ).map((key) => [english(key), key] as const),
);

/**
 * The hint in the run's language: its catalog entry when it has one; the one `hintFor` gives
 * (api/response-errors.ts, every command's failures) when the error's hint is that one; a hint
 * many commands give word for word; else the hint as it is.
 */
function hintIn(error: TradectlError, t: Translator): string | undefined {
  if (!error.hint) return undefined;
  if (error.hintSaid) return t.said(error.hintSaid) ?? error.hint;
  const context = {
    kind: error.kind,
    status: error.status,
    message: error.message,
    endpoint: error.endpoint,
    retryAfterMs: error.retryAfterMs,
  };
  if (hintFor(context, english) === error.hint) return hintFor(context, t) ?? error.hint;
  return knownHint(error.hint, t) ?? error.hint;
}

/** A hint given word for word, or made of such hints joined with "; ", else null. */
function knownHint(hint: string, t: Translator): string | null {
  const whole = KNOWN_HINTS.get(hint);
  if (whole) return t(whole);
  const parts = hint.split("; ").map((part) => KNOWN_HINTS.get(part));
  if (parts.length < 2 || parts.some((key) => key === undefined)) return null;
  return parts.map((key) => t(key!)).join("; ");
}

/** The JSON error line of a usage error commander reported itself (its text is on stderr). */
export function reportUsageJson(io: IOStreams, message: string): void {
  io.warn(errorLine({ kind: "usage", status: null, code: null }, [message]));
}
