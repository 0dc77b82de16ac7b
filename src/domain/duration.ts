import type { Text } from "../errors.js";
import { msg } from "../i18n/index.js";
import { foldCase } from "./text.js";

/**
 * Times a person writes on the command line: a duration (`90s`, `30m`, `24h`, `7d`, `2w`, or
 * several joined, `1d12h`) or an ISO-8601 time (`2026-12-01`, `2026-12-01T09:00:00Z`). Pure:
 * "now" is passed in, so `--until 24h` (a rule's expiry, forward) and `--since 7d` (a listing's
 * start, back) share one reading.
 */

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

const PART = /([0-9]+(?:\.[0-9]+)?)(ms|s|m|h|d|w)/gy;

/** A duration in ms (`24h` → 86400000, `1d12h` → 129600000), or null when `text` is not one. */
export function parseDurationMs(text: string): number | null {
  const trimmed = foldCase(text.trim());
  if (trimmed === "") return null;
  PART.lastIndex = 0;
  let total = 0;
  let end = 0;
  for (let m = PART.exec(trimmed); m !== null; m = PART.exec(trimmed)) {
    total += Number(m[1]) * UNIT_MS[m[2]!]!;
    end = PART.lastIndex;
  }
  if (end !== trimmed.length || !Number.isFinite(total)) return null;
  return Math.round(total);
}

/** An ISO-8601 date (`2026-12-01`, midnight UTC) or date-time with a zone or `Z`. */
const ISO =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/i;

/** Unix ms of an ISO-8601 time, or null when `text` is not one (a time without a zone is refused: it would mean a different moment on each machine). */
export function parseIsoTime(text: string): number | null {
  const trimmed = text.trim();
  if (!ISO.test(trimmed)) return null;
  const ms = Date.parse(trimmed.replace(" ", "T"));
  return Number.isNaN(ms) ? null : ms;
}

/** Not a moment: why, in English (the JSON error line) and as the catalog says it. */
export type WhenResult = { ok: true; ms: number } | { ok: false; problem: Text };

/**
 * `text` as a moment: an ISO-8601 time, or a duration counted from `now` forward
 * (`direction` 1, an expiry) or back (-1, the start of a listing).
 */
/** The longest duration a time flag takes: 100 years. */
const MAX_WHEN_MS = 100 * 365.25 * 86_400_000;

export function parseWhen(text: string, now: number, direction: 1 | -1): WhenResult {
  const iso = parseIsoTime(text);
  if (iso !== null) return { ok: true, ms: iso };
  const duration = parseDurationMs(text);
  if (duration !== null && duration > MAX_WHEN_MS) {
    // Beyond it a time has no date (`Invalid time value`), and no rule or query needs it.
    return { ok: false, problem: msg("domain.when.tooFar", { text }) };
  }
  if (duration !== null && duration > 0) return { ok: true, ms: now + direction * duration };
  return { ok: false, problem: msg("domain.when.neither", { text }) };
}

/** `--until: 'soon' is neither …`: a time flag's problem, in English and as the catalog says it. */
export function whenProblem(flag: string, result: { problem: Text }): Text {
  return msg("domain.when.flag", { flag, problem: result.problem });
}
