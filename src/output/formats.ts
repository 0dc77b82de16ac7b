export const OUTPUT_FORMATS = ["table", "json", "ndjson", "csv", "tsv"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** `-o` wins, then `--json`; otherwise a table for a person and tsv for a pipe. */
export function resolveFormat(
  output: string | undefined,
  json: boolean,
  stdoutIsTTY: boolean,
): OutputFormat {
  if (output !== undefined) return output as OutputFormat;
  if (json) return "json";
  return stdoutIsTTY ? "table" : "tsv";
}
