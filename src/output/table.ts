import type { ChalkInstance } from "chalk";
import Table from "cli-table3";
import {
  english,
  type LabelKey,
  type Lang,
  msg,
  type Text,
  type Translator,
} from "../i18n/index.js";
import type { IOStreams } from "./io.js";
import {
  type Cut,
  cutText,
  type Drop,
  GAP,
  type Give,
  type Layout,
  planLayout,
  textWidth,
  widenLayout,
  wrapText,
} from "./narrowing.js";
import { sanitize } from "./sanitize.js";

/**
 * Every table tradectl prints goes through here: aligned columns without borders, the way `gh`
 * and `kubectl` print lists, laid out by cli-table3 (widths measured with string-width, as
 * cli-table3 measures them). Server text is sanitised here, never by the caller.
 */

export type Align = "left" | "right";

export interface Cell {
  text: string;
  style?: (s: string) => string;
  /** How this cell shortens, when it must, instead of its column's way (the lightning marker). */
  cut?: Cut;
}

export interface TableColumn<T> {
  /** Shown in the run's language where the table is drawn; a view's own are `label.*` keys. */
  label: Text;
  /** `lang`: the run's language, for what people read in it (a day-first date in Turkish). */
  cell(record: T, color: ChalkInstance, lang?: Lang): Cell | string;
  align?: Align;
  /** How the column gives way on a narrow terminal (output/narrowing.ts); never cut without. */
  give?: Give;
  /** Treated as empty (so left out first) when every cell satisfies this; default: text "". */
  blank?: (text: string) => boolean;
}

export interface TableSpec<T> {
  columns: readonly TableColumn<T>[];
  /** What goes, in this order, when shrinking is not enough (see narrowing.ts). */
  drops?: readonly Drop<TableColumn<T>>[];
}

const NO_BORDERS = {
  top: "",
  "top-mid": "",
  "top-left": "",
  "top-right": "",
  bottom: "",
  "bottom-mid": "",
  "bottom-left": "",
  "bottom-right": "",
  left: "",
  "left-mid": "",
  mid: "",
  "mid-mid": "",
  right: "",
  "right-mid": "",
  middle: "",
};

export interface GridOptions {
  align?: readonly (Align | undefined)[];
  /** Each column's width; by default the widest cell. Cells must already fit. */
  widths?: readonly number[];
  indent?: string;
  /** Blanks after each column; 2 by default (an amount and its symbol read as one with 1). */
  gaps?: readonly (number | undefined)[];
  /**
   * The most cells a line may take (a prompt's choices on a narrow terminal): the last columns
   * that do not fit whole are left out, so that no line wraps inside a cell (mid-date). The
   * first column always stays.
   */
  maxWidth?: number;
}

const asCell = (cell: Cell | string): Cell => (typeof cell === "string" ? { text: cell } : cell);

/**
 * Lines of aligned cells (the one call to cli-table3). Cells are sanitised; a cell's style
 * colours its text, never the padding. Lines carry no trailing blanks.
 */
export function grid(
  rows: readonly (readonly (Cell | string)[])[],
  options: GridOptions = {},
): string[] {
  if (rows.length === 0) return [];
  const cells = rows.map((row) =>
    row.map((c) => {
      const cell = asCell(c);
      return { ...cell, text: sanitize(cell.text) };
    }),
  );
  let count = Math.max(...cells.map((r) => r.length));
  let widths =
    options.widths ??
    Array.from({ length: count }, (_, i) =>
      Math.max(0, ...cells.map((r) => textWidth(r[i]?.text ?? ""))),
    );
  const gapAfter = (i: number) => options.gaps?.[i] ?? GAP;
  const lineWidth = (n: number) =>
    widths.slice(0, n).reduce((sum, w, i) => sum + w + (i < n - 1 ? gapAfter(i) : 0), 0);
  if (options.maxWidth !== undefined) {
    while (count > 1 && lineWidth(count) > options.maxWidth) count--;
    widths = widths.slice(0, count);
  }
  const table = new Table({
    chars: NO_BORDERS,
    style: { "padding-left": 0, "padding-right": GAP, head: [], border: [], compact: true },
    colWidths: widths.map((w, i) => w + gapAfter(i)),
    colAligns: Array.from({ length: count }, (_, i) => options.align?.[i] ?? "left"),
    wordWrap: false,
  });
  for (const row of cells) {
    table.push(
      Array.from({ length: count }, (_, i) => {
        const cell = row[i] ?? { text: "" };
        const content = cell.style ? cell.style(cell.text) : cell.text;
        return gapAfter(i) === GAP ? content : { content, style: { "padding-right": gapAfter(i) } };
      }),
    );
  }
  const indent = options.indent ?? "";
  return table
    .toString()
    .split("\n")
    .map((line) => `${indent}${line}`.trimEnd());
}

