// Per-declaration claims beside the receipts: while one process has a request for a declaration in flight, no other sends for it.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";
import { fileError } from "./files.js";
import { acquireLockFile, type HeldLock, type LockHolder } from "./lock-files.js";

export interface ClaimOptions {
  /** How long to wait for another process's request for the same declaration (`--timeout`). */
  timeoutMs: number;
  signal?: AbortSignal;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  now: () => number;
  /** Called once before waiting for another process's claim (see LockFileOptions.beforeWait). */
  beforeWait?: () => Promise<void>;
}

/** A claim on a declaration: nobody else sends for it until `release`. */
export type Claim = HeldLock;

/**
 * Claims for the receipts at `path`: files beside them (`<path>.claims/<id>.claim`), one per
 * declaration, in a directory of their own, made once. A claim waits for another process's
 * (bounded by `timeoutMs`); `waited` says the receipts may now hold the other's outcome.
 */
export function declarationClaims(
  path: string,
): (declarationId: string, options: ClaimOptions) => Promise<Claim> {
  const dir = `${path}.claims`;
  let dirReady = false;
  return async (declarationId, options) => {
    if (!/^[0-9]+$/.test(declarationId)) throw new Error(`not a declaration id: ${declarationId}`);
    if (!dirReady) {
      try {
        await mkdir(dir, { recursive: true, mode: 0o700 });
      } catch (error) {
        throw fileError("write in", dir, error);
      }
      dirReady = true;
    }
    const file = join(dir, `${declarationId}.claim`);
    return acquireLockFile(file, {
      timeoutMs: options.timeoutMs,
      // A request in flight can take as long as its timeout: a holder that is gone (its pid
      // dead, or reused by another process) is stale at once, a live one only past the bound.
      staleAfterMs: CLAIM_STALE_MS,
      now: options.now,
      sleep: options.sleep,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.beforeWait ? { beforeWait: options.beforeWait } : {}),
      timeoutError: (holder) => busyError(declarationId, file, holder, options.timeoutMs),
    });
  };
}

/**
 * A claim older than this is a crashed run's even if its pid lives on: no request of ours stays
 * in flight for an hour (a request's timeout, retries and a 429's waits are far shorter).
 */
const CLAIM_STALE_MS = 60 * 60 * 1000;

/** Another process holds the declaration's claim past the wait: nothing was sent for it. */
function busyError(
  declarationId: string,
  file: string,
  holder: LockHolder,
  timeoutMs: number,
): TradectlError {
  const who = {
    id: declarationId,
    pid: holder.pid ? ` (pid ${holder.pid})` : "",
    ms: timeoutMs,
    file,
  };
  const hint = { id: declarationId, file };
  const since =
    holder.since === null ? null : { ...who, since: new Date(holder.since).toISOString() };
  return new TradectlError(
    "unknown",
    since ? msg("receiptsFile.busySince", since) : msg("receiptsFile.busy", who),
    {
      hint: msg("receiptsFile.busyHint", hint),
    },
  );
}
