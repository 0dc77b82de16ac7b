import type { DeclarationStatus } from "../domain/declarations.js";
import { type Confirmation, SEED_DECLARATIONS, type StoredDeclaration } from "./data.js";
import { GENERATED_TOP, generatedDeclaration, generatedStatus } from "./generate.js";

function newestFirst(a: StoredDeclaration, b: StoredDeclaration): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  const [x, y] = [BigInt(a.id), BigInt(b.id)];
  return x === y ? 0 : x < y ? 1 : -1;
}

const SEEDS = [...SEED_DECLARATIONS].sort(newestFirst);
const SEED_INDEX = new Map(SEEDS.map((d, i) => [d.id, i]));

/** The newest seeded declaration's time: an arrival is never older. */
export const NEWEST_SEED_MS = Date.parse(SEEDS[0]!.createdAt);

/**
 * Every declaration of a sandbox, newest first: the deposits that arrived while it ran (newest
 * first), the seeded ones, then `extra` generated ones (older than every seed), with the
 * confirmations made since on top. Generated records are built only when a page shows them, so
 * 100,000 of them cost nothing until asked for.
 */
export class Dataset {
  readonly total: number;
  private byStatus = new Map<DeclarationStatus, Int32Array>();
  private readonly arrivalIndex: ReadonlyMap<string, number>;

  constructor(
    readonly extra: number,
    readonly confirmations: ReadonlyMap<string, Confirmation>,
    /** Arrived deposits, oldest first, each newer than the one before and than every seed. */
    readonly arrivals: readonly StoredDeclaration[] = [],
  ) {
    this.total = arrivals.length + SEEDS.length + extra;
    this.arrivalIndex = new Map(arrivals.map((d, n) => [d.id, arrivals.length - 1 - n]));
  }

  /** The same declarations with other confirmations and arrivals (state re-read from the file). */
  withChanges(
    confirmations: ReadonlyMap<string, Confirmation>,
    arrivals: readonly StoredDeclaration[] = this.arrivals,
  ): Dataset {
    return new Dataset(this.extra, confirmations, arrivals);
  }

  indexOf(id: string): number {
    const arrived = this.arrivalIndex.get(id);
    if (arrived !== undefined) return arrived;
    const a = this.arrivals.length;
    const seeded = SEED_INDEX.get(id);
    if (seeded !== undefined) return a + seeded;
    if (!/^[0-9]{1,10}$/.test(id)) return -1;
    const i = GENERATED_TOP - Number(id);
    return i >= 0 && i < this.extra && String(GENERATED_TOP - i) === id ? a + SEEDS.length + i : -1;
  }

  at(index: number): StoredDeclaration {
    const a = this.arrivals.length;
    const base =
      index < a
        ? this.arrivals[a - 1 - index]!
        : index < a + SEEDS.length
          ? SEEDS[index - a]!
          : generatedDeclaration(index - a - SEEDS.length);
    const confirmation = this.confirmations.get(base.id);
    return confirmation ? { ...base, status: "Confirmed", ...confirmation } : base;
  }

  statusAt(index: number): DeclarationStatus {
    const a = this.arrivals.length;
    if (index < a + SEEDS.length) {
      const known = index < a ? this.arrivals[a - 1 - index]! : SEEDS[index - a]!;
      return this.confirmations.has(known.id) ? "Confirmed" : known.status;
    }
    const i = index - a - SEEDS.length;
    const base = generatedStatus(i);
    return base === "Pending" && this.confirmations.has(String(GENERATED_TOP - i))
      ? "Confirmed"
      : base;
  }

  /** One page, newest first; an empty array past the end. */
  page(
    statuses: readonly DeclarationStatus[],
    page: number,
    pageSize: number,
  ): StoredDeclaration[] {
    const start = (page - 1) * pageSize;
    const out: StoredDeclaration[] = [];
    if (statuses.length !== 1) {
      for (let k = start; k < Math.min(this.total, start + pageSize); k++) out.push(this.at(k));
      return out;
    }
    const indices = this.indicesWith(statuses[0]!);
    for (let k = start; k < Math.min(indices.length, start + pageSize); k++) {
      out.push(this.at(indices[k]!));
    }
    return out;
  }

  /** Positions of the declarations in one state, built once per state of the data. */
  private indicesWith(status: DeclarationStatus): Int32Array {
    let indices = this.byStatus.get(status);
    if (!indices) {
      const all = new Int32Array(this.total);
      let n = 0;
      for (let k = 0; k < this.total; k++) if (this.statusAt(k) === status) all[n++] = k;
      indices = all.slice(0, n);
      this.byStatus.set(status, indices);
    }
    return indices;
  }
}
