import { setTimeout as delay } from "node:timers/promises";

/** Waits `ms`, or rejects when `signal` aborts. Injected (the command context's `sleep`), so tests run on a fake clock. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The one real wait: node:timers/promises, cancelled by the run's signal. */
export const sleep: Sleep = (ms, signal) => delay(ms, undefined, { signal });
