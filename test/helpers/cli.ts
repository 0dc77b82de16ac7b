import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { feedStdin } from "./child-stdin.js";
import { inTurkishLocale } from "./locale.js";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const BIN = join(ROOT, "bin", "tradectl.js");

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  env?: NodeJS.ProcessEnv;
  input?: string;
  /** Kill the child after this long (a leak guard; HUNG_CHILD_MS unless told). */
  timeoutMs?: number;
}

/**
 * A child still running this long after it was spawned is killed, so a hung one cannot outlive
 * its test run. It is a leak guard, far beyond any test's own timeout, never a pass/fail timing.
 */
const HUNG_CHILD_MS = 300_000;

/** A fresh, empty home for config and state, so a test never sees the developer's files. */
export function tempHome(): { HOME: string; XDG_CONFIG_HOME: string; XDG_STATE_HOME: string } {
  const home = mkdtempSync(join(tmpdir(), "tradectl-test-"));
  const made = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, "config"),
    XDG_STATE_HOME: join(home, "state"),
  };
  homesMade.push(made);
  return made;
}

/**
 * Every home this test file made: test/setup/receipts-whole.ts checks, when the file ends, that
 * each receipts file they hold is a whole chain (docs/RECEIPTS.md).
 */
export const homesMade: { XDG_STATE_HOME: string }[] = [];

/** A home whose receipts a test breaks on purpose (to see `receipts verify` find it). */
export function brokenOnPurpose(home: { XDG_STATE_HOME: string }): void {
  const i = homesMade.findIndex((h) => h.XDG_STATE_HOME === home.XDG_STATE_HOME);
  if (i >= 0) homesMade.splice(i, 1);
}

/**
 * Spawns the built binary (`bin/tradectl.js` → `dist/`) as a user would, with a clean
 * environment: no inherited credentials, no colour forcing, no terminal.
 */
export async function runCli(
  args: readonly string[],
  options: CliRunOptions = {},
): Promise<CliResult> {
  const env = inTurkishLocale({ PATH: process.env.PATH, ...tempHome(), ...options.env });
  return spawnCli(args, env, options);
}

function spawnCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  options: CliRunOptions,
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d) => {
      stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? HUNG_CHILD_MS);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    feedStdin(child, options.input ?? "", reject);
  });
}

export interface Interrupted {
  stdout: string;
  stderr: string;
  code: number | null;
}

/**
 * Spawns the built binary with `args` and sends `signal` `delayMs` after `ready(stdout, stderr)`
 * first holds (checked as output arrives): Ctrl-C at a chosen moment.
 */
export function interruptCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  ready: (stdout: string, stderr: string) => boolean,
  options: { signal?: NodeJS.Signals; delayMs?: number } = {},
): Promise<Interrupted> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: inTurkishLocale(env) });
    let stdout = "";
    let stderr = "";
    let sent = false;
    const check = () => {
      if (sent || !ready(stdout, stderr)) return;
      sent = true;
      setTimeout(() => child.kill(options.signal ?? "SIGINT"), options.delayMs ?? 0);
    };
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
      check();
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
      check();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ stdout, stderr, code }));
  });
}

/** One outcome record of `declarations confirm -o ndjson` (docs/OUTCOMES.md). */
export interface OutcomeLine {
  cryptoDepositDeclarationId: number;
  outcome: string;
  verifiedBy: string | null;
  byThisRequest: boolean | null;
  message: string;
}

/** The outcome records a run printed as ndjson, in order. */
export const outcomeLines = (r: CliResult): OutcomeLine[] =>
  r.stdout
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutcomeLine);

/** A spawned child's exit code and everything it wrote, once it has ended. */
export function collected(
  child: ChildProcessWithoutNullStreams,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => {
    stdout += d;
  });
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
