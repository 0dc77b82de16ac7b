/** Stamps the server could still accept (±5 s) must never repeat; keep a little more than that. */
export const REMEMBER_MS = 15_000;

/** The stamps that may not be picked: used by another process, or handed out already. */
interface UsedStamps {
  has(stamp: number): boolean;
}

/**
 * The stamps every process of this machine used recently with one key (config/stamp-ledger.ts
 * keeps them in the state directory). The service refuses a stamp it has seen for the key, so
 * two processes starting a request in the same millisecond must not both use it.
 */
export interface StampLedger {
  /**
   * Calls `pick` with the stamps used recently with this key, and returns the stamp it picked,
   * on record for every process before it is returned (config/stamp-ledger.ts: a lock every
   * process takes, or a range this process reserved under it).
   */
  claim(pick: (used: UsedStamps) => number, clock: number): Promise<number>;
}

/**
 * The X-Stamp source. The service refuses a stamp it has seen and one more than about 5 s away
 * from its clock, so each stamp is (a) corrected by the server-time offset once one is known and
 * (b) strictly greater than the previous one handed out by this process, even when many requests
 * start in the same millisecond. When a new offset moves the clock back (the server runs behind
 * us), stamps follow it down, skipping any value already handed out. With a ledger, `take()`
 * also skips every stamp another process of this machine used with the same key.
 */
export class StampClock {
  private last = 0;
  private offset = 0;
  /** Stamps handed out recently, oldest first, so a step back never repeats one. */
  private readonly issued = new Set<number>();
  /** Claims of this process go to the ledger one at a time (the file lock would queue them anyway). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ledger: StampLedger | null = null,
  ) {}

  /** Server time minus local time, in ms; 0 until a skew has been measured. */
  get offsetMs(): number {
    return this.offset;
  }

  set offsetMs(value: number) {
    this.offset = value;
    this.last = 0;
  }

  /** A stamp unique within this process. */
  next(): string {
    const stamp = this.candidate();
    this.record(stamp);
    return String(stamp);
  }

  /**
   * A stamp unique among the processes that share the ledger (within this process without one).
   * A ledger that cannot be used (an unwritable state directory) costs only that guarantee: the
   * stamp is then unique within this process, as without a ledger.
   */
  take(): Promise<string> {
    const ledger = this.ledger;
    if (ledger === null) return Promise.resolve(this.next());
    const taken = this.queue.then(async () => {
      let stamp: number;
      try {
        stamp = await ledger.claim((used) => this.candidate(used), this.clock());
      } catch {
        stamp = this.candidate();
      }
      this.record(stamp);
      return String(stamp);
    });
    this.queue = taken.catch(() => {});
    return taken;
  }

  /** The stamp the clock reads now (server offset applied). */
  private clock(): number {
    return Math.trunc(this.now() + this.offset);
  }

  private candidate(used?: UsedStamps): number {
    let stamp = this.clock();
    if (stamp <= this.last) stamp = this.last + 1;
    while (this.issued.has(stamp) || used?.has(stamp)) stamp++;
    return stamp;
  }

  private record(stamp: number): void {
    this.last = stamp;
    this.issued.add(stamp);
    for (const old of this.issued) {
      if (old >= stamp - REMEMBER_MS && this.issued.size <= 100_000) break;
      this.issued.delete(old);
    }
  }
}