/**
 * A help table in `width` cells (the exit codes, the environment): the columns before the last
 * stay whole, and the last one, prose, is broken at spaces into the room they leave, each of its
 * lines under the one before. Too narrow for that (under 20 cells left), it is one line a row.
 */
export function proseGrid(
  rows: readonly (readonly string[])[],
  width: number,
  indent = "  ",
): string[] {
  if (rows.length === 0) return [];
  const last = Math.max(...rows.map((row) => row.length)) - 1;
  const widths = Array.from({ length: last }, (_, i) =>
    Math.max(0, ...rows.map((row) => textWidth(row[i] ?? ""))),
  );
  const room = width - textWidth(indent) - widths.reduce((sum, w) => sum + w + GAP, 0);
  if (room < 20) return grid(rows, { indent });
  const filled = rows.flatMap((row) => {
    const text = row[last] ?? "";
    const parts = textWidth(text) <= room ? [text] : wrapText(text, room);
    return parts.map((part, i) => [...(i === 0 ? row.slice(0, last) : widths.map(() => "")), part]);
  });
  return grid(filled, { indent });
}

/** `label  value` lines for one record (order detail, auth status, summaries): labels dim. */
export function keyValue(
  pairs: readonly (readonly [label: string, value: Cell | string])[],
  color: ChalkInstance,
  options: { width?: number; indent?: string; labelWidth?: number } = {},
): string[] {
  const labelWidth = options.labelWidth ?? Math.max(0, ...pairs.map(([label]) => textWidth(label)));
  const indent = options.indent ?? "";
  const room =
    options.width === undefined
      ? Number.POSITIVE_INFINITY
      : Math.max(8, options.width - textWidth(indent) - labelWidth - GAP);
  const lines: string[] = [];
  for (const [label, value] of pairs) {
    const cell = asCell(value);
    const text = sanitize(cell.text);
    // A value wider than the line goes on below its label, broken at spaces: never cut.
    const parts = textWidth(text) <= room ? [text] : wrapText(text, room);
    parts.forEach((part, i) => {
      const name = i === 0 ? label : "";
      lines.push(
        `${indent}${color.dim(name)}${" ".repeat(labelWidth - textWidth(name) + GAP)}${cell.style ? cell.style(part) : part}`.trimEnd(),
      );
    });
  }
  return lines;
}

/**
 * Rows of records, one page at a time, laid out to fit `width`. The layout (which columns, how
 * wide) is fixed by the first page, so nothing is held back; a later cell that may not be cut
 * widens its column and the columns that may shrink make room. When even the narrowest table
 * does not fit, records are printed as blocks of label/value lines.
 */
export class TableStream<T> {
  private layout: Layout<TableColumn<T>> | null = null;
  private blocks = false;
  private started = false;

  /**
   * `t` says a column's label in the run's language: only what is shown changes, the spec
   * (drops name columns by their label's key) stays as it is.
   */
  constructor(
    private readonly spec: TableSpec<T>,
    private readonly color: ChalkInstance,
    private readonly width: number,
    private readonly t: Translator = english,
  ) {}

  private relabel(label: Text): string {
    return this.t.text(label);
  }

  /**
   * Whether the records so far were printed as label/value blocks (too narrow for a table): a
   * caller that prints a line of its own after them sets it apart with a blank line, as the
   * blocks are from one another.
   */
  get inBlocks(): boolean {
    return this.blocks;
  }

