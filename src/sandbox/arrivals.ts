import { DECIMAL } from "../domain/amount.js";
import { parseDurationMs } from "../domain/duration.js";
import { msg } from "../i18n/index.js";
import { mulberry32 } from "./faults.js";
import type { ArrivalShape } from "./generate.js";
import { settingsSyntax } from "./settings.js";

/**
 * Simulated deposits arriving while a sandbox runs: `--arrivals SPEC`, a comma-separated list of
 * `name=value`:
 *
 *   every=T | every=MIN-MAX   a deposit arrives every T (or a random MIN..MAX); T is a number
 *                             with a unit: 500ms, 5s, 2m (a bare number is seconds)
 *   count=N                   deposits per arrival (default 1)
 *   max=N                     stop after N deposits in all (default: no end)
 *   seed=N                    repeatable random intervals
 *   symbol=SYM address=ADDR   what every deposit is (the deposit a rule expects); fields not
 *   amount=N memo=MEMO        given are made up
 *
 * Example: `every=2-8s,count=1,max=300,seed=7`, or `every=10s,max=1,symbol=XRP,amount=250.5`.
 */
export interface ArrivalSpec {
  everyMs: readonly [number, number];
  count: number;
  max: number | null;
  seed: number | null;
  shape: ArrivalShape;
}

const SHAPE_LIMITS = { symbol: 20, address: 200, amount: 60, memoTag: 100 } as const;

/**
 * The shape of the deposits to arrive, from text fields (an `--arrivals` setting, a control
 * request's body): a symbol of letters and digits, an address and memo without blanks or control
 * characters, a non-negative decimal amount. The first problem, in words, or the shape.
 */
export function arrivalShape(fields: {
  symbol?: string;
  address?: string;
  amount?: string;
  memo?: string;
}): { ok: true; shape: ArrivalShape } | { ok: false; problem: string } {
  const shape: ArrivalShape = {};
  const checks: [keyof ArrivalShape, string, string | undefined, RegExp, string][] = [
    ["symbol", "symbol", fields.symbol, /^[A-Za-z0-9]+$/, "letters and digits"],
    ["address", "address", fields.address, /^[\x21-\x7e]+$/, "printable characters without blanks"],
    ["amount", "amount", fields.amount, DECIMAL, "a decimal number"],
    ["memoTag", "memo", fields.memo, /^[\x21-\x7e]+$/, "printable characters without blanks"],
  ];
  for (const [key, name, value, pattern, what] of checks) {
    if (value === undefined) continue;
    const text = value.trim();
    if (!pattern.test(text) || text.length > SHAPE_LIMITS[key] || text.startsWith("-")) {
      return {
        ok: false,
        problem: `${name} must be ${what} (at most ${SHAPE_LIMITS[key]}), got '${value}'`,
      };
    }
    shape[key] = text;
  }
  return { ok: true, shape };
}

/** One request of `POST /__sandbox/deposits` may add at most this many. */
export const ARRIVALS_PER_REQUEST_MAX = 1_000;
const EVERY_MIN_MS = 100;
const EVERY_MAX_MS = 86_400_000;

const FLAG = "--arrivals";
const EXAMPLE = { example: "'every=2-8s,count=2,max=100,seed=7'" };

const { bad, settings, whole } = settingsSyntax(FLAG, msg("sandboxSpec.arrivalsHint", EXAMPLE));

function duration(text: string, unit: string): number {
  const ms = parseDurationMs(`${text.trim()}${unit}`) ?? Number.NaN;
  if (!(ms >= EVERY_MIN_MS && ms <= EVERY_MAX_MS)) {
    const params = { flag: FLAG, min: EVERY_MIN_MS, value: `${text}${unit}` };
    throw bad(msg("sandboxSpec.everyBounds", params));
  }
  return ms;
}

const KNOWN_SETTINGS = "every, count, max, seed, symbol, address, amount, memo";

export function parseArrivals(spec: string): ArrivalSpec {
  const parsed: ArrivalSpec = { everyMs: [0, 0], count: 1, max: null, seed: null, shape: {} };
  const shapeFields: Record<string, string> = {};
  for (const [name, raw] of settings(spec)) {
    // Addresses and memos are case-sensitive; the other settings are not.
    const value = raw.toLowerCase();
    switch (name) {
      case "symbol":
      case "address":
      case "amount":
      case "memo":
        shapeFields[name] = raw;
        break;
      case "every": {
        const m = /^([0-9.]+)(?:-([0-9.]+))?(ms|s|m)?$/.exec(value);
        if (!m) {
          const params = { flag: FLAG, value };
          throw bad(msg("sandboxSpec.everyForm", params));
        }
        const unit = m[3] ?? "s";
        const range: [number, number] = [duration(m[1]!, unit), duration(m[2] ?? m[1]!, unit)];
        if (range[1] < range[0]) {
          const params = { flag: FLAG, name: "every" };
          throw bad(msg("sandboxSpec.range", params));
        }
        parsed.everyMs = range;
        break;
      }
      case "count":
        parsed.count = whole(name, value, 1, ARRIVALS_PER_REQUEST_MAX);
        break;
      case "max":
        parsed.max = whole(name, value, 1, 100_000);
        break;
      case "seed":
        parsed.seed = whole(name, value, 0, 2 ** 32 - 1);
        break;
      default:
        throw bad(msg("sandboxSpec.unknownSetting", { flag: FLAG, name, known: KNOWN_SETTINGS }));
    }
  }
  const shape = arrivalShape(shapeFields);
  // The shape's problem is the words of the deposits endpoint too (the service's, in English).
  if (!shape.ok) throw bad(msg("sandboxSpec.shape", { flag: FLAG, problem: shape.problem }));
  parsed.shape = shape.shape;
  if (parsed.everyMs[1] === 0) {
    const params = { flag: FLAG };
    throw bad(msg("sandboxSpec.everyRequired", params));
  }
  return parsed;
}

/**
 * Calls `arrive(count)` on the spec's schedule until `max` deposits arrived or `stop()` is
 * called. One arrival at a time: the next is scheduled once the previous one was stored. With
 * a `script` (the withdrawals of an imported file), one deposit of each shape arrives in turn,
 * and then no more.
 */
export function scheduleArrivals(
  spec: ArrivalSpec,
  arrive: (count: number, shape: ArrivalShape) => Promise<void>,
  script?: readonly ArrivalShape[],
): { stop(): void } {
  const random = mulberry32(spec.seed ?? Math.floor(Math.random() * 2 ** 32));
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let total = 0;
  const next = () => {
    if (stopped || (spec.max !== null && total >= spec.max)) return;
    if (script !== undefined && total >= script.length) return;
    const [low, high] = spec.everyMs;
    timer = setTimeout(
      async () => {
        if (script !== undefined) {
          await arrive(1, script[total++]!).catch(() => undefined);
          return next();
        }
        const count = spec.max === null ? spec.count : Math.min(spec.count, spec.max - total);
        total += count;
        await arrive(count, spec.shape).catch(() => undefined);
        next();
      },
      low + Math.floor(random() * (high - low + 1)),
    );
  };
  next();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
