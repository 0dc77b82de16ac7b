import { type ChildProcess, spawn } from "node:child_process";
import type { Declaration } from "../../domain/declarations.js";
import type { IOStreams } from "../../output/io.js";
import { jsonText } from "../../output/records.js";
import { numberText } from "../../wire/json.js";

/**
 * `declarations watch --exec CMD` (docs/RULES.md): for each new pending
 * declaration that no rule covers, CMD runs through the shell with the record as one JSON line
 * on its stdin and TRADECTL_DECLARATION_ID in its environment. The watch never waits for it: a
 * slow CMD does not delay the next poll, and a failing one is reported on stderr while the
 * watch goes on. CMD's own output goes to stderr, so the watch's stdout stays its records.
 */

/** At most this many CMDs run at once; later ones wait their turn (the polling does not). */
export const EXEC_CONCURRENCY = 4;

export interface ExecHook {
  /** Queues CMD for this record and returns at once. */
  run(record: Declaration): void;
  /** Resolves when every CMD queued so far has ended (when the watch ends; in tests). */
  settled(): Promise<void>;
  /** CMDs running now. */
  readonly running: number;
  /** CMDs waiting for a free slot. */
  readonly waiting: number;
  /**
   * The watch ends by a signal: every running CMD's process group is sent SIGTERM (CMD's own
   * children too), none waiting is started. Returns how many were running.
   */
  stop(): number;
}

export interface ExecOptions {
  /** The environment CMD inherits (the command's, not `process.env`). */
  env: NodeJS.ProcessEnv;
  io: IOStreams;
  /** Default EXEC_CONCURRENCY. */
  concurrency?: number;
}

export function createExecHook(command: string, options: ExecOptions): ExecHook {
  const { io } = options;
  const limit = options.concurrency ?? EXEC_CONCURRENCY;
  const queue: Declaration[] = [];
  const children = new Set<ChildProcess>();
  let running = 0;
  let idle: (() => void)[] = [];

  const report = (id: string, why: string) =>
    io.warning(io.t("declarations.watch.execFailed", { id, why }));

  const finished = () => {
    running--;
    next();
    if (running === 0 && queue.length === 0) {
      const waiting = idle;
      idle = [];
      for (const resolve of waiting) resolve();
    }
  };

  const start = (record: Declaration) => {
    const id = numberText(record.cryptoDepositDeclarationId);
    running++;
    let child: ChildProcess;
    try {
      child = spawn(command, {
        shell: true,
        env: { ...hookEnv(options.env), TRADECTL_DECLARATION_ID: id },
        stdio: ["pipe", "pipe", "pipe"],
        // A process group of its own, so stopping the watch stops CMD's children too.
        detached: true,
      });
    } catch (error) {
      report(id, error instanceof Error ? error.message : String(error));
      finished();
      return;
    }
    children.add(child);
    child.on("exit", () => children.delete(child));
    // CMD's output is the user's; it goes to stderr so stdout stays the watch's records.
    child.stdout?.on("data", (chunk: Buffer) => io.stderr.write(chunk));
    child.stderr?.on("data", (chunk: Buffer) => io.stderr.write(chunk));
    // A CMD that does not read its stdin may close it first: not a failure of CMD.
    child.stdin?.on("error", () => undefined);
    child.stdin?.end(`${jsonText(record)}\n`);
    let done = false;
    child.on("error", (error) => {
      if (done) return;
      done = true;
      report(id, error.message);
      finished();
    });
    child.on("close", (code, signal) => {
      if (done) return;
      done = true;
      if (signal) report(id, io.t("declarations.watch.killed", { signal }));
      else if (code !== 0) report(id, io.t("declarations.watch.exit", { code: String(code) }));
      finished();
    });
  };

  const next = () => {
    while (running < limit && queue.length > 0) start(queue.shift()!);
  };

  return {
    run(record) {
      queue.push(record);
      next();
    },
    settled() {
      if (running === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    stop() {
      queue.length = 0;
      const count = children.size;
      for (const child of children) {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
        } catch {
          // Ended meanwhile.
        }
      }
      return count;
    },
  };
}

/**
 * The environment CMD inherits: the command's, without the API key pair. CMD is the user's
 * script for a person to act on; it makes no request of ours and needs no credentials.
 */
function hookEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { TRADECTL_API_KEY: _key, TRADECTL_API_SECRET: _secret, ...rest } = env;
  return rest;
}

/** Stops the running CMDs, and says how many there were (nothing when none ran). */
export function stopHooks(exec: ExecHook | null, io: IOStreams): void {
  const count = exec?.stop() ?? 0;
  if (count > 0) io.info(io.t("declarations.watch.hooksStopped", { count }));
}
