import { readFile, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { ensureWritableDir, fileError, writeFileAtomic } from "../config/files.js";
import { withFileLock } from "../config/lock-files.js";
import { type Text, TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";
import type { Confirmation, StoredDeclaration } from "./data.js";
import { Dataset, NEWEST_SEED_MS } from "./dataset.js";
import { ARRIVALS_MAX, type ArrivalShape, arrivalDeclaration, GENERATED_MAX } from "./generate.js";

/**
 * The sandbox's state on disk. The seeded and generated declarations are fixed data, so the
 * file holds only what changed since the seed: the confirmations, keyed by declaration id, and
 * how many declarations were generated. A confirm rewrites a small file, never 100,000 records.
 *
 *   {"format":"tradectl-sandbox-state","version":1,"extraDeclarations":0,
 *    "confirmations":{"734001026":{"confirmedAt":"…","confirmedBy":"…","firstName":"…","lastName":"…"}},
 *    "arrivals":["2026-01-05T10:00:00.000Z", …]}
 *
 * `arrivals` (optional) holds the creation time of each deposit that arrived while a sandbox ran,
 * oldest first; the n-th one is `arrivalDeclaration(n, time)`. A deposit that arrived with a
 * shape (the deposit a rule expects: `--arrivals symbol=…`, or a POST naming its fields) is kept
 * as an object with its fields instead: {"createdAt":…,"symbol":…,"address":…,"amount":…,
 * "memoTag":…|null}.
 */
export const STATE_FORMAT = "tradectl-sandbox-state";
const STATE_VERSION = 1;

export type ConfirmOutcome = "confirmed" | "not_found" | "already_confirmed";

interface StateFile {
  format: typeof STATE_FORMAT;
  version: number;
  extraDeclarations: number;
  confirmations: Record<string, Confirmation>;
  arrivals?: ArrivalEntry[];
}

/** One arrival in the file: its time, or its time and fields when it came with a shape. */
type ArrivalEntry =
  | string
  | { createdAt: string; symbol: string; address: string; amount: string; memoTag: string | null };

function checkExtra(extra: number): number {
  if (!Number.isSafeInteger(extra) || extra < 0 || extra > GENERATED_MAX) {
    const params = { max: GENERATED_MAX, value: String(extra) };
    throw new TradectlError("usage", msg("sandboxState.extra", params), {});
  }
  return extra;
}

/**
 * Whether a file's text is (or was) sandbox state: it names the format, even if damaged, or it
 * is empty. Anything else is someone's file that the sandbox must neither read as state nor
 * overwrite.
 */
function looksLikeState(text: string): boolean {
  return text.trim() === "" || text.includes(`"${STATE_FORMAT}"`);
}

function foreignFile(path: string): TradectlError {
  return new TradectlError("usage", msg("sandboxState.foreign", { path }), {
    hint: msg("sandboxState.foreignHint"),
  });
}

function parseState(text: string, path: string): StateFile {
  if (!looksLikeState(text)) throw foreignFile(path);
  const broken = (text: Text) =>
    new TradectlError("usage", text, {
      hint: msg("sandboxState.resetHint", { path }),
    });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw broken(msg("sandboxState.notJson", { path }));
  }
  const state = value as Partial<StateFile> | null;
  if (state?.format !== STATE_FORMAT || typeof state.confirmations !== "object") {
    throw broken(msg("sandboxState.notState", { path }));
  }
  if (state.version !== STATE_VERSION) {
    const params = { path, version: String(state.version) };
    throw broken(msg("sandboxState.version", params));
  }
  return {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    extraDeclarations: checkExtra(Number(state.extraDeclarations ?? 0)),
    confirmations: state.confirmations ?? {},
    arrivals: checkArrivals(state.arrivals, () => broken(msg("sandboxState.arrivals", { path }))),
  };
}

const isTime = (t: unknown): t is string => typeof t === "string" && !Number.isNaN(Date.parse(t));
const isText = (t: unknown): t is string => typeof t === "string" && t !== "";

function isArrivalEntry(entry: unknown): entry is ArrivalEntry {
  if (isTime(entry)) return true;
  if (typeof entry !== "object" || entry === null) return false;
  const e = entry as Record<string, unknown>;
  return (
    isTime(e.createdAt) &&
    isText(e.symbol) &&
    isText(e.address) &&
    isText(e.amount) &&
    (e.memoTag === null || isText(e.memoTag))
  );
}

function checkArrivals(value: unknown, damaged: () => TradectlError): ArrivalEntry[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > ARRIVALS_MAX || !value.every(isArrivalEntry)) {
    throw damaged();
  }
  return value;
}

