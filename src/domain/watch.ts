/**
 * What `declarations watch` remembers between polls, and how it decides what is new. Pure: the
 * command reads the pages and prints; this decides.
 *
 * The list answers newest first (creation time, then id). A declaration is printed the first
 * time it is seen Pending and never again: its id stays in the seen set for as long as it may
 * still be Pending. It is forgotten only once it is proven gone, and a declaration that left
 * Pending never comes back (seed 3.1: Confirmed stays Confirmed), so forgetting cannot cause a
 * second print. Memory is therefore bounded by what is (or may still be) pending, not by how long
 * the watch runs.
 *
 * Proven gone means: missing, on two polls in a row, from a stretch of the list where it would
 * have to be if it were still Pending. That stretch is everything when the last page read was
 * short (the whole Pending list was in view); otherwise the part newer than the last record
 * read, and only when the pages read were in the expected order. Two misses, not one, so that one
 * odd answer from a server cannot make the watch forget, and then re-print, a declaration.
 */

/** What the watch needs of a declaration: its id's digits and its creation time in Unix ms. */
export interface Sighting {
  id: string;
  /** NaN when the server's time could not be read: such a record is never forgotten by order. */
  createdMs: number;
}

interface Entry {
  createdMs: number;
  id: bigint | null;
  misses: number;
}

/** Polls in a row a declaration must be missing from where it would be before it is forgotten. */
export const MISSES_TO_FORGET = 2;

function bigId(id: string): bigint | null {
  return /^[0-9]{1,30}$/.test(id) ? BigInt(id) : null;
}

/** >0 when `a` is newer than `b` in the list's order, <0 when older, null when not comparable. */
function compare(
  a: { createdMs: number; id: bigint | null },
  b: { createdMs: number; id: bigint | null },
): number | null {
  if (Number.isNaN(a.createdMs) || Number.isNaN(b.createdMs)) return null;
  if (a.createdMs !== b.createdMs) return a.createdMs - b.createdMs;
  if (a.id === null || b.id === null) return null;
  return a.id === b.id ? 0 : a.id > b.id ? 1 : -1;
}

const entryOf = (s: Sighting): Entry => ({ createdMs: s.createdMs, id: bigId(s.id), misses: 0 });

export class SeenPending {
  private readonly seen = new Map<string, Entry>();

  /** How many ids are remembered. */
  get size(): number {
    return this.seen.size;
  }

  has(id: string): boolean {
    return this.seen.has(id);
  }

  /**
   * How many of `page` are neither remembered nor in `also` (ids read earlier in the same poll).
   * Remembers nothing: a poll admits its records only once all its pages arrived, so a poll that
   * fails half way leaves nothing marked seen that was not printed.
   */
  unseen(page: readonly Sighting[], also: ReadonlySet<string> = new Set()): number {
    return page.filter((s) => !this.seen.has(s.id) && !also.has(s.id)).length;
  }

  /**
   * The positions in `page` of the declarations not seen before, in page order; they are
   * remembered from now on. An id twice on one page counts once.
   */
  admit(page: readonly Sighting[]): number[] {
    const fresh: number[] = [];
    page.forEach((s, i) => {
      const known = this.seen.get(s.id);
      if (known) {
        known.misses = 0;
        return;
      }
      this.seen.set(s.id, entryOf(s));
      fresh.push(i);
    });
    return fresh;
  }

  /**
   * After a poll has read its pages (every record of them, in order, newest first): counts a
   * miss for each remembered id that is missing where it would have to be, and forgets those
   * missed MISSES_TO_FORGET times in a row. `complete`: the last page read was short, so the
   * whole Pending list was in view. Returns how many were forgotten.
   */
  settle(viewed: readonly Sighting[], complete: boolean): number {
    const present = new Set(viewed.map((s) => s.id));
    let boundary: Entry | null = null;
    if (!complete && viewed.length > 0 && inOrder(viewed)) boundary = entryOf(viewed.at(-1)!);
    if (!complete && boundary === null) return 0;
    let forgotten = 0;
    for (const [id, entry] of this.seen) {
      if (present.has(id)) continue;
      const wouldShow = complete || (compare(entry, boundary!) ?? 0) > 0;
      if (!wouldShow) continue;
      entry.misses++;
      if (entry.misses >= MISSES_TO_FORGET) {
        this.seen.delete(id);
        forgotten++;
      }
    }
    return forgotten;
  }
}

/** Whether the records are newest first, every neighbour comparable: what `settle` relies on. */
function inOrder(viewed: readonly Sighting[]): boolean {
  for (let i = 1; i < viewed.length; i++) {
    const order = compare(entryOf(viewed[i - 1]!), entryOf(viewed[i]!));
    if (order === null || order < 0) return false;
  }
  return true;
}
