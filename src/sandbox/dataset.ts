import type { DeclarationStatus } from "../domain/declarations.js";
import {
  type Confirmation,
  GENERATED_TOP,
  generatedDeclaration,
  generatedStatus,
  SEED_DECLARATIONS,
  type StoredDeclaration,
} from "./data.js";

function newestFirst(a: StoredDeclaration, b: StoredDeclaration): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  const [x, y] = [BigInt(a.id), BigInt(b.id)];
  return x === y ? 0 : x < y ? 1 : -1;
}

const SEEDS = [...SEED_DECLARATIONS].sort(newestFirst);
const SEED_INDEX = new Map(SEEDS.map((d, i) => [d.id, i]));

/**
 * Every declaration of a sandbox, newest first: the seeded ones, then `extra` generated ones
 * (older than every seed), with the confirmations made since on top. Generated records are built
 * only when a page shows them, so 100,000 of them cost nothing until asked for.
 */
export class Dataset {
  readonly total: number;
  private byStatus = new Map<DeclarationStatus, Int32Array>();

  constructor(
    readonly extra: number,
    readonly confirmations: ReadonlyMap<string, Confirmation>,
  ) {
    this.total = SEEDS.length + extra;
  }

  /** The same declarations with other confirmations (state re-read from the file). */
  withConfirmations(confirmations: ReadonlyMap<string, Confirmation>): Dataset {
    return new Dataset(this.extra, confirmations);
  }

  indexOf(id: string): number {
    const seeded = SEED_INDEX.get(id);
    if (seeded !== undefined) return seeded;
    if (!/^[0-9]{1,10}$/.test(id)) return -1;
    const i = GENERATED_TOP - Number(id);
    return i >= 0 && i < this.extra && String(GENERATED_TOP - i) === id ? SEEDS.length + i : -1;
  }

  at(index: number): StoredDeclaration {
    const base = index < SEEDS.length ? SEEDS[index]! : generatedDeclaration(index - SEEDS.length);
    const confirmation = this.confirmations.get(base.id);
    return confirmation ? { ...base, status: "Confirmed", ...confirmation } : base;
  }

  statusAt(index: number): DeclarationStatus {
    if (index < SEEDS.length) {
      const seed = SEEDS[index]!;
      return this.confirmations.has(seed.id) ? "Confirmed" : seed.status;
    }
    const i = index - SEEDS.length;
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
