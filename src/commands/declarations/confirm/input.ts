import { readFile } from "node:fs/promises";
import { TradectlError } from "../../../errors.js";
import { csvUnguarded } from "../../../output/records.js";
import { parseLossless } from "../../../wire/json.js";

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

/** `row 3 (line 4)`: how a problem names its row. */
export const rowLabel = (r: Pick<InputRow, "row" | "line">) =>
  r.row === r.line ? `row ${r.row}` : `row ${r.row} (line ${r.line})`;

/** The text of FILE, or all of stdin for `-`. */
export async function readSource(source: string, stdin: NodeJS.ReadableStream): Promise<string> {
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
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : code;
    throw new TradectlError("usage", `cannot read --from ${source}: ${why ?? error}`, {
      hint: "give a CSV or NDJSON file, or - to read stdin; nothing was sent",
    });
  }
}

const BOM = /^\uFEFF/;

/** The rows of the input, in order; a file that cannot be read as rows is a usage error. */
export async function parseRows(text: string, source: string): Promise<InputRow[]> {
  const body = text.replace(BOM, "");
  const first = body.trimStart()[0];
  if (first === "{") return ndjsonRows(body, source);
  if (first === "[") return jsonArrayRows(body, source);
  if (first === undefined) return [];
  return csvRows(body, source);
}

function unreadable(source: string, what: string): TradectlError {
  return new TradectlError("usage", `--from ${source}: ${what}`, {
    hint: "CSV with a header row of the confirm body's field names, or NDJSON (one JSON object a line, as `--dry-run -o ndjson` prints); nothing was sent",
  });
}

function asObject(value: unknown, source: string, where: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw unreadable(source, `${where} is not a JSON object`);
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
      throw unreadable(source, `line ${i + 1} is not valid JSON`);
    }
    rows.push({
      row: rows.length + 1,
      line: i + 1,
      fields: asObject(value, source, `line ${i + 1}`),
    });
  });
  return rows;
}

function jsonArrayRows(body: string, source: string): InputRow[] {
  let value: unknown;
  try {
    value = parseLossless(body);
  } catch {
    throw unreadable(source, "is not valid JSON");
  }
  if (!Array.isArray(value)) throw unreadable(source, "is not a JSON array of objects");
  return value.map((item, i) => ({
    row: i + 1,
    line: i + 1,
    fields: asObject(item, source, `item ${i + 1}`),
  }));
}

async function csvRows(body: string, source: string): Promise<InputRow[]> {
  const { parse } = await import("csv-parse/sync");
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(body, { skip_empty_lines: true, info: true }) as unknown as typeof records;
  } catch (error) {
    throw unreadable(source, `not readable as CSV (${(error as Error).message})`);
  }
  const [header, ...data] = records;
  if (!header) return [];
  const names = header.record.map((name) => name.trim());
  // One name twice would let the last column win silently: a row would declare another deposit
  // than it shows. Refused like a name given twice in another case (domain/batch.ts).
  const again = names.findIndex((name, k) => name !== "" && names.indexOf(name) !== k);
  if (again !== -1) {
    const name = names[again]!;
    throw unreadable(
      source,
      `field ${name} is given twice in the header (columns ${names.indexOf(name) + 1} and ${again + 1})`,
    );
  }
  return data.map(({ record, info }, i) => ({
    row: i + 1,
    line: info.lines,
    fields: Object.fromEntries(
      names.map((name, k) => [name, record[k] === undefined ? undefined : csvUnguarded(record[k])]),
    ),
  }));
}
