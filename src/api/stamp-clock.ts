/**
 * The X-Stamp source. The service refuses a stamp it has seen and one more than about 5 s away
 * from its clock, so each stamp is (a) corrected by the server-time offset once one is known and
 * (b) strictly greater than the previous one handed out by this process, even when many requests
 * start in the same millisecond.
 */
export class StampClock {
  private last = 0;
  /** Server time minus local time, in ms; 0 until a skew has been measured. */
  offsetMs = 0;

  constructor(private readonly now: () => number = Date.now) {}

  next(): string {
    const candidate = Math.trunc(this.now() + this.offsetMs);
    this.last = candidate > this.last ? candidate : this.last + 1;
    return String(this.last);
  }
}
