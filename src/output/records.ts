import type { ChalkInstance } from "chalk";
import { asIs, type LabelKey, type Lang, msg, type Text } from "../i18n/index.js";
import type { OutputFormat } from "./formats.js";
import type { IOStreams } from "./io.js";
import {
  createMachineWriter,
  type MachineColumn,
  type RecordWriter,
  type WriterOptions,
} from "./machine.js";
import { type Cell, keyValue, type TableColumn, type TableSpec, TableStream } from "./table.js";

/**
 * One field of a kind of record: its machine form (machine.ts) and `table`, the column for
 * people when the field is chosen with `--fields`. Both receive raw server text; it is
 * sanitised at the output, never by the caller.
 */
export interface Column<T> extends MachineColumn<T> {
  table?: TableColumn<T>;
}

/**
 * A line of a record's label/value view: its label (a view's own is a `label.detail.*` key, see
 * `detailRow`), said in the run's language where it is printed.
 */
export type DetailRow = readonly [label: Text, value: Cell | string];

/** A detail view's line under one of the catalog's labels. */
export function detailRow(label: LabelKey, value: Cell | string): DetailRow {
  return [msg(label), value];
}

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

// The one JSON writer lives in json-text.ts (small, so the error report loads no table code),
// and the machine formats in machine.ts; exported here too for the writers' callers.
export { jsonText } from "./json-text.js";
export { csvCell, csvField, csvUnguarded, pick, tsvField } from "./machine.js";

/**
 * The default table: one column per field, labelled with its name (the API's, the same in
 * every language), its machine text.
 */
export function fieldTable<T>(columns: readonly Column<T>[]): TableSpec<T> {
  return {
    columns: columns.map((c) => c.table ?? { label: asIs(c.header), cell: (r: T) => c.text(r) }),
  };
}

export type { RecordWriter, WriterOptions } from "./machine.js";

export function createRecordWriter<T>(
  format: OutputFormat,
  view: RecordView<T>,
  io: IOStreams,
  options: WriterOptions = {},
): RecordWriter<T> {
  // What scripts read is written where no translator can reach (machine.ts): the same bytes
  // in every language. Only the table, for people, is given the run's language.
  if (format !== "table")
    return createMachineWriter(format, view, (chunk) => io.write(chunk), options);
  let count = 0;
  const gathered: T[] = [];
  const table = new TableStream(view.table ?? fieldTable(view.columns), io.out, io.columns, io.t);
  // A lone record with a detail form waits for the end: only then is it known to be alone.
  const holdForDetail = options.single === true && view.detail !== undefined;

  return {
    get count() {
      return count;
    },
    async write(records) {
      if (records.length === 0) return;
      count += records.length;
      if (holdForDetail) gathered.push(...records);
      else await io.write(table.rows(records));
    },
    async end() {
      if (!holdForDetail || gathered.length === 0) return;
      if (gathered.length === 1 && view.detail) {
        const pairs = view
          .detail(gathered[0]!, io.out, io.t.lang)
          .map(([label, value]) => [io.t.text(label), value] as const);
        await io.write(`${keyValue(pairs, io.out, { width: io.columns }).join("\n")}\n`);
      } else {
        await io.write(table.rows(gathered));
      }
    },
  };
}
