import type { ChalkInstance } from "chalk";
import type { Lang } from "../i18n/index.js";
import type { OutputFormat } from "./formats.js";
import type { IOStreams } from "./io.js";
import { jsonText } from "./json-text.js";
import { sanitize } from "./sanitize.js";
import { type Cell, keyValue, type TableColumn, type TableSpec, TableStream } from "./table.js";

/**
 * One field of a kind of record, named as the API names it: the csv header, the json key, the
 * word `--fields` takes. `text` is the machine form (tsv, csv: exact digits, ISO UTC times);
 * `table`, the column for people when the field is chosen with `--fields`. Both receive raw
 * server text; it is sanitised at the output, never by the caller.
 */
export interface Column<T> {
  header: string;
  text(record: T): string;
  /**
   * A number (id, amount, price, time as epoch): csv keeps it as it is. Every other column is
   * text, and csv neutralises text a spreadsheet would run as a formula.
   */
  numeric?: boolean;
  table?: TableColumn<T>;
}

/** A line of a record's label/value view. */
export type DetailRow = readonly [label: string, value: Cell | string];

export interface RecordView<T> {
  /** The fields, in the API's order: tsv/csv columns and the names `--fields` accepts. */
  columns: readonly Column<T>[];
  /** The table for people; by default one column per field, labelled with its name. */
  table?: TableSpec<T>;
  /** One record on its own (`order get ID`): label/value lines instead of a table of one row. */
  detail?: (record: T, color: ChalkInstance, lang?: Lang) => readonly DetailRow[];
  /** JSON shows only these keys, in this order (`--fields`); by default the record as sent. */
  keys?: readonly string[];
}

// The one JSON writer lives in json-text.ts (small, so the error report loads no table code);
// exported here too for the writers' callers.
export { jsonText } from "./json-text.js";

/** A CSV cell of text for a spreadsheet: formula-safe, sanitised, quoted where it must be. */
export function csvCell(text: string, numeric = false): string {
  return csvField(sanitize(csvText(text, numeric)));
}

export function csvField(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A text cell a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+SUM(1)`, `-2+3`, `@x`, or
 * one starting with a tab or CR) gets a leading `'` (OWASP's advice); numbers never do, so a
 * negative amount stays a number. Decided by the column's type, not by the cell's content.
 * Text that already starts with `'`s before such a character gets one more, so that
 * csvUnguarded, reading the file back (`--from`), gives every text exactly as it was.
 */
export function csvText(text: string, numeric = false): string {
  return !numeric && GUARDABLE.test(text) ? `'${text}` : text;
}

const GUARDABLE = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;

/**
 * A CSV cell as its text, the spreadsheet guard csvText added taken off (`'=Ali` is `=Ali`, as
 * a spreadsheet reads it too): a CSV tradectl wrote reads back exactly what it printed.
 */
export function csvUnguarded(cell: string): string {
  return GUARDED.test(cell) ? cell.slice(1) : cell;
}

/**
 * A tsv field: one line, no tab inside. A backslash is doubled first, so the escapes that
 * follow (`\xHH` for control characters, tab and newline included; `\u{HHHH}` for bidi marks
 * and U+2028/U+2029) read back unambiguously.
 */
export function tsvField(text: string): string {
  return sanitize(text.replace(/\\/g, "\\\\"));
}

/**
 * The record with only `keys`, in that order; a key the record lacks is null. A dotted key
 * (`fills.count`) is read from the nested object and written nested, as the record has it.
 */
export function pick(record: unknown, keys: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of keys) {
    const path = key.split(".");
    let value: unknown = record;
    for (const part of path) value = (value as Record<string, unknown> | null)?.[part];
    let target = picked;
    for (const part of path.slice(0, -1)) {
      target[part] ??= {};
      target = target[part] as Record<string, unknown>;
    }
    target[path.at(-1)!] = value ?? null;
  }
  return picked;
}

/** The default table: one column per field, labelled with its name, its machine text. */
export function fieldTable<T>(columns: readonly Column<T>[]): TableSpec<T> {
  return {
    columns: columns.map((c) => c.table ?? { label: c.header, cell: (r: T) => c.text(r) }),
  };
}

/** Streams records in one format. Every format prints as the records come. */
export interface RecordWriter<T> {
  write(records: readonly T[]): Promise<void>;
  end(): Promise<void>;
  readonly count: number;
}

export interface WriterOptions {
  /** JSON: print the lone record as an object rather than an array of one. Table: its detail. */
  single?: boolean;
}

export function createRecordWriter<T>(
  format: OutputFormat,
  view: RecordView<T>,
  io: IOStreams,
  options: WriterOptions = {},
): RecordWriter<T> {
  let count = 0;
  const gathered: T[] = [];
  const json = (r: T) => (view.keys ? pick(r, view.keys) : r);
  const csvHeader = () => `${view.columns.map((c) => csvField(c.header)).join(",")}\r\n`;
  const table = new TableStream(view.table ?? fieldTable(view.columns), io.out, io.columns, io.t);
  // A lone record with a detail form waits for the end: only then is it known to be alone.
  const holdForDetail = format === "table" && options.single === true && view.detail !== undefined;

  return {
    get count() {
      return count;
    },
    async write(records) {
      if (records.length === 0) return;
      let chunk = "";
      switch (format) {
        case "ndjson":
          for (const r of records) chunk += `${jsonText(json(r))}\n`;
          break;
        case "tsv":
          for (const r of records) {
            chunk += `${view.columns.map((c) => tsvField(c.text(r))).join("\t")}\n`;
          }
          break;
        case "csv":
          if (count === 0) chunk += csvHeader();
          for (const r of records) {
            const cells = view.columns.map((c) => csvCell(c.text(r), c.numeric));
            chunk += `${cells.join(",")}\r\n`;
          }
          break;
        case "json":
          if (options.single) {
            gathered.push(...records);
            break;
          }
          for (const r of records) {
            chunk += `${count === 0 && chunk === "" ? "[\n" : ",\n"}  ${jsonText(json(r), 2).replace(/\n/g, "\n  ")}`;
          }
          break;
        case "table":
          if (holdForDetail) gathered.push(...records);
          else chunk = table.rows(records);
          break;
      }
      count += records.length;
      await io.write(chunk);
    },
    async end() {
      switch (format) {
        case "json":
          if (options.single && gathered.length === 1)
            await io.write(`${jsonText(json(gathered[0]!), 2)}\n`);
          else if (options.single) await io.write(`${jsonText(gathered.map(json), 2)}\n`);
          else await io.write(count === 0 ? "[]\n" : "\n]\n");
          break;
        case "csv":
          if (count === 0) await io.write(csvHeader());
          break;
        case "table":
          if (!holdForDetail || gathered.length === 0) break;
          if (gathered.length === 1 && view.detail) {
            const pairs = view
              .detail(gathered[0]!, io.out, io.t.lang)
              .map(([label, value]) => [io.t.label(label), value] as const);
            await io.write(`${keyValue(pairs, io.out, { width: io.columns }).join("\n")}\n`);
          } else {
            await io.write(table.rows(gathered));
          }
          break;
        default:
          break;
      }
    },
  };
}
