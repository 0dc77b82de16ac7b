/**
 * The one line of progress on stderr (`12/40 confirmed…`), redrawn in place, for a person at a
 * terminal only: nothing at all when stderr is not a terminal or under --quiet. The output
 * object owns it (io.ts `io.progress`): every line it writes on stderr, and every write to a
 * stdout that is the same terminal, clears it first, and the run's end clears what is left
 * (cli.ts), so it never ends up in the middle of other text and no command clears it by hand.
 */
export interface ProgressLine {
  show(text: string): void;
  clear(): void;
}

/** Back to the line's start, and erase it. */
const CLEAR_LINE = "\r\x1b[K";

/**
 * The streams a progress line is shown on now. Kept by stream, not by output object: a run's
 * error is reported through another one (cli.ts makes one before the flags are read), and it
 * must clear the line the run left.
 */
const shownOn = new WeakSet<NodeJS.WritableStream>();

export function progressLine(stderr: NodeJS.WritableStream, live: boolean): ProgressLine {
  return {
    show(text) {
      if (!live) return;
      stderr.write(`${CLEAR_LINE}${text}`);
      shownOn.add(stderr);
    },
    clear() {
      if (!shownOn.delete(stderr)) return;
      stderr.write(CLEAR_LINE);
    },
  };
}
