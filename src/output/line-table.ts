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
  /** The bold header line; written once, before the first row. */
  header(): Promise<void>;
  row(record: T): Promise<void>;
}

export function createLineTable<T>(columns: readonly LineColumn<T>[], io: IOStreams): LineTable<T> {
  const widths = columns.map((c) => Math.max(c.width, displayWidth(c.header)));
  const color = io.out;
  let headed = false;

  const line = (texts: readonly string[], styles: readonly ((s: string) => string)[]) => {
    const parts = texts.map((text, i) => {
      const last = i === texts.length - 1;
      let shown = text;
      if (columns[i]!.shrinkable || last) {
        const room = last
          ? Math.max(
              widths[i]!,
              io.columns - widths.slice(0, i).reduce((a, b) => a + b + GAP.length, 0),
            )
          : widths[i]!;
        shown = shortenMiddle(text, room);
      } else if (displayWidth(text) > widths[i]!) {
        widths[i] = displayWidth(text);
      }
      const padded = last
        ? shown
        : shown + " ".repeat(Math.max(0, widths[i]! - displayWidth(shown)));
      return styles[i]!(padded);
    });
    return `${parts.join(GAP).trimEnd()}\n`;
  };

  const header = async () => {
    if (headed) return;
    headed = true;
    await io.write(
      line(
        columns.map((c) => c.header),
        columns.map(() => color.bold),
      ),
    );
  };

  return {
    header,
    async row(record) {
      await header();
      await io.write(
        line(
          columns.map((c) => sanitize(c.text(record))),
          columns.map((c) => (c.style ? c.style(color) : (s: string) => s)),
        ),
      );
    },
  };
}
