import type { Lang } from "../i18n/index.js";

/**
 * Declaration times arrive as strings whose format the seed does not give; order times as Unix ms.
 * A timestamp without a zone is taken as UTC, which is what the service stores.
 */
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;
const ISO_LIKE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

export function parseServerTime(value: string | number | bigint): Date | null {
  if (typeof value !== "string") {
    const date = new Date(Number(value));
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const text = value.trim();
  if (/^\d{10,}$/.test(text)) return parseServerTime(Number(text));
  if (!ISO_LIKE.test(text)) return null;
  const date = new Date(HAS_ZONE.test(text) ? text : `${text.replace(" ", "T")}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** ISO-8601 UTC for scripts (tsv, csv); the raw text when it cannot be read as a time. */
export function isoUtc(value: string | number | bigint | null | undefined): string {
  if (value === null || value === undefined) return "";
  const date = parseServerTime(value);
  return date ? date.toISOString() : String(value);
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * `2026-11-21 14:05:09` in the user's time zone, for tables; in Turkish day first, as dates are
 * written there: `21.11.2026 14:05:09` (the same width, so a table fits the same).
 */
export function localTime(
  value: string | number | bigint | null | undefined,
  lang: Lang = "en",
): string {
  if (value === null || value === undefined) return "";
  const d = parseServerTime(value);
  if (!d) return String(value);
  const [year, month, day] = [String(d.getFullYear()), pad(d.getMonth() + 1), pad(d.getDate())];
  const date = lang === "tr" ? `${day}.${month}.${year}` : `${year}-${month}-${day}`;
  return `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
