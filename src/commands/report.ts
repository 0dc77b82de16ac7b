import { listedProblems, type TradectlError } from "../errors.js";
import type { OutputFormat } from "../output/formats.js";
import type { IOStreams } from "../output/io.js";
import { jsonText } from "../output/records.js";
import { sanitize } from "../output/sanitize.js";

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
  const c = io.err;
  const lines = listedProblems([error.message, ...error.details]);
  for (const line of lines) io.warn(`${c.red("error:")} ${sanitize(line)}`);
  if (error.hint) io.warn(`${c.dim("hint:")} ${error.hint}`);
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
