import type { IOStreams } from "./io.js";

/**
 * One line of progress on stderr (`12/40 confirmed…`), redrawn in place, for a person at a
 * terminal only: nothing at all when stderr is not a terminal or under --quiet. `clear` before
 * anything else is written to the terminal, so the line never ends up in the middle of it.
 */
export interface Progress {
  show(text: string): void;
  clear(): void;
}

/** Back to the line's start, and erase it. */
const CLEAR_LINE = "\r\x1b[K";

export function progressLine(io: IOStreams): Progress {
  const live = io.stderrIsTTY && !io.quiet;
  let shown = false;
  return {
    show(text) {
      if (!live) return;
      io.stderr.write(`${CLEAR_LINE}${text}`);
      shown = true;
    },
    clear() {
      if (!live || !shown) return;
      io.stderr.write(CLEAR_LINE);
      shown = false;
    },
  };
}
