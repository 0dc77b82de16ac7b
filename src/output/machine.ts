import type { OutputFormat } from "./formats.js";
import { jsonText } from "./json-text.js";
import { sanitize } from "./sanitize.js";

/**
 * What scripts read: json, ndjson, csv and tsv. This module is where a run's language cannot
 * reach, by construction: it imports nothing of src/i18n/ (dependency-cruiser's
 * `machine-output-speaks-no-language` fails the build otherwise), a column's machine `text`
 * takes the record alone, and the writer's sink is a bare function, so a caller cannot hand it
 * the IO streams (and their translator) in its place. A script gets the same bytes whatever
 * language the person running it reads.
 */
export type MachineFormat = Exclude<OutputFormat, "table">;

/**
 * One field as scripts see it, named as the API names it: the csv header, the json key, the
 * word `--fields` takes. `text` is the machine form (tsv, csv: exact digits, ISO UTC times); it
 * receives the record alone, never a language. Raw server text is sanitised here, at the output.
 */
export interface MachineColumn<T> {
  header: string;
  text(record: T): string;
  /**
   * A number (id, amount, price, time as epoch): csv keeps it as it is. Every other column is
   * text, and csv neutralises text a spreadsheet would run as a formula.
   */
  numeric?: boolean;
}

export interface MachineView<T> {
  /** The fields, in the API's order: tsv/csv columns and the names `--fields` accepts. */
  columns: readonly MachineColumn<T>[];
  /** JSON shows only these keys, in this order (`--fields`); by default the record as sent. */
  keys?: readonly string[];
}

/** Where a machine writer's text goes: a function, not the IO streams, on purpose. */
export type MachineSink = (chunk: string) => Promise<void>;

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

export function createMachineWriter<T>(
  format: MachineFormat,
  view: MachineView<T>,
  write: MachineSink,
  options: WriterOptions = {},
): RecordWriter<T> {
  let count = 0;
  const gathered: T[] = [];
  const json = (r: T) => (view.keys ? pick(r, view.keys) : r);
  const csvHeader = () => `${view.columns.map((c) => csvField(c.header)).join(",")}\r\n`;

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
            chunk += `${view.columns.map((c) => csvCell(c.text(r), c.numeric)).join(",")}\r\n`;
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
      }
      count += records.length;
      await write(chunk);
    },
    async end() {
      switch (format) {
        case "json":
          if (options.single && gathered.length === 1)
            await write(`${jsonText(json(gathered[0]!), 2)}\n`);
          else if (options.single) await write(`${jsonText(gathered.map(json), 2)}\n`);
          else await write(count === 0 ? "[]\n" : "\n]\n");
          break;
        case "csv":
          if (count === 0) await write(csvHeader());
          break;
        default:
          break;
      }
    },
  };
}

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
