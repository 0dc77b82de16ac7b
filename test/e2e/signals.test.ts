import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_DECLARATIONS } from "../../src/sandbox/data.js";
import { type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { BIN, collected, interruptCli } from "../helpers/cli.js";
import { demoEnv, type ServeProcess, spawnServe, tempStatePath } from "../helpers/sandbox.js";
import { createState } from "../reliability/sandbox-log.js";

/**
 * Streams and signals with the built binary: a reader that goes away (`| head -1`) is not an
 * error, and Ctrl-C during a request ends with 130 and whole records only.
 */
const TOTAL = 5_000;
const STACK_FRAME = /^\s+at\s/m;

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ extraDeclarations: TOTAL - SEED_DECLARATIONS.length });
});
afterAll(async () => {
  await sandbox.close();
});

interface Finished {
  stdout: string;
  stderr: string;
  code: number | null;
}

/** Runs a bash script to its end (no `set -o pipefail`: the script reports what it needs). */
function bash(script: string, env: NodeJS.ProcessEnv): Promise<Finished> {
  return collected(spawn("bash", ["-c", script], { env }));
}

const TRADECTL = `"${process.execPath}" "${BIN}"`;

/**
 * `tradectl declarations list --all ARGS 2>err | READER`, then tradectl's own exit status and
 * its whole stderr, each on a line of our stderr.
 */
async function piped(args: string, reader: string) {
  const requestsBefore = sandbox.requests.length;
  const env = demoEnv(sandbox.url);
  const err = `${env.HOME}/tradectl-stderr.txt`;
  const result = await bash(
    `${TRADECTL} declarations list --all ${args} 2>"${err}" | ${reader}; echo "exit \${PIPESTATUS[0]}" >&2; cat "${err}" >&2`,
    env,
  );
  return { ...result, requests: sandbox.requests.length - requestsBefore };
}

describe("a reader that goes away", () => {
  it.each([["-o tsv"], ["-o ndjson"], ["-o csv"], ["-o json"]])(
    "`declarations list --all %s | head -1`: one line, exit 0, nothing on stderr",
    async (args) => {
      const r = await piped(args, "head -1");
      expect(r.stderr).toBe("exit 0\n");
      expect(r.stdout.split("\n")).toHaveLength(2);
      // 5,000 records are 51 pages; it stopped long before.
      expect(r.requests).toBeLessThan(51);
    },
  );

  it("`declarations list --all -o table | head -1`: the header, exit 0, nothing on stderr", async () => {
    // A table gathers every record to size its columns, so it reads all pages before writing.
    const r = await piped("-o table", "head -1");
    expect(r.stderr).toBe("exit 0\n");
    expect(r.stdout).toMatch(/^ID +STATUS +AMOUNT/);
    expect(r.stdout.split("\n")).toHaveLength(2);
  });

  it("a reader that stops reading while tradectl waits on a full pipe: exit 0, quiet, no more pages fetched", async () => {
    // The pipe fills (64 KiB) while the reader sleeps; tradectl must wait, not buffer pages.
    const r = await piped("-o ndjson", "(sleep 0.5; head -c 10)");
    expect(r.stderr).toBe("exit 0\n");
    expect(r.stdout).toBe('{"cryptoDe');
    expect(r.requests).toBeLessThan(10);
  });
});

describe("Ctrl-C", () => {
  let slow: ServeProcess;
  let cleanupState: () => void;
  beforeAll(async () => {
    const temp = tempStatePath();
    cleanupState = temp.cleanup;
    await createState(temp.path, 500);
    slow = await spawnServe(["--state", temp.path, "--faults", "latency=700"]);
  });
  afterAll(async () => {
    await slow.stop();
    cleanupState();
  });

  /**
   * Starts `tradectl declarations list --all -o ndjson --debug` and signals it once
   * `ready(stdout, stderr)`.
   */
  function interrupted(signal: NodeJS.Signals, ready: (stdout: string, stderr: string) => boolean) {
    return interruptCli(
      ["declarations", "list", "--all", "-o", "ndjson", "--debug"],
      demoEnv(slow.url),
      ready,
      { signal },
    );
  }

  it("during the second page's request: exit 130, the first page's records whole, 'cancelled' on stderr", async () => {
    // The first page is on stdout; the next (700 ms of latency) is in flight.
    const r = await interrupted("SIGINT", (out) => out.split("\n").length > 100);
    expect(r.code).toBe(130);
    expect(r.stdout.endsWith("\n")).toBe(true);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(100);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(r.stderr).toMatch(/^error: cancelled$/m);
    expect(r.stderr).not.toMatch(STACK_FRAME);
  });

  it("during the first request: exit 130, nothing on stdout", async () => {
    // The trace shows the request going out; its answer is 700 ms away.
    const r = await interrupted("SIGINT", (_out, err) => err.includes("[debug] > GET "));
    expect(r.code).toBe(130);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^error: cancelled$/m);
    expect(r.stderr).not.toMatch(STACK_FRAME);
  });

  it("SIGTERM is a cancellation too: exit 130, whole records only", async () => {
    const r = await interrupted("SIGTERM", (out) => out.split("\n").length > 100);
    expect(r.code).toBe(130);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(100);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(r.stderr).toMatch(/^error: terminated$/m);
    expect(r.stderr).not.toMatch(STACK_FRAME);
  });
});
