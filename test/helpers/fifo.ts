import { execFileSync } from "node:child_process";
import { closeSync, constants, mkdtempSync, openSync, rmSync } from "node:fs";
import { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A real pipe, as a shell makes for `tradectl … | head -1` (a child's "pipe" stdio from Node's
 * spawn is a socket pair instead): a named FIFO in a temp dir, its reading end open in this
 * process, its writing end a descriptor to hand to a child's stdout or to a stream under test.
 */
export interface Fifo {
  /** The writing end; close it (`closeWriter`) once a child has it. */
  readonly writeFd: number;
  closeWriter(): void;
  /**
   * The writing end as this process's stdout would be (a stream with its `fd`), for a run in
   * process; the stream owns the descriptor from then on.
   */
  writer(): Socket & { fd: number };
  /** The reading end: `destroy()` it and the reader has left. */
  readonly reader: Socket;
  /** Resolves with the text read once `test(text)` holds. */
  until(test: (text: string) => boolean): Promise<string>;
  /** Resolves with all the text read once every writer has closed the pipe (end of file). */
  readonly ended: Promise<string>;
  cleanup(): void;
}

export function makeFifo(): Fifo {
  const dir = mkdtempSync(join(tmpdir(), "tradectl-fifo-"));
  const path = join(dir, "out");
  execFileSync("mkfifo", [path]);
  // Reader first, without blocking, so that opening the writer does not wait for one.
  const readFd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  let writeFd: number | null = openSync(path, constants.O_WRONLY);
  const firstWriteFd = writeFd;
  const reader = new Socket({ fd: readFd, readable: true, writable: false });
  let text = "";
  const waiters: (() => void)[] = [];
  reader.setEncoding("utf8").on("data", (d: string) => {
    text += d;
    for (const waiter of waiters.splice(0)) waiter();
  });
  const ended = new Promise<string>((resolve) => reader.on("end", () => resolve(text)));
  let writer: Socket | null = null;
  const closeWriter = () => {
    if (writer) writer.destroy();
    else if (writeFd !== null) closeSync(writeFd);
    writeFd = null;
  };
  return {
    writeFd: firstWriteFd,
    closeWriter,
    writer() {
      if (writeFd === null) throw new Error("the writing end is closed");
      writer = new Socket({ fd: writeFd, readable: false, writable: true });
      return Object.assign(writer, { fd: writeFd });
    },
    reader,
    until(test) {
      return new Promise((resolve) => {
        const check = () => (test(text) ? resolve(text) : waiters.push(check));
        check();
      });
    },
    ended,
    cleanup() {
      closeWriter();
      reader.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * GNU tail from coreutils 8.28 or later is on PATH: what output/pipe-reader.ts runs to notice a
 * reader that left. Without it (macOS, busybox) that is not watched, and tests of it are skipped.
 */
export function hasGnuTail(): boolean {
  try {
    const version = execFileSync("tail", ["--version"], { encoding: "utf8" });
    const m = /^tail \(GNU coreutils\) (\d+)\.(\d+)/.exec(version);
    return m !== null && (Number(m[1]) > 8 || (Number(m[1]) === 8 && Number(m[2]) >= 28));
  } catch {
    return false;
  }
}
