import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "./files.js";
import { stateDir } from "./paths.js";

/**
 * The server-time offset, remembered across processes for a while: a machine whose clock is
 * off by 9 s would otherwise pay a refused request and a server-time read on every command.
 * Kept per server (origin), because the sandbox and the real service have different clocks.
 *
 *   {"servers":{"https://api.btcturk.com":{"offsetMs":-9001,"measuredAt":"2025-06-14T09:21:07.412Z"}}}
 *
 * Best effort only: a missing, damaged or unwritable file never fails a command; the next
 * refused stamp measures the offset again.
 */
export const CLOCK_MEMORY_MS = 10 * 60_000;
/**
 * Offsets smaller than this are network noise, far inside the ±5 s the service allows: they are
 * not written down (so a machine in step never gets the file), and they clear an old entry.
 */
export const CLOCK_NOISE_MS = 1_000;

export interface RememberedOffset {
  offsetMs: number;
  /** Unix ms of the measurement. */
  measuredAt: number;
}

interface ClockFile {
  servers: Record<string, { offsetMs: number; measuredAt: string }>;
}

export function clockFile(env: NodeJS.ProcessEnv): string {
  return join(stateDir(env), "clock.json");
}

function readEntries(env: NodeJS.ProcessEnv): Map<string, RememberedOffset> {
  const entries = new Map<string, RememberedOffset>();
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(clockFile(env), "utf8"));
  } catch {
    return entries;
  }
  const servers = (data as Partial<ClockFile> | null)?.servers;
  if (typeof servers !== "object" || servers === null) return entries;
  for (const [origin, entry] of Object.entries(servers)) {
    const offsetMs = (entry as { offsetMs?: unknown })?.offsetMs;
    const measuredAt = Date.parse(String((entry as { measuredAt?: unknown })?.measuredAt));
    if (typeof offsetMs === "number" && Number.isFinite(offsetMs) && !Number.isNaN(measuredAt)) {
      entries.set(origin, { offsetMs: Math.round(offsetMs), measuredAt });
    }
  }
  return entries;
}

/** Younger than CLOCK_MEMORY_MS, and not from the future (a clock set back since). */
function fresh(entry: RememberedOffset, now: number): boolean {
  const age = now - entry.measuredAt;
  return age >= 0 && age < CLOCK_MEMORY_MS;
}

/** The offset measured for this server in the last ten minutes, or null. */
export function recallClockOffset(
  env: NodeJS.ProcessEnv,
  origin: string,
  now: number = Date.now(),
): RememberedOffset | null {
  const entry = readEntries(env).get(origin);
  return entry && fresh(entry, now) ? entry : null;
}

/**
 * Saves the offset just measured for this server (a small one clears its entry instead);
 * stale entries of other servers are dropped.
 */
export async function rememberClockOffset(
  env: NodeJS.ProcessEnv,
  origin: string,
  offsetMs: number,
  now: number = Date.now(),
): Promise<void> {
  const entries = readEntries(env);
  const small = Math.abs(offsetMs) < CLOCK_NOISE_MS;
  if (small && !entries.has(origin)) return;
  const servers: ClockFile["servers"] = {};
  for (const [other, entry] of entries) {
    if (other !== origin && fresh(entry, now)) {
      servers[other] = {
        offsetMs: entry.offsetMs,
        measuredAt: new Date(entry.measuredAt).toISOString(),
      };
    }
  }
  if (!small) servers[origin] = { offsetMs, measuredAt: new Date(now).toISOString() };
  // Parallel processes each write whole files, the last wins; a failure only costs a
  // measurement later.
  await writeFileAtomic(
    clockFile(env),
    `${JSON.stringify({ servers } satisfies ClockFile)}\n`,
  ).catch(() => {});
}