  /** The lines for `records`, the header before the first. */
  rows(records: readonly T[]): string {
    if (records.length === 0) return "";
    const cells = new Map<TableColumn<T>, Cell[]>();
    const cellsOf = (column: TableColumn<T>) => {
      let found = cells.get(column);
      if (!found) {
        found = records.map((r) => {
          const cell = asCell(column.cell(r, this.color, this.t.lang));
          return { ...cell, text: sanitize(cell.text) };
        });
        cells.set(column, found);
      }
      return found;
    };
    if (!this.started) {
      this.started = true;
      this.layout = planLayout(
        this.spec.columns,
        (column) => {
          const texts = cellsOf(column).map((c) => c.text);
          const blank = column.blank ?? ((t: string) => t === "");
          return {
            natural: Math.max(textWidth(this.relabel(column.label)), ...texts.map(textWidth)),
            header: textWidth(this.relabel(column.label)),
            empty: texts.every(blank),
          };
        },
        this.width,
        this.spec.drops,
      );
      this.blocks = this.layout === null;
    } else if (this.layout) {
      const needed = this.layout.columns.map((column) =>
        column.give ? 0 : Math.max(0, ...cellsOf(column).map((c) => textWidth(c.text))),
      );
      const before = this.layout;
      this.layout = widenLayout(
        this.layout,
        needed,
        this.width,
        (column) => textWidth(this.relabel(column.label)),
        this.spec.drops,
      );
      if (this.layout === null) this.blocks = true;
      // Other columns, or other widths (a wider id arrived), than the header printed above
      // lines up with: the rows that follow get a header of their own.
      else if (
        this.layout.columns.length !== before.columns.length ||
        this.layout.widths.some((w, i) => w !== before.widths[i])
      ) {
        this.headerShown = false;
      }
    }
    if (this.blocks || !this.layout) return this.asBlocks(records, cellsOf);

    const { columns, widths } = this.layout;
    const body = records.map((_, r) =>
      columns.map((column, i) => {
        const cell = cellsOf(column)[r]!;
        const cut = cell.cut ?? column.give?.cut;
        return cut ? { ...cell, text: cutText(cell.text, widths[i]!, cut) } : cell;
      }),
    );
    const header = this.header(columns);
    const lines = grid(header ? [header, ...body] : body, {
      widths,
      align: columns.map((c) => c.align),
    });
    return `${lines.join("\n")}\n`;
  }

  private headerShown = false;
  private header(columns: readonly TableColumn<T>[]): Cell[] | null {
    if (this.headerShown) return null;
    this.headerShown = true;
    return columns.map((c) => ({ text: this.relabel(c.label), style: this.color.bold }));
  }

  private asBlocks(records: readonly T[], cellsOf: (column: TableColumn<T>) => Cell[]): string {
    const { columns } = this.spec;
    const blank = (column: TableColumn<T>, text: string) =>
      (column.blank ?? ((t: string) => t === ""))(text);
    const labelWidth = Math.max(0, ...columns.map((c) => textWidth(this.relabel(c.label))));
    const room = Math.max(8, this.width - labelWidth - GAP);
    const blocks = records.map((_, r) => {
      // A block shows what the record has: an empty field is left out, not shown blank.
      const pairs = columns.flatMap((column) => {
        const cell = cellsOf(column)[r]!;
        if (blank(column, cell.text)) return [];
        const cut = cell.cut ?? column.give?.cut;
        return [
          [
            this.relabel(column.label),
            cut ? { ...cell, text: cutText(cell.text, room, cut) } : cell,
          ] as const,
        ];
      });
      return keyValue(pairs, this.color, { width: this.width, labelWidth }).join("\n");
    });
    const separator = this.headerShown ? "\n" : "";
    this.headerShown = true;
    return `${separator}${blocks.join("\n\n")}\n`;
  }
}

/** One table of `records` at the terminal's width. */
export function renderRecords<T>(
  spec: TableSpec<T>,
  records: readonly T[],
  io: Pick<IOStreams, "out" | "columns"> & Partial<Pick<IOStreams, "t">>,
): string {
  return new TableStream(spec, io.out, io.columns, io.t).rows(records);
}

/** A footnote or hint for people, broken at spaces to the terminal's width. */
export function wrapped(text: string, width: number): string {
  return wrapText(text, Math.max(20, width)).join("\n");
}

/** A column for people: its label's key, how a record's cell reads, and how it gives way. */
export function tableColumn<T>(
  label: LabelKey,
  cell: TableColumn<T>["cell"],
  give?: Give,
): TableColumn<T> {
  return give ? { label: msg(label), cell, give } : { label: msg(label), cell };
}

/** Parts of a line for people (server text included) on one line, each sanitised, `gap` apart. */
export function textLine(parts: readonly string[], gap = "  "): string {
  return parts.map(sanitize).join(gap);
}

/**
 * Parts (server text included, sanitised) joined with " · ", starting a new line where the next
 * part would pass `width`.
 */
export function fitLines(parts: readonly string[], width: number): string {
  const lines: string[] = [];
  for (const part of parts.map(sanitize)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && textWidth(last) + 3 + textWidth(part) <= width)
      lines[lines.length - 1] = `${last} · ${part}`;
    else lines.push(part);
  }
  return lines.join("\n");
}
