import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { BIN, ROOT, tempHome } from "./cli.js";
import { inTurkishLocale } from "./locale.js";

// node-pty is CommonJS with a native part; load it the way Node loads CommonJS.
const pty = createRequire(import.meta.url)("@lydell/node-pty") as typeof import("@lydell/node-pty");

/** Terminal escapes (CSI and OSC), removed to read what the screen shows. */
export const ANSI = /\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07/g;

export interface PtySession {
  /**
   * Resolves once the screen (escapes removed) shows `pattern` after the last match. Waits on
   * what the terminal receives and on the exit, never on a timer: a machine busy with other
   * work makes a step slower, not failed. It fails when the program exits without showing it.
   */
  expect(pattern: RegExp | string): Promise<void>;
  write(keys: string): void;
  /** Everything the terminal showed, escapes removed. */
  text(): string;
  /** Everything the terminal received, escapes and all. */
  raw(): string;
  /** The exit code. */
  exit: Promise<number>;
  kill(): void;
}

export interface PtyOptions {
  /** On top of PATH, TERM and a fresh temp home. */
  env?: NodeJS.ProcessEnv;
  cols?: number;
  rows?: number;
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Runs the program, then tells its exit code in the stream (see pty-wrapper.cjs). */
const WRAPPER = fileURLToPath(new URL("./pty-wrapper.cjs", import.meta.url));
const EXIT_TOLD = /\x1b\]7770;exit=(\d+)\x07/;

/** Runs the built binary with `args` in a real pseudo-terminal: stdin, stdout and stderr a TTY. */
export function startPty(args: readonly string[], options: PtyOptions = {}): PtySession {
  const term = pty.spawn(process.execPath, [WRAPPER, BIN, ...args], {
    name: "xterm-256color",
    cols: options.cols ?? 100,
    rows: options.rows ?? 40,
    cwd: ROOT,
    env: inTurkishLocale({
      PATH: process.env.PATH ?? "",
      TERM: "xterm-256color",
      ...tempHome(),
      ...options.env,
    }) as Record<string, string>,
  });
  let raw = "";
  let seen = 0;
  let exited = false;
  const waiters = new Set<() => void>();
  let ended: (code: number) => void = () => {};
  const exit = new Promise<number>((resolve) => {
    ended = (code) => {
      if (exited) return;
      exited = true;
      resolve(code);
      for (const wake of waiters) wake();
    };
  });
  term.onData((data) => {
    raw += data;
    const told = EXIT_TOLD.exec(raw);
    if (told) {
      raw = raw.replace(EXIT_TOLD, "");
      // Everything the program wrote came before this: let the wrapper go.
      term.write("\r");
      ended(Number(told[1]));
    }
    for (const wake of waiters) wake();
  });
  // The wrapper itself failed: its own exit is all there is to go by.
  term.onExit(({ exitCode }) => ended(exitCode));
  const text = () => raw.replace(ANSI, "");
  return {
    text,
    raw: () => raw,
    exit,
    kill: () => term.kill(),
    write: (keys) => term.write(keys),
    expect(pattern) {
      const re = typeof pattern === "string" ? new RegExp(literal(pattern)) : pattern;
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = re.exec(text().slice(seen));
          if (match) {
            seen += match.index + match[0].length;
            waiters.delete(check);
            resolve();
          } else if (exited) {
            waiters.delete(check);
            reject(new Error(`exited without showing ${re}; the screen showed:\n${text()}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
  };
}
