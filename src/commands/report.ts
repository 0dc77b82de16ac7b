import { listedProblems, type TradectlError } from "../errors.js";
import type { OutputFormat } from "../output/formats.js";
import type { IOStreams } from "../output/io.js";
import { jsonText } from "../output/records.js";

/**
 * Prints an error the contract's way: `error: …` lines (one per broken rule) and a `hint:` with
 * the next step on stderr; with -o json/ndjson also one machine-readable JSON line. A long list
 * of problems is cut at the first 50, then "and N more" (listedProblems), in both.
 */
export function reportError(
  error: TradectlError,
  io: IOStreams,
  format: OutputFormat | undefined,
): void {
  const lines = listedProblems([error.message, ...error.details]);
  // io makes each line safe for the terminal: server text is quoted here as it came.
  for (const line of lines) io.error(line);
  if (error.hint) io.warn(`${io.err.dim("hint:")} ${error.hint}`);
  if (format === "json" || format === "ndjson") {
    io.warn(
      jsonText({
        error: {
          kind: error.kind,
          status: error.status,
          code: error.code,
          message: lines.join("; "),
        },
      }),
    );
  }
}
