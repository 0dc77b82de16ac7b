import type { ChalkInstance } from "chalk";
import { stringifyLossless } from "../api/json.js";
import type { OutputFormat } from "./formats.js";
import type { IOStreams } from "./io.js";
import { sanitize } from "./sanitize.js";

/**
 * How one kind of record is shown. `text` is the machine form (tsv, csv: exact digits, ISO UTC
 * times); `cell` the form for people (local times, colour). Both receive raw server text and
 * are sanitised here, never by the caller.
 */
export interface Column<T> {
  header: string;
  text(record: T): string;
  cell?(record: T, color: ChalkInstance): Cell;
  /** Shortened in the middle when the table would be wider than the terminal. */
  shrinkable?: boolean;
}

export interface Cell {
  text: string;
  style?: (s: string) => string;
}

export interface RecordView<T> {
  columns: readonly Column<T>[];
  /** A table of its own (e.g. a field/value view of one order) instead of rows of columns. */
  table?: (records: readonly T[], io: IOStreams) => string;
}

/** C1 and bidi characters JSON would pass through raw are written as \u escapes too. */
const JSON_UNSAFE = /[\u007f-\u009f\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;

export function jsonText(value: unknown, indent?: number): string {
  return stringifyLossless(value, indent).replace(
    JSON_UNSAFE,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

export function csvField(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Streams records in one format. Formats that can print as they go do; table gathers. */
export interface RecordWriter<T> {
  write(records: readonly T[]): Promise<void>;
  end(): Promise<void>;
  readonly count: number;
}

export interface WriterOptions {
  /** JSON: print the lone record as an object rather than an array of one. */
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
  const row = (record: T, separator: string, quote: (s: string) => string) =>
    view.columns.map((c) => quote(sanitize(c.text(record)))).join(separator);

  return {
    get count() {
      return count;
    },
    async write(records) {
      if (records.length === 0) return;
      let chunk = "";
      switch (format) {
        case "ndjson":
          for (const r of records) chunk += `${jsonText(r)}\n`;
          break;
        case "tsv":
          for (const r of records) chunk += `${row(r, "\t", (s) => s)}\n`;
          break;
        case "csv":
          if (count === 0) chunk += `${view.columns.map((c) => csvField(c.header)).join(",")}\r\n`;
          for (const r of records) chunk += `${row(r, ",", csvField)}\r\n`;
          break;
        case "json":
          if (options.single) {
            gathered.push(...records);
            break;
          }
          for (const r of records) {
            chunk += `${count === 0 && chunk === "" ? "[\n" : ",\n"}  ${jsonText(r, 2).replace(/\n/g, "\n  ")}`;
          }
          break;
        case "table":
          gathered.push(...records);
          break;
      }
      count += records.length;
      await io.write(chunk);
    },
    async end() {
      switch (format) {
        case "json":
          if (options.single && gathered.length === 1)
            await io.write(`${jsonText(gathered[0], 2)}\n`);
          else if (options.single) await io.write(`${jsonText(gathered, 2)}\n`);
          else await io.write(count === 0 ? "[]\n" : "\n]\n");
          break;
        case "csv":
          if (count === 0)
            await io.write(`${view.columns.map((c) => csvField(c.header)).join(",")}\r\n`);
          break;
        case "table":
          if (gathered.length > 0) {
            const table =
              view.table ?? ((records, streams) => renderTable(view.columns, records, streams));
            await io.write(await table(gathered, io));
          }
          break;
        default:
          break;
      }
    },
  };
}

/** Symbols below U+2E80 that terminals draw two cells wide (emoji presentation, e.g. ⚡). */
const EMOJI_WIDE_BMP = new Set([
  0x231a, 0x231b, 0x23e9, 0x23ea, 0x23eb, 0x23ec, 0x23f0, 0x23f3, 0x25fd, 0x25fe, 0x2614, 0x2615,
  0x2648, 0x2649, 0x264a, 0x264b, 0x264c, 0x264d, 0x264e, 0x264f, 0x2650, 0x2651, 0x2652, 0x2653,
  0x267f, 0x2693, 0x26a1, 0x26aa, 0x26ab, 0x26bd, 0x26be, 0x26c4, 0x26c5, 0x26ce, 0x26d4, 0x26ea,
  0x26f2, 0x26f3, 0x26f5, 0x26fa, 0x26fd, 0x2705, 0x270a, 0x270b, 0x2728, 0x274c, 0x274e, 0x2753,
  0x2754, 0x2755, 0x2757, 0x2795, 0x2796, 0x2797, 0x27b0, 0x27bf, 0x2b1b, 0x2b1c, 0x2b50, 0x2b55,
]);

/** Width as a terminal shows it: wide East Asian characters and emoji take two cells. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (
      cp < 0x20 ||
      (cp >= 0x300 && cp <= 0x36f) ||
      cp === 0x200d ||
      (cp >= 0xfe00 && cp <= 0xfe0f)
    )
      continue;
    width +=
      (cp >= 0x1100 && cp <= 0x115f) ||
      (cp >= 0x2e80 && cp <= 0xa4cf) ||
      (cp >= 0xac00 && cp <= 0xd7a3) ||
      (cp >= 0xf900 && cp <= 0xfaff) ||
      (cp >= 0xfe30 && cp <= 0xfe4f) ||
      (cp >= 0xff00 && cp <= 0xff60) ||
      (cp >= 0xffe0 && cp <= 0xffe6) ||
      (cp >= 0x1f300 && cp <= 0x1faff) ||
      EMOJI_WIDE_BMP.has(cp) ||
      (cp >= 0x20000 && cp <= 0x3fffd)
        ? 2
        : 1;
  }
  return width;
}

/** `bc1qar0…5mdq` : keeps both ends, which is what people compare addresses by. */
export function shortenMiddle(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 1) return "…".slice(0, width);
  // Counted in terminal cells, so a wide character (⚡, CJK) never pushes the column out of line.
  const chars = [...text];
  const take = (from: readonly string[], budget: number) => {
    const kept: string[] = [];
    let used = 0;
    for (const ch of from) {
      const w = displayWidth(ch);
      if (used + w > budget) break;
      kept.push(ch);
      used += w;
    }
    return kept;
  };
  const headBudget = Math.ceil((width - 1) / 2);
  const head = take(chars, headBudget).join("");
  const tail = take([...chars].reverse(), width - 1 - headBudget)
    .reverse()
    .join("");
  return `${head}…${tail}`;
}

const GAP = "  ";
const MIN_SHRUNK = 10;

/**
 * Aligned columns with a bold header and no borders, the way `gh` and `kubectl` print lists.
 * When the rows are wider than the terminal, shrinkable columns give up width first.
 */
export function renderTable<T>(
  columns: readonly Column<T>[],
  records: readonly T[],
  io: IOStreams,
): string {
  const color = io.out;
  const cells: Cell[][] = records.map((r) =>
    columns.map((c) => {
      const cell = c.cell ? c.cell(r, color) : { text: c.text(r) };
      return { text: sanitize(cell.text), style: cell.style };
    }),
  );
  const widths = columns.map((c, i) =>
    Math.max(displayWidth(c.header), ...cells.map((row) => displayWidth(row[i]!.text))),
  );
  let excess = widths.reduce((a, b) => a + b, 0) + GAP.length * (columns.length - 1) - io.columns;
  for (let i = 0; i < columns.length && excess > 0; i++) {
    if (!columns[i]!.shrinkable) continue;
    // Never wider than it is: a column already under the floor has nothing to give.
    const target = Math.min(
      widths[i]!,
      Math.max(MIN_SHRUNK, displayWidth(columns[i]!.header), widths[i]! - excess),
    );
    excess -= widths[i]! - target;
    widths[i] = target;
    for (const row of cells) row[i]!.text = shortenMiddle(row[i]!.text, target);
  }
  const line = (parts: Cell[]) =>
    parts
      .map((cell, i) => {
        const padded =
          i === parts.length - 1
            ? cell.text
            : cell.text + " ".repeat(Math.max(0, widths[i]! - displayWidth(cell.text)));
        return cell.style ? cell.style(padded) : padded;
      })
      .join(GAP)
      .trimEnd();
  const header = line(columns.map((c) => ({ text: c.header, style: color.bold })));
  return `${[header, ...cells.map(line)].join("\n")}\n`;
}
