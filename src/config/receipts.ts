// The receipts store: where the file is, appending chained entries under the lock, reading them back; claims are receipts-claims.ts.
import { randomUUID } from "node:crypto";
import { open, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { Outcome, VerifiedBy } from "../domain/outcome.js";
import type { NotProcessedReason } from "../domain/outcome-answer.js";
import { TradectlError } from "../errors.js";
import { ensureWritableDir, fileError } from "./files.js";
import { withFileLock, withFileLockSync } from "./lock-files.js";
import { sandboxStateFile, stateDir } from "./paths.js";
import { appendFlushed, appendWhole } from "./receipts-append.js";
import {
  type Entry,
  FORMAT_VERSION,
  type ImportedWithdrawal,
  integrityError,
  type NotProcessedEntry,
  type OutcomeEntry,
  parseEntry,
  type RequestEntry,
  sha256,
  type VerifyResult,
} from "./receipts-chain.js";
import { type Claim, type ClaimOptions, declarationClaims } from "./receipts-claims.js";
import { receiptsIndex } from "./receipts-index.js";
import { inFlight, type RequestSummary, summarise } from "./receipts-queries.js";
import { appendRounds } from "./receipts-rounds.js";
import { verifyReceipts } from "./receipts-verify.js";

export type { Claim, ClaimOptions, ImportedWithdrawal };

/** What the send path gives to record a request (the rest is filled in here). */
export interface NewRequest {
  baseUrl: string;
  publicKey: string;
  declarationId: string;
  /** The exact bytes that will be written. */
  body: string;
  rule?: string | null;
  /** Asked for through the agent server: recorded as `via: "mcp"` with the client's name. */
  via?: { via: "mcp"; client: string | null };
  /** The imported rule's withdrawal (source, transaction id), recorded with the request. */
  imported?: ImportedWithdrawal | undefined;
}

/** A recorded request attempt, for recording what became of it. */
export interface RequestRef {
  requestId: string;
  attempt: number;
  declarationId: string;
}

/** What the send path gives to record an outcome. */
export interface NewOutcome {
  status: number | null;
  responseBody: string | null;
  outcome: Outcome;
  verifiedBy: VerifiedBy;
  byThisRequest: boolean | null;
  message: string;
}

export interface NewNotProcessed {
  status: number;
  responseBody: string | null;
  reason: NotProcessedReason;
  message: string;
}

export interface Receipts {
  readonly path: string;
  /** Records a request (fsync'd) before it is sent; `retryOf`: a new attempt of that request. */
  recordRequest(request: NewRequest, retryOf?: RequestRef): Promise<RequestRef>;
  /** Records an answer that proves the attempt was not processed (it may be sent again); not flushed on its own. */
  recordNotProcessed(ref: RequestRef, answer: NewNotProcessed): Promise<void>;
  /**
   * Records how a request ended (its answer, or the read-back that settled it); not flushed on
   * its own. `withNext`: written with the next entry appended (one lock and one write for both,
   * a batch's next request), and then `withNext` runs (the caller's claim released): see
   * `writeWaiting`.
   */
  recordOutcome(
    ref: RequestRef,
    outcome: NewOutcome,
    withNext?: () => Promise<void>,
  ): Promise<void>;
  /**
   * Writes the outcomes waiting for the next entry (recordOutcome's `withNext`) now, and runs
   * what waited for them. A run that records one calls this before it ends; the outcome of a
   * declaration is written before anything of it is read, every outcome before the whole file is
   * read, and any still waiting as the process exits (a second Ctrl-C, an error) then.
   */
  writeWaiting(): Promise<void>;
  /** Every entry, in order (an unreadable line stops it with an integrity error). */
  entries(): AsyncIterable<Entry>;
  /** Every entry about one declaration, in order. */
  history(declarationId: string): Promise<Entry[]>;
  /** The requests on record, oldest first, optionally for one declaration. */
  requests(declarationId?: string): Promise<RequestSummary[]>;
  /**
   * Requests for this declaration that may be in flight or were cut off (a killed run): no
   * outcome, and their last attempt not proven unprocessed. The next run reads them back first.
   */
  unsettled(declarationId: string): Promise<RequestSummary[]>;
  /** Whether the chain is whole: the count of entries, or the first line that does not fit. */
  verify(): Promise<VerifyResult>;
  /**
   * Waits until no other process has a request for this declaration in flight, and takes the
   * claim. `waited` says the receipts may now hold the other's outcome: read them before sending.
   */
  claim(declarationId: string, options: ClaimOptions): Promise<Claim>;
}

/**
 * Where the receipts are: `$XDG_STATE_HOME/tradectl/receipts.ndjson`, or for `--sandbox` a file
 * beside the sandbox state (`sandbox.json` → `sandbox.receipts.ndjson`), never mixed with a real
 * account's.
 */
export function receiptsPath(
  env: NodeJS.ProcessEnv,
  options: { sandbox: boolean; sandboxStatePath?: string } = { sandbox: false },
): string {
  if (options.sandbox) {
    const state = options.sandboxStatePath ?? sandboxStateFile(env);
    const stem = basename(state).replace(/\.json$/i, "");
    return join(dirname(state), `${stem}.receipts.ndjson`);
  }
  return join(stateDir(env), "receipts.ndjson");
}

const nowIso = (now: () => number) => new Date(now()).toISOString();

/** How long an exiting process tries for the append lock to write its waiting outcomes. */
const EXIT_LOCK_MS = 1_000;

/**
 * Opens the receipts at `path` (created on the first append, 0600, in a 0700 directory).
 * `now` stamps the entries (the command context's clock).
 */
export function openReceipts(path: string, options: { now?: () => number } = {}): Receipts {
  const now = options.now ?? Date.now;
  const lockPath = `${path}.lock`;

  let dirReady = false;

  /**
   * Writes a round of appends (receipts-rounds.ts) under the lock, after the outcomes waiting
   * for it, chained to the last line; `flush`: and on disk before it returns. Two per
   * confirmation at most (fewer when a batch's requests share a round): synchronous calls under
   * the lock, so each costs its write and not a dozen round trips through the thread pool
   * (BENCHMARKS.md, the batch row);
   * only a request's flush goes through it, one round trip, so that the event loop runs while
   * the disk works (receipts-append.ts, appendFlushed).
   * A request is flushed before it is sent (docs/RECEIPTS.md). What became of it is
   * not flushed on its own: the next request's flush takes it to disk with it, and if the system
   * goes down first, the request is on record without an outcome, which the next run that
   * touches the declaration settles by reading it back, as after a killed run.
   */
  async function writeRound(round: Omit<Entry, "prev">[], flush: boolean): Promise<void> {
    if (!dirReady) {
      await ensureWritableDir(dirname(path));
      dirReady = true;
    }
    const taken = waiting.splice(0);
    const entries = [...taken.map((w) => w.entry), ...round];
    if (entries.length === 0) return;
    try {
      await withFileLock(lockPath, async () => {
        if (!flush) return appendWhole(path, entries, now());
        lockHeldInFlush = true;
        try {
          await appendFlushed(path, entries, now());
        } finally {
          lockHeldInFlush = false;
        }
      });
    } catch (error) {
      // Not written: they wait for the next append still.
      waiting.unshift(...taken);
      throw error;
    }
    if (waiting.length === 0 && writesAtExit) {
      writesAtExit = false;
      process.removeListener("exit", writeAtExit);
    }
    for (const w of taken) await w.afterWrite();
  }
  /** Appends in rounds: the requests that come while one is flushed share the next flush. */
  const append = appendRounds(writeRound);

  /**
   * Outcomes waiting to be written with the next entry. A kill -9 (or a power cut) before then
   * leaves their requests on record without an outcome: "sent, the outcome not known", which
   * the next run that touches the declaration settles by reading it back, as after a kill.
   */
  const waiting: { entry: Omit<Entry, "prev">; afterWrite: () => Promise<void> }[] = [];
  let writesAtExit = false;
  /**
   * This process holds the append lock while a request's lines are flushed (appendFlushed awaits
   * the thread pool): an exit then (a second Ctrl-C) would wait for its own lock and give up.
   */
  let lockHeldInFlush = false;
  /**
   * At exit no promise runs: the waiting outcomes are written synchronously, if the lock comes,
   * or at once when this process holds it mid-flush: that append's lines are written whole
   * before its flush begins, so these chain to them (its head, never written now, is older than
   * the one written here, as after a crash).
   */
  const writeAtExit = () => {
    if (waiting.length === 0) return;
    const entries = waiting.splice(0).map((w) => w.entry);
    try {
      if (lockHeldInFlush) appendWhole(path, entries, now());
      else withFileLockSync(lockPath, () => appendWhole(path, entries, now()), EXIT_LOCK_MS);
    } catch {}
  };
  const waitingFor = (declarationId: string) =>
    waiting.some((w) => w.entry.declarationId === declarationId);

  /**
   * The entries read so far: the file is append-only, so each read parses only the whole lines
   * added since the last (the send path reads the record before every item of a batch). A file
   * that shrank was replaced: it is read again from the start.
   */
  let read: { bytes: number; lines: number; entries: Entry[] } = {
    bytes: 0,
    lines: 0,
    entries: [],
  };

  async function all(): Promise<Entry[]> {
    await append(null, false);
    const entries = await readNew(false);
    if (entries !== null) return entries;
    // A line without its newline: another process's append in progress, or a line cut short by
    // a crash. Read again under the append lock: then only a cut line is left, never sent (a
    // request is sent once its whole line is on disk); it is left out, and the next append sets
    // it aside (receipts-append.ts).
    return withFileLock(lockPath, async () => (await readNew(true))!);
  }

  /** The entries with the whole lines added since the last read; null: a partial last line (unless `skipTorn`). */
  async function readNew(skipTorn: boolean): Promise<Entry[] | null> {
    let handle: import("node:fs/promises").FileHandle;
    try {
      handle = await open(path, "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        read = { bytes: 0, lines: 0, entries: [] };
        return [];
      }
      throw fileError("read", path, error);
    }
    try {
      const { size } = await handle.stat();
      if (size < read.bytes) read = { bytes: 0, lines: 0, entries: [] };
      if (size === read.bytes) return read.entries;
      const buffer = Buffer.alloc(size - read.bytes);
      await handle.read(buffer, 0, buffer.length, read.bytes);
      const lastNewline = buffer.lastIndexOf(0x0a);
      if (lastNewline !== buffer.length - 1 && !skipTorn) return null;
      if (lastNewline === -1) return read.entries;
      const end = lastNewline;
      const lines = buffer.subarray(0, end).toString("utf8").split("\n");
      const added = lines.map((line, index) => {
        const entry = parseEntry(line);
        if (!entry) {
          throw integrityError(path, read.lines + index + 1);
        }
        return entry;
      });
      read = {
        bytes: read.bytes + end + 1,
        lines: read.lines + lines.length,
        entries: [...read.entries, ...added],
      };
      return read.entries;
    } catch (error) {
      if (error instanceof TradectlError) throw error;
      throw fileError("read", path, error);
    } finally {
      await handle.close();
    }
  }

  // One declaration's lines, found without reading the others (receipts-index.ts).
  const index = receiptsIndex(path);

  /** One declaration's entries, its waiting outcome written first. */
  async function historyOf(declarationId: string): Promise<Entry[]> {
    if (waitingFor(declarationId)) await append(null, false);
    return index.of(declarationId);
  }

  async function requests(declarationId?: string): Promise<RequestSummary[]> {
    return summarise(declarationId === undefined ? await all() : await historyOf(declarationId));
  }

  return {
    path,

    async recordRequest(request, retryOf) {
      if (retryOf && retryOf.declarationId !== request.declarationId) {
        throw new Error("a retry must be for the same declaration");
      }
      const ref: RequestRef = {
        requestId: retryOf?.requestId ?? randomUUID(),
        attempt: retryOf ? retryOf.attempt + 1 : 1,
        declarationId: request.declarationId,
      };
      const entry: Omit<RequestEntry, "prev"> = {
        type: "request",
        v: FORMAT_VERSION,
        requestId: ref.requestId,
        attempt: ref.attempt,
        time: nowIso(now),
        baseUrl: request.baseUrl,
        publicKey: request.publicKey,
        declarationId: request.declarationId,
        body: request.body,
        bodySha256: sha256(request.body),
        rule: request.rule ?? null,
        // Only on an agent's requests, so the CLI's own entries stay as they were.
        ...(request.via ? { via: request.via.via, client: request.via.client } : {}),
        ...(request.imported ? { imported: request.imported } : {}),
      };
      await append(entry, true);
      return ref;
    },

    async recordNotProcessed(ref, answer) {
      const entry: Omit<NotProcessedEntry, "prev"> = {
        type: "not-processed",
        requestId: ref.requestId,
        attempt: ref.attempt,
        declarationId: ref.declarationId,
        time: nowIso(now),
        ...answer,
      };
      await append(entry, false);
    },

    async recordOutcome(ref, outcome, withNext) {
      const entry: Omit<OutcomeEntry, "prev"> = {
        type: "outcome",
        requestId: ref.requestId,
        attempt: ref.attempt,
        declarationId: ref.declarationId,
        time: nowIso(now),
        status: outcome.status,
        responseBody: outcome.responseBody,
        outcome: outcome.outcome,
        verifiedBy: outcome.verifiedBy,
        byThisRequest: outcome.byThisRequest,
        message: outcome.message,
      };
      if (!withNext) return append(entry, false);
      waiting.push({ entry, afterWrite: withNext });
      if (!writesAtExit) {
        writesAtExit = true;
        process.once("exit", writeAtExit);
      }
    },

    writeWaiting: () => append(null, false),

    async *entries() {
      yield* await all();
    },

    history: historyOf,

    requests,

    async unsettled(declarationId) {
      return (await requests(declarationId)).filter(inFlight);
    },

    async verify() {
      await append(null, false);
      return verifyReceipts(path);
    },

    claim: declarationClaims(path),
  };
}

/** Whether the receipts file exists (for a first `receipts list` that says where it will be). */
export async function receiptsExist(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
