import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { feedStdin } from "./child-stdin.js";
import { runCli } from "./cli.js";

/**
 * The harness survives a child that exits before reading its stdin. Before feedStdin, the write
 * failed with EPIPE on a pipe with no 'error' listener: an uncaught exception that made vitest
 * exit 1 after every test had passed (2 of 6 full runs). Here the race is made certain.
 */
describe("feeding a child's stdin", () => {
  it("a child that exits after its first read: the write's EPIPE is absorbed and said", async () => {
    // The child waits for data, takes the first chunk and exits; 4 MB cannot fit in the pipe, so
    // the rest of the write is still pending when the reader goes away: EPIPE every time.
    const child = spawn(
      process.execPath,
      ["-e", "process.stdin.once('data', () => process.exit(3))"],
      {
        stdio: ["pipe", "ignore", "ignore"],
      },
    );
    // Not events.once: it rejects on the 'error' this test expects the helper to absorb.
    const closed = new Promise((resolve) => child.stdin!.on("close", resolve));
    const exited = once(child, "exit");
    const fed = feedStdin(child, Buffer.alloc(4 * 1024 * 1024, 120));
    const [[code]] = await Promise.all([exited, closed]);
    expect(code).toBe(3);
    expect(fed.closedEarly).toBe(true);
  });

  it("a child that reads all of it: nothing is said to have closed early", async () => {
    const child = spawn(
      process.execPath,
      ["-e", "process.stdin.resume().on('end',()=>process.exit(0))"],
      {
        stdio: ["pipe", "ignore", "ignore"],
      },
    );
    const fed = feedStdin(child, "x".repeat(100_000));
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
    expect(fed.closedEarly).toBe(false);
  });

  it("runCli resolves with the exit code of a run that never reads the input it was given", async () => {
    // `--version` answers without reading stdin; 4 MB cannot fit in the pipe, so the write is
    // still pending when the process exits.
    const result = await runCli(["--version"], { input: "y".repeat(4 * 1024 * 1024) });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });
});