const timeOf = (entry: ArrivalEntry): string =>
  typeof entry === "string" ? entry : entry.createdAt;

/** The n-th arrival from its entry in the file. */
function arrivalFrom(entry: ArrivalEntry, n: number): StoredDeclaration {
  if (typeof entry === "string") return arrivalDeclaration(n, entry);
  const { createdAt, memoTag, ...fields } = entry;
  return arrivalDeclaration(n, createdAt, { ...fields, ...(memoTag === null ? {} : { memoTag }) });
}

/** The n-th arrival as the file keeps it: its time alone when it is the made-up deposit. */
function arrivalEntry(d: StoredDeclaration, n: number): ArrivalEntry {
  const plain = arrivalDeclaration(n, d.createdAt);
  const same =
    plain.symbol === d.symbol &&
    plain.address === d.address &&
    plain.amount === d.amount &&
    plain.memoTag === d.memoTag &&
    plain.lightningInvoice === d.lightningInvoice;
  return same
    ? d.createdAt
    : {
        createdAt: d.createdAt,
        symbol: d.symbol,
        address: d.address,
        amount: d.amount,
        memoTag: d.memoTag,
      };
}

const arrivalsFrom = (entries: readonly ArrivalEntry[]): StoredDeclaration[] =>
  entries.map(arrivalFrom);

function serialize(
  extra: number,
  confirmations: ReadonlyMap<string, Confirmation>,
  arrivals: readonly StoredDeclaration[] = [],
): string {
  const state: StateFile = {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    extraDeclarations: extra,
    confirmations: Object.fromEntries(confirmations),
  };
  if (arrivals.length > 0) state.arrivals = arrivals.map(arrivalEntry);
  return `${JSON.stringify(state, null, 1)}\n`;
}

/** The file's text, or null when there is none. */
async function readStateText(path: string): Promise<string | null> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw fileError("read", path, error);
  }
}

/**
 * Rewrites a state file with the seed data, under the lock. What was there need not parse (so
 * a damaged state file is repaired), but it must be sandbox state: any other file is refused
 * and left as it was. Running sandboxes see the change on their next request.
 */
export async function resetStateFile(path: string, extraDeclarations = 0): Promise<void> {
  const extra = checkExtra(extraDeclarations);
  await ensureWritableDir(dirname(path));
  await withFileLock(`${path}.lock`, async () => {
    const text = await readStateText(path);
    if (text !== null && !looksLikeState(text)) throw foreignFile(path);
    await writeFileAtomic(path, serialize(extra, new Map()));
  });
}

/**
 * The declarations' state, in memory or in a file shared by any number of sandbox processes.
 * Reads use the last state seen and re-read the file when it changed on disk; a confirm takes
 * the lock and re-reads under it, so two racing confirms (from one process or several) give
 * exactly one winner.
 */
export class StateStore {
  private dataset: Dataset;
  private fileStamp = "";
  /** Serialises this process's writers, so they queue here rather than spin on the lock file. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly path: string | null,
    private readonly extraForReset: number,
    dataset: Dataset,
  ) {
    this.dataset = dataset;
  }

  static async open(options: {
    path: string | null;
    extraDeclarations?: number;
  }): Promise<StateStore> {
    const extra = checkExtra(options.extraDeclarations ?? 0);
    const store = new StateStore(options.path, extra, new Dataset(extra, new Map()));
    // An existing file is only read (no lock: writes are atomic renames); a missing one is
    // created under the lock, so two processes starting at once agree on one file.
    // The directory must take the lock file and the renames of every later write: a read-only
    // one is named now, not reported as the service failing at the first confirm.
    if (options.path !== null) await ensureWritableDir(dirname(options.path));
    if (options.path !== null && !(await store.reload())) {
      await store.exclusive(async () => {
        if (!(await store.reload())) await store.write(new Dataset(extra, new Map()));
      });
    }
    return store;
  }

  /** The current declarations, re-read from the file if another process changed it. */
  async view(): Promise<Dataset> {
    if (this.path !== null && (await this.stampOnDisk()) !== this.fileStamp) await this.reload();
    return this.dataset;
  }

