import { listedProblems, type TradectlError } from "../errors.js";
import { asIsLine, inEnglish, type Text, type Translator } from "../i18n/index.js";
import { errorLine } from "../output/error-line.js";
import type { OutputFormat } from "../output/formats.js";
import type { IOStreams } from "../output/io.js";

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
  const lines = listedProblems([error.text, ...error.details]);
  // io makes each line safe for the terminal: server text is quoted here as it came.
  if (io.t.lang === "en") {
    for (const line of lines) io.error(inEnglish(line));
    if (error.hint) io.warn(`${io.err.dim("hint:")} ${inEnglish(error.hint)}`);
  } else {
    peopleLines(error, lines, io.t, io);
    if (error.hint) io.warn(`${io.err.dim(io.t("report.hintPrefix"))} ${io.t.text(error.hint)}`);
  }
  if (format === "json" || format === "ndjson") {
    io.warn(errorLine(error, lines.map(inEnglish)));
  }
}

/**
 * The error lines for people in a language other than English: a text of ours in the run's
 * language; the server's own words (and what failed on the way: a refused connection, a
 * timeout) as they are, after a line that says what kind of failure it is.
 */
function peopleLines(
  error: TradectlError,
  lines: readonly Text[],
  t: Translator,
  io: IOStreams,
): void {
  const fromServer = error.status !== null && !error.refusedIn2xx;
  const heading =
    asIsLine(error.text) === null
      ? null
      : fromServer && SERVER_KINDS.has(error.kind)
        ? t(`report.server.${error.kind as ServerKind}`)
        : error.kind === "network"
          ? t("report.network")
          : null;
  if (heading) {
    io.error(heading);
    for (const line of lines) io.warn(`  ${t.text(line)}`);
    return;
  }
  for (const line of lines) io.error(t.text(line));
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

/** The JSON error line of a usage error commander reported itself (its text is on stderr). */
export function reportUsageJson(io: IOStreams, message: string): void {
  io.warn(errorLine({ kind: "usage", status: null, code: null }, [message]));
}
