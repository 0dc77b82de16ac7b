import stringWidth from "string-width";
import type { LabelKey, Text } from "../i18n/index.js";

/**
 * The narrowing policy: how a table gives way when the terminal is narrower than its rows.
 * The layout itself is cli-table3's (output/table.ts); what gives, how and in which order is
 * decided here, once, for every table.
 *
 * What shrinks first is what is read least:
 *  1. addresses, cut in the middle (`bc1qar0…wf5mdq`): people compare both ends;
 *  2. memos and invoices, in the middle too;
 *  3. people's names and other free text, only ever at their end (`Deniz Dem…`), never in the
 *     middle. The lightning marker is cut at its end as well.
 * Each gives only as much as the table is too wide, one after the other in that order:
 * addresses and memos down to their floor, then to their least width; when that is not enough
 * the table's own drop steps run, in their stated order (a column left out, or replaced by a
 * narrower one); only then are names and other text cut at their end. A table that still does
 * not fit is shown as one block of label/value lines per record. On a wide terminal nothing is
 * cut at all.
 */

/**
 * Printable ASCII (most cells: ids, amounts, dates, addresses) and `…` (cli-table3 measures it
 * for every cell it might cut): one character is one grapheme and one cell wide, so neither
 * string-width nor Intl.Segmenter (45 µs for an address) is asked. string-width's first call
 * compiles emoji-regex, several ms that `help` would pay for its four-row topics table.
 * test/output/narrowing.test.ts checks both premises against them. The build hands textWidth
 * to cli-table3 as its string-width too (scripts/build.js), so a table is measured one way.
 */
const PRINTABLE_ASCII = /^[\x20-\x7e\u2026]*$/;

/** Widths as a terminal draws them: the same measure cli-table3 lays its columns out with. */
export const textWidth = (text: string): number =>
  PRINTABLE_ASCII.test(text) ? text.length : stringWidth(text);

export type Cut = "middle" | "end";

export interface Give {
  cut: Cut;
  /** Lower gives way earlier and gets its width back later. */
  rank: number;
  /** Width it shrinks to first. */
  floor: number;
  /** Width it may shrink to after its floor. */
  least: number;
  /** Shrinks only once the table's drop steps are spent (names: a column goes before they are cut). */
  late?: boolean;
}

export const GIVE = {
  address: { cut: "middle", rank: 0, floor: 13, least: 11 },
  /** Memo tags and lightning invoices; 12 keeps the `⚡ lightning` marker whole at the floor. */
  memo: { cut: "middle", rank: 1, floor: 12, least: 9 },
  /** Exchange names, client tags: free text read from its start. */
  text: { cut: "end", rank: 2, floor: 12, least: 8, late: true },
  /** People's names: whole, or cut at their end; never in the middle. */
  name: { cut: "end", rank: 3, floor: 12, least: 8, late: true },
} as const satisfies Record<string, Give>;

/** Two cells between columns (cli-table3's right padding). */
export const GAP = 2;

/** Made on first use: creating one loads ICU's break rules, ~15 ms that `--help` need not pay. */
let segmenter: Intl.Segmenter | undefined;

/** User-perceived characters: a combining mark or an emoji sequence is never split. */
function graphemes(text: string): string[] {
  if (PRINTABLE_ASCII.test(text)) return text.split("");
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

function take(parts: readonly string[], budget: number): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const part of parts) {
    const w = textWidth(part);
    if (used + w > budget) break;
    kept.push(part);
    used += w;
  }
  return kept;
}

/** `text` in at most `width` cells: cut at its end (`Deniz De…`) or in the middle (`bc1q…mdq`). */
export function cutText(text: string, width: number, cut: Cut): string {
  if (textWidth(text) <= width) return text;
  if (width <= 0) return "";
  if (width === 1) return "…";
  const parts = graphemes(text);
  if (cut === "end") return `${take(parts, width - 1).join("")}…`;
  const headBudget = Math.ceil((width - 1) / 2);
  const head = take(parts, headBudget).join("");
  const tail = take([...parts].reverse(), width - 1 - textWidth(head))
    .reverse()
    .join("");
  return `${head}…${tail}`;
}

