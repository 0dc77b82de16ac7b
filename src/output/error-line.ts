import { jsonText } from "./json-text.js";

/**
 * The JSON error line a script reads on stderr with -o json/ndjson: the error's kind, the HTTP
 * status and the service's code when an answer had them, and its message in English (the seed's
 * own words for the seed's rules), whatever language the person reads. Like machine.ts, this
 * module cannot import src/i18n/ (dependency-cruiser, `machine-output-speaks-no-language`).
 */
export function errorLine(
  error: { kind: string; status: number | null; code: number | string | null },
  englishLines: readonly string[],
): string {
  return jsonText({
    error: {
      kind: error.kind,
      status: error.status,
      code: error.code,
      message: englishLines.join("; "),
    },
  });
}
