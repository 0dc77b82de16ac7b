import type { Sleep } from "../../src/api/sleep.js";

interface Sleeper {
  at: number;
  ms: number;
  wake: () => void;
}

/**
 * A clock the test moves: `now` and `sleep` for the command context (main's `now`/`sleep`) or a
 * client. Nothing waits on real time: a sleep stays pending until the test moves time past its
 * end, and the test learns that something sleeps from an event, not from a timer.
 *
 *   await clock.sleeping();  // the watch finished a poll and waits for the next one
 *   await clock.next();      // time jumps to the end of that wait: the next poll starts
 */
export class FakeClock {
  private time: number;
  private readonly sleepers: Sleeper[] = [];
  private readonly listeners: (() => void)[] = [];
  /** Every wait asked for, in ms, in order. */
  readonly slept: number[] = [];

  /** Starts at `start` (Unix ms): 2026-01-01T00:00:00Z unless told. */
  constructor(start = Date.UTC(2026, 0, 1)) {
    this.time = start;
  }

  readonly now = (): number => this.time;

  readonly sleep: Sleep = (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(abortError(signal));
      const sleeper: Sleeper = {
        at: this.time + Math.max(0, ms),
        ms,
        wake: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.remove(sleeper);
        reject(abortError(signal!));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.slept.push(ms);
      this.sleepers.push(sleeper);
      for (const listener of this.listeners.splice(0)) listener();
    });

  /** How many sleeps are pending. */
  get pending(): number {
    return this.sleepers.length;
  }

  /** Resolves once something sleeps (at once if something already does). */
  sleeping(): Promise<void> {
    if (this.sleepers.length > 0) return Promise.resolve();
    return new Promise((resolve) => this.listeners.push(resolve));
  }

  /**
   * Waits until something sleeps, then moves time to the end of the earliest wait and wakes it
   * (and any other wait ending by then). Returns the ms the woken wait asked for.
   */
  async next(): Promise<number> {
    await this.sleeping();
    const first = this.sleepers.reduce((a, b) => (b.at < a.at ? b : a));
    this.advanceTo(first.at);
    return first.ms;
  }

  /** Moves time on by `ms`, waking every wait that ends by then. */
  advance(ms: number): void {
    this.advanceTo(this.time + ms);
  }

  private advanceTo(time: number): void {
    this.time = Math.max(this.time, time);
    const due = this.sleepers.filter((s) => s.at <= this.time).sort((a, b) => a.at - b.at);
    for (const s of due) {
      this.remove(s);
      s.wake();
    }
  }

  private remove(sleeper: Sleeper): void {
    const i = this.sleepers.indexOf(sleeper);
    if (i >= 0) this.sleepers.splice(i, 1);
  }
}

/** What node:timers/promises rejects with when its signal aborts. */
function abortError(signal: AbortSignal): Error {
  return Object.assign(new Error("The operation was aborted", { cause: signal.reason }), {
    name: "AbortError",
    code: "ABORT_ERR",
  });
}
