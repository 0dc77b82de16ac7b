import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BIN, interruptCli, runCli } from "../helpers/cli.js";
import { type Fifo, hasGnuTail, makeFifo } from "../helpers/fifo.js";
import { demoEnv, type ServeProcess, spawnServe, tempStatePath } from "../helpers/sandbox.js";

/**
 * `declarations watch` as a user runs it: the BUILT binary against `tradectl sandbox serve` in
 * its own process.
 */
const STACK_FRAME = /^\s+at\s/m;

/** `tradectl declarations watch ARGS`, Ctrl-C `delayMs` after `ready(stdout, stderr)`. */
const interrupted = (
  url: string,
  args: string[],
  ready: (stdout: string, stderr: string) => boolean,
  delayMs = 0,
) => interruptCli(["declarations", "watch", ...args], demoEnv(url), ready, { delayMs });

const wholeJsonLines = (stdout: string) => {
  expect(stdout.endsWith("\n")).toBe(true);
  const lines = stdout.trimEnd().split("\n");
  for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  return lines;
};

describe("declarations watch: Ctrl-C", () => {
  let slow: ServeProcess;
  let cleanup: () => void;
  beforeAll(async () => {
    const temp = tempStatePath();
    cleanup = temp.cleanup;
    slow = await spawnServe(["--state", temp.path, "--faults", "latency=600"]);
  });
  afterAll(async () => {
    await slow.stop();
    cleanup();
  });

  it("while a poll's request is in flight: exit 130, the backlog's lines whole, no stack", async () => {
    let polls = 0;
    const r = await interrupted(
      slow.url,
      ["--interval", "1", "-o", "ndjson", "--debug"],
      (out, err) => {
        polls = (err.match(/\[debug\] > GET /g) ?? []).length;
        return out.length > 0 && polls >= 2;
      },
    );
    expect(r.code).toBe(130);
    expect(wholeJsonLines(r.stdout).length).toBeGreaterThan(0);
    // Ctrl-C is how a watch ends: a neutral line, not an error (issue 25 item 8).
    expect(r.stderr).toMatch(/^stopped; \d+ declarations? printed$/m);
    expect(r.stderr).not.toMatch(/error/);
    expect(r.stderr).not.toMatch(STACK_FRAME);
  });

  it("between polls: exit 130 at once, whole lines", async () => {
    const started = Date.now();
    // The backlog is printed, the next poll is a minute away.
    const r = await interrupted(
      slow.url,
      ["--interval", "60", "-o", "ndjson"],
      (out) => out.length > 0,
      300,
    );
    expect(r.code).toBe(130);
    wholeJsonLines(r.stdout);
    expect(r.stderr).toMatch(/^stopped; \d+ declarations? printed$/m);
    expect(r.stderr).not.toMatch(/error/);
    // Not after the 60 s interval.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe("declarations watch | head -1", () => {
  let serve: ServeProcess;
  let cleanup: () => void;
  beforeAll(async () => {
    const temp = tempStatePath();
    cleanup = temp.cleanup;
    serve = await spawnServe(["--state", temp.path]);
  });
  afterAll(async () => {
    await serve.stop();
    cleanup();
  });
  let fifo: Fifo | null = null;
  // A watch that failed to notice its reader would poll on for an hour: never left behind.
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) {
      // Each child leads its own process group (detached), so a shell's pipeline ends whole.
      if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGKILL");
    }
    fifo?.cleanup();
    fifo = null;
  });

  /** The Pending backlog as the watch prints it first, one ndjson line each. */
  const backlogSize = async () => {
    const r = await runCli(
      ["declarations", "list", "--status", "pending", "--all", "-o", "ndjson"],
      {
        env: demoEnv(serve.url),
      },
    );
    expect(r.code).toBe(0);
    return wholeJsonLines(r.stdout).length;
  };

  // stdout a real pipe, as a shell makes for `| head -1` (a child's "pipe" stdio from spawn is
  // a socket pair, whose reader leaving the watch only learns at its next write). The reader
  // takes the whole backlog before it leaves, so every write is done and none can fail: only
  // the pipe's watcher (output/pipe-reader.ts) can notice. The next poll is an hour away.
  it.skipIf(process.platform !== "linux" || !hasGnuTail())(
    "the reader leaves while the watch waits for its next poll: exit 0 at once, not at the next write",
    async () => {
      const backlog = await backlogSize();
      expect(backlog).toBeGreaterThan(1);
      fifo = makeFifo();
      const child = spawn(
        process.execPath,
        [BIN, "declarations", "watch", "--interval", "3600", "-o", "ndjson"],
        { env: demoEnv(serve.url), stdio: ["ignore", fifo.writeFd, "pipe"], detached: true },
      );
      children.push(child);
      fifo.closeWriter();
      let stderr = "";
      child.stderr!.setEncoding("utf8").on("data", (d) => {
        stderr += d;
      });
      const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
      const text = await fifo.until((t) => t.split("\n").length > backlog);
      expect(wholeJsonLines(text)).toHaveLength(backlog);
      fifo.reader.destroy();
      expect(await exited).toBe(0);
      expect(stderr).toBe("");
    },
  );

  it("`declarations watch | head -1` in a shell: one whole line, and the watch exits 0", async () => {
    const child = spawn(
      "sh",
      [
        "-c",
        '{ "$0" "$1" declarations watch --interval 3600 -o ndjson; echo "watch exit $?" >&2; } | head -1',
        process.execPath,
        BIN,
      ],
      { env: demoEnv(serve.url), stdio: ["ignore", "pipe", "pipe"], detached: true },
    );
    children.push(child);
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d) => {
      stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d) => {
      stderr += d;
    });
    expect(await new Promise((resolve) => child.on("close", resolve))).toBe(0);
    expect(wholeJsonLines(stdout)).toHaveLength(1);
    expect(stderr).toBe("watch exit 0\n");
  });

  it("a watch that ends by itself (--once) leaves nothing holding its stdout", async () => {
    const backlog = await backlogSize();
    fifo = makeFifo();
    const child = spawn(
      process.execPath,
      [BIN, "declarations", "watch", "--once", "-o", "ndjson"],
      { env: demoEnv(serve.url), stdio: ["ignore", fifo.writeFd, "inherit"], detached: true },
    );
    children.push(child);
    fifo.closeWriter();
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    // The end of the pipe comes once every writer closed it: the watch and its watcher both.
    expect(wholeJsonLines(await fifo.ended)).toHaveLength(backlog);
    expect(await exited).toBe(0);
  });
});
