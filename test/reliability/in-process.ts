import { PassThrough } from "node:stream";
import { main } from "../../src/cli.js";
import { tempHome } from "../helpers/cli.js";
import { Sink } from "../helpers/memory-io.js";

export interface MainResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Public sandbox-style credentials for in-process runs; never a real key. */
export const TEST_CREDENTIALS = {
  TRADECTL_API_KEY: "reliability-public-key",
  TRADECTL_API_SECRET: "cmVsaWFiaWxpdHktc2VjcmV0LWJ5dGVz",
};

/**
 * Runs main() in-process over memory streams; `env` (on top of a fresh temp home) is the only
 * environment it sees, and stdin is an empty non-terminal stream.
 */
export async function runMain(
  argv: readonly string[],
  options: {
    env?: NodeJS.ProcessEnv;
    signal?: AbortSignal;
    home?: NodeJS.ProcessEnv;
    /** The command's clock (Unix ms); the real one when not given. */
    now?: () => number;
  } = {},
): Promise<MainResult> {
  const stdout = new Sink();
  const stderr = new Sink();
  const stdin = Object.assign(new PassThrough(), { isTTY: false });
  stdin.end();
  const code = await main(argv, {
    stdout,
    stderr,
    stdin,
    env: { ...(options.home ?? tempHome()), ...options.env },
    signal: options.signal,
    ...(options.now ? { now: options.now } : {}),
  });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** A `    at ` line is a stack frame: no output of the CLI may contain one. */
export const STACK_FRAME = /^\s+at\s/m;
