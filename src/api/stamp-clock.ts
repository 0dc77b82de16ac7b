/** Stamps the server could still accept (±5 s) must never repeat; keep a little more than that. */
const REMEMBER_MS = 15_000;

/**
 * The X-Stamp source. The service refuses a stamp it has seen and one more than about 5 s away
 * from its clock, so each stamp is (a) corrected by the server-time offset once one is known and
 * (b) strictly greater than the previous one handed out by this process, even when many requests
 * start in the same millisecond. When a new offset moves the clock back (the server runs behind
 * us), stamps follow it down, skipping any value already handed out.
 */
export class StampClock {
  private last = 0;
  private offset = 0;
  /** Stamps handed out recently, oldest first, so a step back never repeats one. */
  private readonly issued = new Set<number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Server time minus local time, in ms; 0 until a skew has been measured. */
  get offsetMs(): number {
    return this.offset;
  }

  set offsetMs(value: number) {
    this.offset = value;
    this.last = 0;
  }

  next(): string {
    let stamp = Math.trunc(this.now() + this.offset);
    if (stamp <= this.last) stamp = this.last + 1;
    while (this.issued.has(stamp)) stamp++;
    this.last = stamp;
    this.issued.add(stamp);
    for (const old of this.issued) {
      if (old >= stamp - REMEMBER_MS && this.issued.size <= 100_000) break;
      this.issued.delete(old);
    }
    return String(stamp);
  }
}