/**
 * `text` broken at spaces into lines of at most `width` cells (a word longer than a line is
 * broken where it must). For footnotes and hints: a line never ends inside a word, nor inside a
 * command quoted in backticks.
 */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    // A `command in backticks` is one word: a line break inside it would spoil a copy-paste.
    for (const word of paragraph.match(/`[^`]*`\S*|\S+/g) ?? []) {
      const candidate = line === "" ? word : `${line} ${word}`;
      if (textWidth(candidate) <= width) {
        line = candidate;
        continue;
      }
      if (line !== "") lines.push(line);
      let rest = word;
      while (textWidth(rest) > width && width > 0) {
        const head = take(graphemes(rest), width).join("");
        if (head === "") break;
        lines.push(head);
        rest = rest.slice(head.length);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

export interface Narrowable {
  label: Text;
  give?: Give;
}

/**
 * A step taken when shrinking is not enough: the column labelled `label` (its key, the same in
 * every language) goes, or becomes `to`.
 */
export interface Drop<C> {
  label: LabelKey;
  to?: C;
}

export interface Measured {
  /** The widest cell or the header, whichever is wider. */
  natural: number;
  header: number;
  /** No record has anything in this column. */
  empty: boolean;
}

export interface Layout<C> {
  columns: C[];
  widths: number[];
}

/**
 * Which columns to show and how wide, so the rows fit `width`; null when even the narrowest
 * table does not (the caller shows records as blocks). Columns give way one at a time, least
 * read first, each only as much as needed: addresses and memos down to their floor, then to
 * their least width; then the drop steps, in their order (empty columns they name go first);
 * then names and other text, cut at their end.
 */
export function planLayout<C extends Narrowable>(
  columns: readonly C[],
  measure: (column: C) => Measured,
  width: number,
  drops: readonly Drop<C>[] = [],
): Layout<C> | null {
  type Entry = Measured & { column: C };
  const entry = (column: C): Entry => ({ column, ...measure(column) });
  const early = (e: Entry) => e.column.give !== undefined && !e.column.give.late;
  const late = (e: Entry) => e.column.give?.late === true;

  /** Widths for `kept` after the shrink stages `which` allows; and how much is still too wide. */
  const fitting = (kept: readonly Entry[], which: (e: Entry) => boolean) => {
    const widths = kept.map((e) => e.natural);
    const excess = () =>
      widths.reduce((a, b) => a + b, 0) + GAP * Math.max(0, widths.length - 1) - width;
    const byRank = kept
      .map((e, i) => ({ e, i }))
      .filter(({ e }) => which(e))
      .sort((a, b) => a.e.column.give!.rank - b.e.column.give!.rank);
    for (const key of ["floor", "least"] as const) {
      for (const { e, i } of byRank) {
        const over = excess();
        if (over <= 0) return { widths, over };
        const target = Math.max(e.header, e.column.give![key]);
        widths[i]! -= Math.min(over, Math.max(0, widths[i]! - target));
      }
    }
    return { widths, over: excess() };
  };

  let kept = columns.map(entry);
  let result = fitting(kept, early);
  if (result.over > 0) {
    const droppable = new Set<string>(drops.map((d) => d.label));
    kept = kept.filter((e) => !(e.empty && droppable.has(e.column.label.key)));
    result = fitting(kept, early);
  }
  for (const step of drops) {
    if (result.over <= 0) break;
    const at = kept.findIndex((e) => e.column.label.key === step.label);
    if (at < 0) continue;
    kept = step.to ? kept.with(at, entry(step.to)) : kept.filter((_, i) => i !== at);
    result = fitting(kept, early);
  }
  if (result.over > 0) result = fitting(kept, (e) => early(e) || late(e));
  if (result.over > 0) return null;
  return { columns: kept.map((e) => e.column), widths: result.widths };
}

/**
 * Widths fixed from an earlier page, made to hold `needed` (cells of this page that may not be
 * cut): such a column widens, and the columns that may shrink give the room back, least read
 * first, down to their least width. When that is not enough, the drop steps that remove a column
 * are taken in their order (the caller prints the header again for the new columns), and only
 * then do the shrinking columns go below their least width; null when even then the rows do not
 * fit (the caller shows records as blocks).
 */
export function widenLayout<C extends Narrowable>(
  layout: Layout<C>,
  needed: readonly number[],
  width: number,
  headerWidth: (column: C) => number,
  drops: readonly Drop<C>[] = [],
): Layout<C> | null {
  let columns = layout.columns;
  let widths = layout.widths.map((w, i) => Math.max(w, needed[i] ?? 0));
  const excessOf = (ws: readonly number[]) =>
    ws.reduce((a, b) => a + b, 0) + GAP * Math.max(0, ws.length - 1) - Math.max(width, 0);
  /** Shrinks what may give way down to its least width, or past it down to its label. */
  const shrink = (pastLeast: boolean) => {
    let excess = excessOf(widths);
    const leastReadFirst = columns
      .map((column, i) => ({ column, i }))
      .filter(({ column }) => column.give !== undefined)
      .sort((a, b) => a.column.give!.rank - b.column.give!.rank);
    for (const { column, i } of leastReadFirst) {
      if (excess <= 0) break;
      const least = Math.max(pastLeast ? 1 : column.give!.least, headerWidth(column));
      const take = Math.min(excess, Math.max(0, widths[i]! - least));
      widths[i]! -= take;
      excess -= take;
    }
    return excess;
  };
  let excess = shrink(false);
  // Steps that replace a column by a narrower form are for the first layout only: a column
  // changing form under a printed header would misread; removing one comes with a new header.
  for (const step of drops) {
    if (excess <= 0) break;
    if (step.to) continue;
    const at = columns.findIndex((c) => c.label.key === step.label);
    if (at < 0) continue;
    columns = columns.filter((_, i) => i !== at);
    widths = widths.filter((_, i) => i !== at);
    excess = shrink(false);
  }
  // The last resort: what may give way goes below its least width, down to its label.
  if (excess > 0) excess = shrink(true);
  return excess > 0 ? null : { columns, widths };
}
