import type { ChildProcess } from "node:child_process";

/**
 * Writes `input` to a child's stdin and closes it, tolerating a child that exits before reading
 * all of it. Without an `'error'` listener the pipe's EPIPE (or ECONNRESET) is thrown as an
 * uncaught exception, and vitest fails the whole run after every test passed. What a test checks
 * is the child's exit and output; a child that stopped reading early is its own behaviour to
 * assert, not a harness failure. Any other error on the pipe is still reported.
 */
export function feedStdin(
  child: ChildProcess,
  input: string | Buffer,
  onOtherError: (error: Error) => void = (error) => {
    throw error;
  },
): { readonly closedEarly: boolean } {
  const state = { closedEarly: false };
  const stdin = child.stdin;
  if (!stdin) throw new Error("feedStdin: the child was spawned without a stdin pipe");
  stdin.on("error", (error: NodeJS.ErrnoException) => {
    if (
      error.code === "EPIPE" ||
      error.code === "ECONNRESET" ||
      error.code === "ERR_STREAM_DESTROYED"
    ) {
      state.closedEarly = true;
      return;
    }
    onOtherError(error);
  });
  stdin.end(input);
  return state;
}
