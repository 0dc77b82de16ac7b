import { PassThrough } from "node:stream";
import { main } from "../../src/cli.js";
import type { Keyring } from "../../src/config/keyring.js";
import { tempHome } from "./cli.js";
import type { FakeClock } from "./fake-clock.js";
import { inTurkishLocale } from "./locale.js";
import { Sink } from "./memory-io.js";

/**
 * The one in-process harness: main() over memory streams, as every in-process test runs the CLI.
 * `runMain` runs to the end; `startMain` hands back the streams while it runs (watch, Ctrl-C).
 */
export interface MainResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface MainOptions {
  /** Added on top of `home`: the only environment the run sees. */
  env?: NodeJS.ProcessEnv;
  /** HOME and XDG dirs; a fresh empty temp home unless given. */
  home?: NodeJS.ProcessEnv;
  /** Aborts the run (Ctrl-C); `startMain` makes one for `interrupt()` otherwise. */
  signal?: AbortSignal;
  /** stdout and stderr are terminals of `columns` (80 unless told); stdin says it is one too. */
  tty?: boolean;
  columns?: number;
  /** What stdin holds (then it ends); left open and empty when not given and `tty`. */
  input?: string;
  /** Time for the run (ctx.now and ctx.sleep); the real clock without it. */
  clock?: FakeClock;
  /** Only the run's `now` (Unix ms), when a test needs a fixed time but no waits. */
  now?: () => number;
  /** A stream of the test's own for stdout (back-pressure, a reader gone); its text is then "". */
  stdout?: NodeJS.WritableStream;
  /** A keyring in place of the system's (test/helpers/keyring.ts `memoryKeyring`). */
  keyring?: Keyring;
}

export interface RunningMain {
  stdout: Sink;
  stderr: Sink;
  /** The exit code, once the run ends by itself. */
  done: Promise<number>;
  /** Ctrl-C: aborts the run and resolves with its exit code. */
  interrupt(): Promise<number>;
  /** Resolves once `test(stdout)` holds, checked at every write; fails if the run ends first. */
  until(test: (stdout: string) => boolean): Promise<void>;
}

/** Public sandbox-style credentials for in-process runs; never a real key. */
export const TEST_CREDENTIALS = {
  TRADECTL_API_KEY: "reliability-public-key",
  TRADECTL_API_SECRET: "cmVsaWFiaWxpdHktc2VjcmV0LWJ5dGVz",
};

/** A `    at ` line is a stack frame: no output of the CLI may contain one. */
export const STACK_FRAME = /^\s+at\s/m;

export function startMain(argv: readonly string[], options: MainOptions = {}): RunningMain {
  return start(argv, inTurkishLocale({ ...(options.home ?? tempHome()), ...options.env }), options);
}

function start(argv: readonly string[], env: NodeJS.ProcessEnv, options: MainOptions): RunningMain {
  const tty = options.tty ?? false;
  const columns = tty ? (options.columns ?? 80) : undefined;
  const stdout = new Sink(tty, columns);
  const stderr = new Sink(tty, columns);
  const stdin = Object.assign(new PassThrough(), { isTTY: tty });
  if (options.input !== undefined) stdin.end(options.input);
  else if (!tty) stdin.end();
  const controller = new AbortController();
  const signal = options.signal
    ? AbortSignal.any([options.signal, controller.signal])
    : controller.signal;
  const done = main(argv, {
    stdout: options.stdout ?? stdout,
    stderr,
    stdin,
    env,
    signal,
    now: options.now ?? options.clock?.now,
    sleep: options.clock?.sleep,
    keyring: options.keyring,
  });
  return {
    stdout,
    stderr,
    done,
    interrupt() {
      controller.abort(new Error("interrupted"));
      return done;
    },
    until: (test) =>
      stdout.until(test, done).catch((error: Error) => {
        throw new Error(`${error.message}\nstderr:\n${stderr.text}`);
      }),
  };
}

/** Runs main() to the end and returns its exit code and what it wrote. */
export async function runMain(
  argv: readonly string[],
  options: MainOptions = {},
): Promise<MainResult> {
  const env = inTurkishLocale({ ...(options.home ?? tempHome()), ...options.env });
  const run = start(argv, env, options);
  const code = await run.done;
  return { code, stdout: run.stdout.text, stderr: run.stderr.text };
}

/**
 * `runCli`'s arguments and result, run in this process: for an end-to-end test that needs no
 * process of its own (no signal, terminal, pipe, start-up or package under test), main() over
 * memory streams costs a fraction of spawning the built binary.
 */
export async function runInProcess(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; input?: string } = {},
): Promise<{ code: number; signal: null; stdout: string; stderr: string }> {
  const result = await runMain(args, {
    env: { PATH: process.env.PATH, ...options.env },
    ...(options.input === undefined ? {} : { input: options.input }),
  });
  return { ...result, signal: null };
}