  async confirm(id: string, fill: () => Confirmation): Promise<ConfirmOutcome> {
    return this.exclusive(async () => {
      if (this.path !== null) await this.reload();
      const index = this.dataset.indexOf(id);
      if (index < 0) return "not_found";
      if (this.dataset.statusAt(index) === "Confirmed") return "already_confirmed";
      const confirmations = new Map(this.dataset.confirmations);
      confirmations.set(this.dataset.at(index).id, fill());
      await this.write(this.dataset.withChanges(confirmations));
      return "confirmed";
    });
  }

  /**
   * `count` new Pending deposits, created now (never older than any declaration already there,
   * so the newest-first order holds whatever the clock does). Under the same lock as a confirm.
   */
  async arrive(count: number, now: number, shape?: ArrivalShape): Promise<StoredDeclaration[]> {
    return this.exclusive(async () => {
      if (this.path !== null) await this.reload();
      const before = this.dataset.arrivals;
      if (before.length + count > ARRIVALS_MAX) {
        throw new TradectlError("usage", msg("sandboxState.arrivalsFull", { max: ARRIVALS_MAX }));
      }
      const last = before.length > 0 ? Date.parse(before.at(-1)!.createdAt) : NEWEST_SEED_MS;
      const added: StoredDeclaration[] = [];
      for (let k = 0; k < count; k++) {
        const ms = Math.max(now, last + 1) + k;
        added.push(arrivalDeclaration(before.length + k, new Date(ms).toISOString(), shape));
      }
      const arrivals = [...before, ...added];
      await this.write(this.dataset.withChanges(this.dataset.confirmations, arrivals));
      return added;
    });
  }

  /** Back to the seed data (plus `extraDeclarations` generated ones). */
  async reset(): Promise<void> {
    await this.exclusive(() => this.write(new Dataset(this.extraForReset, new Map())));
  }

  private async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() =>
      this.path === null ? fn() : withFileLock(`${this.path}.lock`, fn),
    );
    this.queue = run.catch(() => {});
    return run;
  }

  private async write(dataset: Dataset): Promise<void> {
    if (this.path !== null) {
      await writeFileAtomic(
        this.path,
        serialize(dataset.extra, dataset.confirmations, dataset.arrivals),
      );
      this.fileStamp = await this.stampOnDisk();
    }
    this.dataset = dataset;
  }

  /** False when there is no state yet (no file, or an empty one such as `mktemp` makes). */
  private async reload(): Promise<boolean> {
    const path = this.path!;
    const stampBefore = await this.stampOnDisk();
    const text = await readStateText(path);
    if (text === null || text.trim() === "") return false;
    const state = parseState(text, path);
    const confirmations = new Map(Object.entries(state.confirmations));
    const entries = state.arrivals ?? [];
    const known = this.dataset.arrivals;
    // Arrivals only grow: the ones already built are kept, only the new ones are made.
    const arrivals =
      entries.length >= known.length && known.every((d, n) => d.createdAt === timeOf(entries[n]!))
        ? [...known, ...entries.slice(known.length).map((e, k) => arrivalFrom(e, known.length + k))]
        : arrivalsFrom(entries);
    this.dataset =
      state.extraDeclarations === this.dataset.extra
        ? this.dataset.withChanges(confirmations, arrivals)
        : new Dataset(state.extraDeclarations, confirmations, arrivals);
    this.fileStamp = stampBefore;
    return true;
  }

  private async stampOnDisk(): Promise<string> {
    try {
      const s = await stat(this.path!, { bigint: true });
      return `${s.ino}:${s.size}:${s.mtimeNs}`;
    } catch {
      return "absent";
    }
  }
}
