import type { ChalkInstance } from "chalk";
import type { IOStreams } from "./io.js";
import { displayWidth, shortenMiddle } from "./records.js";
import { sanitize } from "./sanitize.js";

/**
 * A table printed one line at a time, for output that never ends (`declarations watch`): the
 * columns' widths are chosen before the first row is known, so nothing is held back. A value
 * wider than its column widens that column for the lines that follow (digits are never cut);
 * a `shrinkable` column is shortened in the middle instead. The last column is not padded.
 */
export interface LineColumn<T> {
  header: string;
  /** Raw text (server text is sanitised here). */
  text(record: T): string;
  /** The width the column starts with (at least its header's). */
  width: number;
  shrinkable?: boolean;
  style?(color: ChalkInstance): (s: string) => string;
}

const GAP = "  ";

export interface LineTable<T> {
  /** The bold header line; written once, before the first row (row() writes it if need be). */
  header(): Promise<void>;
  row(record: T): Promise<void>;
}

/** A shrinkable column is never made narrower than this (or its header). */
const MIN_SHRUNK = 10;

export function createLineTable<T>(columns: readonly LineColumn<T>[], io: IOStreams): LineTable<T> {
  const initial = columns.map((c) => Math.max(c.width, displayWidth(c.header)));
  const widths = [...initial];
  const shrinkable = columns.map((c, i) => c.shrinkable === true && i < columns.length - 1);
  const color = io.out;
  let headed = false;

  /**
   * Grows the fixed columns to fit `texts`, then gives the shrinkable ones what the terminal has
   * left (never more than they started with), so a long id costs the address, not a wrapped line.
   */
  const fitWidths = (texts: readonly string[]) => {
    texts.forEach((text, i) => {
      if (!shrinkable[i] && i < texts.length - 1)
        widths[i] = Math.max(widths[i]!, displayWidth(text));
    });
    const fixed = widths.reduce(
      (sum, w, i) => (shrinkable[i] || i === widths.length - 1 ? sum : sum + w),
      0,
    );
    const gaps = GAP.length * (columns.length - 1);
    const flexible = shrinkable.filter(Boolean).length;
    const share = Math.floor((io.columns - fixed - gaps - initial.at(-1)!) / Math.max(1, flexible));
    shrinkable.forEach((flex, i) => {
      if (!flex) return;
      const floor = Math.max(MIN_SHRUNK, displayWidth(columns[i]!.header));
      widths[i] = Math.min(initial[i]!, Math.max(floor, share), widths[i]!);
    });
  };

  const line = (texts: readonly string[], styles: readonly ((s: string) => string)[]) => {
    const last = texts.length - 1;
    const before = widths.slice(0, last).reduce((sum, w) => sum + w + GAP.length, 0);
    const parts = texts.map((text, i) => {
      if (i === last) {
        return styles[i]!(shortenMiddle(text, Math.max(initial[i]!, io.columns - before)));
      }
      const shown = shrinkable[i] ? shortenMiddle(text, widths[i]!) : text;
      return styles[i]!(shown + " ".repeat(Math.max(0, widths[i]! - displayWidth(shown))));
    });
    return `${parts.join(GAP).trimEnd()}\n`;
  };

  const header = async () => {
    if (headed) return;
    headed = true;
    const texts = columns.map((c) => c.header);
    fitWidths(texts);
    await io.write(
      line(
        texts,
        columns.map(() => color.bold),
      ),
    );
  };

  return {
    header,
    async row(record) {
      await header();
      const texts = columns.map((c) => sanitize(c.text(record)));
      fitWidths(texts);
      await io.write(
        line(
          texts,
          columns.map((c) => (c.style ? c.style(color) : (s: string) => s)),
        ),
      );
    },
  };
}
