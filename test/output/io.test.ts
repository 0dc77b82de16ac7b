import { PassThrough, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { resolveFormat } from "../../src/output/formats.js";
import { colorLevel, createIO } from "../../src/output/io.js";
import { memoryIO } from "../helpers/memory-io.js";

const tty = (env: NodeJS.ProcessEnv, noColorFlag = false) =>
  colorLevel({ isTTY: true, noColorFlag, env });
const pipe = (env: NodeJS.ProcessEnv, noColorFlag = false) =>
  colorLevel({ isTTY: false, noColorFlag, env });

describe("colour decisions", () => {
  it("a terminal gets colour, a pipe does not", () => {
    expect(tty({ TERM: "xterm" })).toBe(1);
    expect(tty({ TERM: "xterm-256color" })).toBe(2);
    expect(tty({ TERM: "xterm", COLORTERM: "truecolor" })).toBe(3);
    expect(pipe({ TERM: "xterm-256color" })).toBe(0);
  });

  it("NO_COLOR (non-empty) turns colour off, even with FORCE_COLOR", () => {
    expect(tty({ NO_COLOR: "1" })).toBe(0);
    expect(tty({ NO_COLOR: "yes", FORCE_COLOR: "3" })).toBe(0);
    // An empty NO_COLOR is "unset" (no-color.org).
    expect(tty({ NO_COLOR: "" })).toBe(1);
  });

  it("--no-color wins over everything", () => {
    expect(tty({ FORCE_COLOR: "3", COLORTERM: "truecolor" }, true)).toBe(0);
  });

  it("TERM=dumb turns colour off on a terminal", () => {
    expect(tty({ TERM: "dumb" })).toBe(0);
  });

  it("FORCE_COLOR turns it on when piped, at the level asked; 0 or false turns it off", () => {
    expect(pipe({ FORCE_COLOR: "1" })).toBe(1);
    expect(pipe({ FORCE_COLOR: "2" })).toBe(2);
    expect(pipe({ FORCE_COLOR: "3" })).toBe(3);
    expect(pipe({ FORCE_COLOR: "true" })).toBe(1);
    expect(tty({ FORCE_COLOR: "1", TERM: "dumb" })).toBe(1);
    expect(tty({ FORCE_COLOR: "0" })).toBe(0);
    expect(tty({ FORCE_COLOR: "false" })).toBe(0);
  });

  it("the IO decides per stream: a piped stdout has no colour while a terminal stderr has", () => {
    const stdout = Object.assign(new PassThrough(), { isTTY: false });
    const stderr = Object.assign(new PassThrough(), { isTTY: true });
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const io = createIO({ stdout, stderr, stdin, env: { TERM: "xterm" } });
    expect(io.out.level).toBe(0);
    expect(io.err.level).toBe(1);
    expect(io.out.red("x")).toBe("x");
    expect(io.err.red("x")).toBe("\u001b[31mx\u001b[39m");
  });

  it("chalk's own NO_COLOR blindness does not leak: our level is used", () => {
    const io = memoryIO({ tty: true, env: { NO_COLOR: "1", TERM: "xterm" } });
    expect(io.out.bold("x")).toBe("x");
    expect(io.err.bold("x")).toBe("x");
  });
});

describe("output format default", () => {
  it("table on a terminal, tsv when piped; -o wins over --json", () => {
    expect(resolveFormat(undefined, false, true)).toBe("table");
    expect(resolveFormat(undefined, false, false)).toBe("tsv");
    expect(resolveFormat(undefined, true, true)).toBe("json");
    expect(resolveFormat("csv", true, true)).toBe("csv");
  });
});

describe("IOStreams", () => {
  it("may prompt only with terminals at both ends and without --no-input", () => {
    expect(memoryIO({ tty: true }).canPrompt()).toBe(true);
    expect(memoryIO({ tty: false }).canPrompt()).toBe(false);
    const stdout = Object.assign(new PassThrough(), { isTTY: true });
    const stderr = Object.assign(new PassThrough(), { isTTY: true });
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    expect(createIO({ stdout, stderr, stdin, env: {}, noInput: true }).canPrompt()).toBe(false);
    expect(createIO({ stdout, stderr, stdin, env: { TRADECTL_NO_INPUT: "1" } }).canPrompt()).toBe(
      false,
    );
  });

  /**
   * The progress line belongs to the output object: whatever is written next on stderr, or on a
   * stdout that is the same terminal, clears it first (ESC [ K after a carriage return), so no
   * command clears it by hand; `null` clears it at the run's end.
   */
  describe("the progress line", () => {
    const CLEAR = "\r\x1b[K";

    it("any line on stderr clears it first: info, warn, error", () => {
      const io = memoryIO({ tty: true, noColor: true });
      for (const say of [io.info, io.warn, io.error]) {
        io.progress("3/10 confirmed");
        say.call(io, "a line");
      }
      expect(io.stderrText()).toBe(
        `${CLEAR}3/10 confirmed${CLEAR}a line\n`.repeat(2) +
          `${CLEAR}3/10 confirmed${CLEAR}error: a line\n`,
      );
    });

    it("a write to stdout on the same terminal clears it; null clears it once, not twice", async () => {
      const io = memoryIO({ tty: true });
      io.progress("fetched 1 page");
      await io.write("row\n");
      expect(io.stderrText()).toBe(`${CLEAR}fetched 1 page${CLEAR}`);
      io.progress("fetched 2 pages");
      io.progress(null);
      io.progress(null);
      expect(io.stderrText()).toBe(`${CLEAR}fetched 1 page${CLEAR}${CLEAR}fetched 2 pages${CLEAR}`);
      expect(io.stdoutText()).toBe("row\n");
    });

    it("is the stream's: an error reported through another output object on it clears it", () => {
      const stderr = Object.assign(new PassThrough(), { isTTY: true });
      const written: string[] = [];
      stderr.on("data", (chunk: Buffer) => written.push(chunk.toString()));
      const make = () =>
        createIO({
          stdout: new PassThrough(),
          stderr,
          stdin: new PassThrough(),
          env: {},
          noColor: true,
        });
      const run = make();
      const report = make();
      run.progress("fetched 2 pages");
      report.error("the page could not be read");
      report.progress(null);
      expect(written.join("")).toBe(
        `${CLEAR}fetched 2 pages${CLEAR}error: the page could not be read\n`,
      );
    });

    it("nothing at all when stderr is no terminal, or under --quiet", async () => {
      for (const io of [memoryIO({ tty: false }), memoryIO({ tty: true, quiet: true })]) {
        io.progress("fetched 1 page");
        await io.write("row\n");
        io.progress(null);
        expect(io.stderrText()).toBe("");
      }
    });
  });

  it("--quiet drops info lines but never warnings", () => {
    const io = memoryIO({ quiet: true });
    io.info("progress");
    io.warn("error: bad");
    expect(io.stderrText()).toBe("error: bad\n");
  });

  it("write() waits for a slow reader (backpressure) and keeps every byte in order", async () => {
    const chunks: string[] = [];
    const slow = new Writable({
      highWaterMark: 4,
      write(chunk, _enc, done) {
        chunks.push(chunk.toString());
        setTimeout(done, 1);
      },
    });
    const io = createIO({
      stdout: slow,
      stderr: new PassThrough(),
      stdin: new PassThrough(),
      env: {},
    });
    for (let i = 0; i < 20; i++) await io.write(`line ${i}\n`);
    await new Promise((resolve) => slow.end(resolve));
    expect(chunks.join("")).toBe(Array.from({ length: 20 }, (_, i) => `line ${i}\n`).join(""));
  });

  it("a reader that went away (EPIPE) stops output quietly", async () => {
    const stdout = new PassThrough();
    const io = createIO({ stdout, stderr: new PassThrough(), stdin: new PassThrough(), env: {} });
    stdout.emit("error", Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
    expect(io.outputClosed).toBe(true);
    await expect(io.write("more")).resolves.toBeUndefined();
  });

  it("a reader that left while nothing was written (readerLeft) aborts outputGone and stops output", async () => {
    const stdout = new PassThrough();
    const io = createIO({ stdout, stderr: new PassThrough(), stdin: new PassThrough(), env: {} });
    const gone = io.outputGone();
    expect(gone.aborted).toBe(false);
    io.readerLeft();
    expect(gone.aborted).toBe(true);
    expect(io.outputClosed).toBe(true);
    await io.write("more");
    expect(stdout.read()).toBeNull();
    // Asked for after the reader left: aborted already.
    expect(io.outputGone().aborted).toBe(true);
  });

  it("takes the width from the terminal, else COLUMNS, else 80", () => {
    expect(memoryIO({ tty: true, columns: 123 }).columns).toBe(123);
    expect(memoryIO({ env: { COLUMNS: "97" } }).columns).toBe(97);
    expect(memoryIO({ env: { COLUMNS: "junk" } }).columns).toBe(80);
  });
});
