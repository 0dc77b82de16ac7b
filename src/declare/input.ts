import { readFile } from "node:fs/promises";
import type { Text } from "../errors.js";
import { TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";
import { csvUnguarded } from "../output/records.js";
import { parseLossless } from "../wire/json.js";

/**
 * `--from FILE|-`: the rows of a batch, read as CSV with a header row, as NDJSON (one confirm
 * body per line, what `--dry-run -o ndjson` prints) or as a JSON array (what `-o json` prints).
 * Which one is decided by the first character: `{` NDJSON, `[` a JSON array, else CSV.
 */
export interface InputRow {
  /** The row's number among the data rows, from 1 (a CSV header is not a row). */
  row: number;
  /** Where the row ends in the input, from 1 (a CSV cell may span lines). */
  line: number;
  /** Field names as written, and their values (CSV: text; JSON: any JSON value, lossless). */
  fields: Record<string, unknown>;
}

/** `row 3 (line 4)`: how a problem names its row, in English and as the catalog says it. */
export const rowLabel = (r: Pick<InputRow, "row" | "line">) =>
  r.row === r.line
    ? msg("confirm.in.row", { row: r.row })
    : msg("confirm.in.rowLine", { row: r.row, line: r.line });

/** The text of FILE, or all of stdin for `-`; `label` names it in a problem (`--from FILE`). */
export async function readSource(
  source: string,
  stdin: NodeJS.ReadableStream,
  label = `--from ${source}`,
): Promise<string> {
  if (source === "-") {
    let text = "";
    stdin.setEncoding?.("utf8");
    for await (const chunk of stdin) text += chunk;
    return text;
  }
  try {
    return await readFile(source, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why: string | Text =
      code === "ENOENT"
        ? msg("confirm.in.noSuchFile")
        : code === "EISDIR"
          ? msg("confirm.in.isDirectory")
          : (code ?? String(error));
    const hint = msg("confirm.in.readHint");
    throw TradectlError.listing("usage", [msg("confirm.in.cannotRead", { source: label, why })], {
      hint: hint,
    });
  }
}

const BOM = /^\uFEFF/;

/**
 * The rows of the input, in order; a file that cannot be read as rows is a usage error naming
 * it as `source` says (`--from FILE`). With
 * `anyDelimiter`, a CSV may be separated by semicolons or tabs too (as spreadsheets with a
 * decimal comma save it): the header line's most frequent of the three decides.
 */
export async function parseRows(
  text: string,
  source: string,
  anyDelimiter = false,
): Promise<InputRow[]> {
  const body = text.replace(BOM, "");
  const first = body.trimStart()[0];
  if (first === "{") return ndjsonRows(body, source);
  if (first === "[") return jsonArrayRows(body, source);
  if (first === undefined) return [];
  return csvRows(body, source, anyDelimiter ? delimiterOf(body) : ",");
}

/** The separator the header line uses most: a comma, a semicolon or a tab (quoted text aside). */
function delimiterOf(body: string): string {
  const header = (body.split("\n", 1)[0] ?? "").replace(/"[^"]*"/g, "");
  const count = (c: string) => header.split(c).length - 1;
  return [",", ";", "\t"].reduce((best, c) => (count(c) > count(best) ? c : best), ",");
}

/** `--from FILE: what` (`source` as the caller names it), what a catalog entry. */
function unreadable(source: string, what: Text): TradectlError {
  const hint = msg("confirm.in.unreadableHint");
  return TradectlError.listing("usage", [msg("confirm.in.unreadable", { source, what })], {
    hint: hint,
  });
}

function asObject(value: unknown, source: string, where: Text): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw unreadable(source, msg("confirm.in.notObject", { where }));
  }
  return value as Record<string, unknown>;
}

function ndjsonRows(body: string, source: string): InputRow[] {
  const rows: InputRow[] = [];
  body.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (line === "") return;
    let value: unknown;
    try {
      value = parseLossless(line);
    } catch {
      throw unreadable(source, msg("confirm.in.lineNotJson", { line: i + 1 }));
    }
    rows.push({
      row: rows.length + 1,
      line: i + 1,
      fields: asObject(value, source, msg("confirm.in.line", { line: i + 1 })),
    });
  });
  return rows;
}

function jsonArrayRows(body: string, source: string): InputRow[] {
  let value: unknown;
  try {
    value = parseLossless(body);
  } catch {
    throw unreadable(source, msg("confirm.in.notJson"));
  }
  if (!Array.isArray(value)) throw unreadable(source, msg("confirm.in.notArray"));
  return value.map((item, i) => ({
    row: i + 1,
    line: i + 1,
    fields: asObject(item, source, msg("confirm.in.item", { item: i + 1 })),
  }));
}

async function csvRows(body: string, source: string, delimiter: string): Promise<InputRow[]> {
  const { parse } = await import("csv-parse/sync");
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(body, {
      skip_empty_lines: true,
      info: true,
      delimiter,
    }) as unknown as typeof records;
  } catch (error) {
    const why = (error as Error).message;
    throw unreadable(source, msg("confirm.in.notCsv", { why }));
  }
  const [header, ...data] = records;
  if (!header) return [];
  const names = header.record.map((name) => name.trim());
  // One name twice would let the last column win silently: a row would declare another deposit
  // than it shows. Refused like a name given twice in another case (domain/batch.ts).
  const again = names.findIndex((name, k) => name !== "" && names.indexOf(name) !== k);
  if (again !== -1) {
    const name = names[again]!;
    const columns = { name, first: names.indexOf(name) + 1, second: again + 1 };
    throw unreadable(source, msg("confirm.in.headerTwice", columns));
  }
  return data.map(({ record, info }, i) => ({
    row: i + 1,
    line: info.lines,
    fields: Object.fromEntries(
      names.map((name, k) => [name, record[k] === undefined ? undefined : csvUnguarded(record[k])]),
    ),
  }));
}
