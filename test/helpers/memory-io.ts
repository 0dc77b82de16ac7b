import { PassThrough, Writable } from "node:stream";
import { createIO, type IOStreams } from "../../src/output/io.js";

export interface MemoryIO extends IOStreams {
  stdoutText(): string;
  stderrText(): string;
}

/** A writable that keeps what was written; `isTTY` and `columns` stand in for a terminal's. */
export class Sink extends Writable {
  text = "";
  isTTY: boolean;
  columns: number | undefined;
  constructor(isTTY = false, columns?: number) {
    super();
    this.isTTY = isTTY;
    this.columns = columns;
  }
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void) {
    this.text += chunk.toString("utf8");
    this.emit("text", this.text);
    done();
  }

  /**
   * Resolves once `test(text)` holds: checked now and after every write, never on a timer (a
   * run that never gets there is ended by the test's own timeout, or by `ended`).
   */
  until(test: (text: string) => boolean, ended?: Promise<unknown>): Promise<void> {
    if (test(this.text)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!test(this.text)) return;
        this.off("text", check);
        resolve();
      };
      this.on("text", check);
      void ended?.then(() => {
        if (test(this.text)) return;
        this.off("text", check);
        reject(new Error(`the run ended first; it wrote:\n${this.text}`));
      });
    });
  }
}

/** An IO over in-memory streams; `tty` pretends stdout/stderr are terminals. */
export function memoryIO(
  options: {
    tty?: boolean;
    columns?: number;
    env?: NodeJS.ProcessEnv;
    noColor?: boolean;
    quiet?: boolean;
  } = {},
): MemoryIO {
  const tty = options.tty ?? false;
  const stdout = new Sink(tty, tty ? (options.columns ?? 100) : undefined);
  const stderr = new Sink(tty, tty ? (options.columns ?? 100) : undefined);
  const stdin = Object.assign(new PassThrough(), { isTTY: tty });
  const io = createIO({
    stdout,
    stderr,
    stdin,
    env: options.env ?? {},
    noColor: options.noColor,
    quiet: options.quiet,
  });
  return Object.assign(io, { stdoutText: () => stdout.text, stderrText: () => stderr.text });
}
