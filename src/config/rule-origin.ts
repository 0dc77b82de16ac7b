import type { RuleOrigin } from "../domain/rules.js";

/**
 * An imported rule's origin as the config file keeps it under `imported` (`rules import`):
 *
 *   "imported": { "source": "binance", "key": "0xb5ef…", "txid": "0xb5ef…",
 *                 "withdrawalId": "b6ae22b3…", "time": "2025-06-14T08:01:40.000Z" }
 */

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Unix ms of an ISO-8601 text, or null. */
export function isoMs(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

const textOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === "string";

/** An imported rule's `imported` entry; undefined when there is none, null when it is broken. */
export function originFrom(value: unknown): RuleOrigin | undefined | null {
  if (value === undefined) return undefined;
  if (!isObject(value)) return null;
  const { source, key, txid, withdrawalId, time } = value;
  if (typeof source !== "string" || typeof key !== "string") return null;
  if (!textOrNull(txid) || !textOrNull(withdrawalId)) return null;
  const ms = time === null || time === undefined ? null : isoMs(time);
  if (ms === null && time !== null && time !== undefined) return null;
  return { source, key, txid, withdrawalId, time: ms };
}

/** The origin as the file keeps it. */
export function originEntry(o: RuleOrigin): Record<string, unknown> {
  return {
    source: o.source,
    key: o.key,
    txid: o.txid,
    withdrawalId: o.withdrawalId,
    time: o.time === null ? null : new Date(o.time).toISOString(),
  };
}
