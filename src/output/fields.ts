import type { ChalkInstance } from "chalk";
import { asIs, type LabelKey, type Lang } from "../i18n/index.js";
import type { Give } from "./narrowing.js";
import { type Column, fieldTable, type RecordView } from "./records.js";
import { tableColumn } from "./table.js";

/** Columns for every name of `names`, in that order; the type makes sure none is missing. */
export function fieldColumns<T, N extends string>(
  names: readonly N[],
  spec: Record<N, Omit<Column<T>, "header">>,
): Column<T>[] {
  return names.map((header) => ({ header, ...spec[header] }));
}

/**
 * The view narrowed to `names` (checked by `checkedFields` in the verb's spec, in the order
 * given); the view itself when `names` is undefined.
 */
export function selectFields<T>(
  view: RecordView<T>,
  names: readonly string[] | undefined,
): RecordView<T> {
  if (names === undefined) return view;
  const columns = names.map((name) => {
    const column = view.columns.find((c) => c.header === name);
    // The spec checked the names against the domain's list, which names every column.
    if (!column) throw new Error(`no column '${name}' in this view`);
    return column;
  });
  return {
    columns,
    table: fieldTable(columns),
    // One record on its own keeps its label/value form, labelled with the names asked for.
    detail:
      view.detail &&
      ((record: T, color: ChalkInstance, lang?: Lang) =>
        columns.map(
          (c) =>
            [asIs(c.header), c.table ? c.table.cell(record, color, lang) : c.text(record)] as const,
        )),
    keys: names,
  };
}

/** The record's `field` as text (a LosslessNumber its digits); empty when it has none. */
export const cellText =
  <T>(field: keyof T) =>
  (record: T): string =>
    record[field] == null ? "" : String(record[field]);

/** A field shown the same way to scripts and to people: its text, under `label` in a table. */
export function sameText<T>(
  label: LabelKey,
  text: (record: T) => string,
  options: { give?: Give; numeric?: boolean } = {},
): Omit<Column<T>, "header"> {
  return {
    text,
    ...(options.numeric ? { numeric: true } : {}),
    table: tableColumn(label, text, options.give),
  };
}
