import type { ChalkInstance } from "chalk";
import { TradectlError } from "../errors.js";
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
 * The view narrowed to the fields named in `list` (comma-separated, in the order given); the
 * view itself when `list` is undefined. An unknown or repeated name is a usage error (exit 2)
 * that lists the valid names: callers check this before sending anything.
 */
export function selectFields<T>(view: RecordView<T>, list: string | undefined): RecordView<T> {
  if (list === undefined) return view;
  const valid = view.columns.map((c) => c.header);
  const names = list
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  const problems: string[] = [];
  if (names.length === 0) problems.push("--fields needs at least one field name");
  for (const name of names) {
    if (!valid.includes(name)) {
      const folded = valid.find((v) => v.toLowerCase() === name.toLowerCase());
      problems.push(
        `unknown field '${name}' in --fields${folded ? ` (did you mean ${folded}? names are case-sensitive)` : ""}`,
      );
    }
  }
  const repeated = names.filter((name, i) => names.indexOf(name) !== i);
  if (repeated.length > 0) problems.push(`--fields names '${repeated[0]}' twice`);
  if (problems.length > 0) {
    throw new TradectlError("usage", problems[0]!, {
      details: problems.slice(1),
      hint: `valid fields (comma-separated, in the order wanted): ${valid.join(", ")}`,
    });
  }
  const columns = names.map((name) => view.columns.find((c) => c.header === name)!);
  return {
    columns,
    table: fieldTable(columns),
    // One record on its own keeps its label/value form, labelled with the names asked for.
    detail:
      view.detail &&
      ((record: T, color: ChalkInstance) =>
        columns.map(
          (c) => [c.header, c.table ? c.table.cell(record, color) : c.text(record)] as const,
        )),
    keys: names,
  };
}

/** A field shown the same way to scripts and to people: its text, under `label` in a table. */
export function sameText<T>(
  label: string,
  text: (record: T) => string,
  options: { give?: Give; numeric?: boolean } = {},
): Omit<Column<T>, "header"> {
  return {
    text,
    ...(options.numeric ? { numeric: true } : {}),
    table: tableColumn(label, text, options.give),
  };
}
