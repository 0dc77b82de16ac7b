import type { RateLimitClass } from "../errors.js";
import { parseDurationMs } from "./duration.js";

/** The seed's limits (section 8), in one place. */
export const PAGE_MIN = 1;
export const PAGE_SIZE_MIN = 1;
export const PAGE_SIZE_MAX = 100;
export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 100;
export const EXCHANGE_OTHER_NAME_MAX = 200;

/**
 * Authentication V1 accepts a stamp this far from the service's clock, either way (docs/SERVICE-NOTES.md:
 * about ±5 s): the sandbox enforces it, the doctor and `auth status` measure a clock against it.
 */
export const STAMP_WINDOW_MS = 5_000;

/** The service's rate-limit classes, one per endpoint family: defined on the floor (errors.ts). */
export type { RateLimitClass };

/** One counting window: at most `limit` requests per `ms`, named as the service names it. */
export interface RateWindow {
  limit: number;
  ms: number;
  /** As a 429 body spells it: "1s", "1m". */
  period: string;
}

/**
 * The published limits (docs/SERVICE-NOTES.md, "Rate limits"), the one table both the client's pacing
 * and the sandbox's enforcement read. An empty list means "not published": the client learns
 * the limit from the first 429 (its `limit` and `period`), the sandbox enforces one only when
 * told (`--faults quota=CLASS:N/PERIOD`).
 */
export const PUBLISHED_RATE_LIMITS: Readonly<Record<RateLimitClass, readonly RateWindow[]>> = {
  order: [
    { limit: 30, ms: 1_000, period: "1s" },
    { limit: 900, ms: 60_000, period: "1m" },
  ],
  trades: [{ limit: 120, ms: 60_000, period: "1m" }],
  declarations: [],
  confirm: [],
  exchanges: [],
  serverTime: [],
};

export const RATE_LIMIT_CLASSES = Object.keys(PUBLISHED_RATE_LIMITS) as readonly RateLimitClass[];

export function isRateLimitClass(name: string): name is RateLimitClass {
  return Object.hasOwn(PUBLISHED_RATE_LIMITS, name);
}

/** "1s", "1m", "30s", "1h" (a 429 body's `period`) in ms; null when it is not one of those. */
export function periodMs(period: string): number | null {
  const match = /^\s*([0-9]{1,9})\s*(ms|s|m|h|d)\s*$/i.exec(period);
  const ms = match ? parseDurationMs(`${match[1]}${match[2]}`) : null;
  return ms !== null && ms > 0 ? ms : null;
}
