import {
  isRateLimitClass,
  periodMs,
  RATE_LIMIT_CLASSES,
  type RateLimitClass,
  type RateWindow,
} from "../domain/limits.js";
import { isKeyPermission, KEY_PERMISSIONS, type KeyPermission } from "../domain/permissions.js";
import type { TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";
import { settingsSyntax } from "./settings.js";

/**
 * Fault injection for testing clients: `--faults SPEC`, a comma-separated list of `name=value`:
 *
 *   latency=MS | latency=MIN-MAX   delay every answer by MS (or a random MIN..MAX) milliseconds
 *   5xx=P                          share P (0..1) of requests answered 500, 502 or 503; half of
 *                                  them with an HTML page instead of JSON (a gateway's error)
 *   429=P | 429=P:S                share P answered 429 Too Many Requests with Retry-After S
 *   retry-after=S                  the Retry-After seconds of 429 answers (default 1)
 *   reset=P                        share P whose connection is destroyed mid-response, AFTER the
 *                                  request was handled (a confirm is then kept: the ambiguous case)
 *   truncate=P                     share P whose body is cut in half: either a short body with a
 *                                  matching Content-Length (valid HTTP, broken JSON) or the full
 *                                  Content-Length and the connection closed early
 *   skew=MS                        the sandbox clock runs MS ms ahead (negative: behind); server
 *                                  time reports it, so clients must sync to pass the ±5 s check
 *   seed=N                         seed of the random choices, for repeatable runs
 *   quota=CLASS:N/PERIOD           enforce N requests per PERIOD (1s, 1m, 1h) on a rate-limit
 *                                  class (declarations, confirm, exchanges, order, trades,
 *                                  serverTime), per client address, in fixed windows, answered
 *                                  429 with the service's body (details, limit, period); may be
 *                                  repeated; replaces the class's published limits
 *
 * The key's faults: what the service does with a key it refuses (docs/SERVICE-NOTES.md, "Envelopes and
 * errors"). Each refusal is a 401 "Unauthorized"; the request log says which rule refused it.
 *
 *   key=unknown                    the demo key is not known (deleted, or from the old site)
 *   key=wrong-secret               the demo key is known with another private key
 *   key=other-ip                   the demo key is bound to another IP address (203.0.113.7)
 *   key=ipv4-only | key=ipv6-only  the demo key is bound to this machine's loopback address of
 *                                  one family (127.0.0.1 or ::1): refused over the other (a
 *                                  machine whose traffic leaves over IPv6, a key bound to IPv4)
 *   deny=PERMISSION                the demo key lacks a permission: declarations, orders or
 *                                  trades; may be repeated
 *   401=empty | 401=html           every private request is refused, with an empty body or a
 *                                  gateway's HTML page instead of the service's JSON
 *
 * Example: `latency=20-80,5xx=0.1,429=0.05:2,reset=0.02,truncate=0.02,skew=-7000,seed=42`.
 * 5xx and 429 are decided before the request is looked at (nothing changes); reset and truncate
 * after it was handled (any change is kept). Shares are drawn independently per request.
 */
export interface FaultSpec {
  latencyMs: readonly [number, number];
  p5xx: number;
  p429: number;
  retryAfterS: number;
  pReset: number;
  pTruncate: number;
  skewMs: number;
  seed: number | null;
  /** Enforced quotas by rate-limit class (`quota=`). */
  quotas: Partial<Record<RateLimitClass, RateWindow[]>>;
  /** How the demo key is refused (`key=`); null: it is accepted. */
  key: KeyFault | null;
  /** Permissions the demo key lacks (`deny=`). */
  denied: readonly KeyPermission[];
  /** Every private request refused with this body (`401=`); null: refusals are the service's JSON. */
  refusal401: Refusal401 | null;
}

export const KEY_FAULTS = [
  "unknown",
  "wrong-secret",
  "other-ip",
  "ipv4-only",
  "ipv6-only",
] as const;
export type KeyFault = (typeof KEY_FAULTS)[number];
export const REFUSALS_401 = ["empty", "html"] as const;
export type Refusal401 = (typeof REFUSALS_401)[number];

/** The one of `choices` that `value` names, or a usage error listing them. */
function oneOf<T extends string>(name: string, value: string, choices: readonly T[]): T {
  const found = choices.find((c) => c === value.toLowerCase());
  if (found === undefined) throw badOneOf(name, value, choices);
  return found;
}

export const NO_FAULTS: FaultSpec = {
  latencyMs: [0, 0],
  p5xx: 0,
  p429: 0,
  retryAfterS: 1,
  pReset: 0,
  pTruncate: 0,
  skewMs: 0,
  seed: null,
  quotas: {},
  key: null,
  denied: [],
  refusal401: null,
};

const FLAG = "--faults";
const EXAMPLE = {
  example:
    "'latency=50,5xx=0.2,429=0.1:2,reset=0.05,truncate=0.05,skew=-7000,seed=42,quota=declarations:5/1s'",
};
const { bad, settings, whole } = settingsSyntax(FLAG, msg("sandboxSpec.faultsHint", EXAMPLE));

function badOneOf(name: string, value: string, choices: readonly string[]): TradectlError {
  const params = { flag: FLAG, name, value, choices: choices.join(", ") };
  return bad(msg("sandboxSpec.oneOf", params));
}

function share(name: string, text: string): number {
  const p = Number(text);
  if (text.trim() === "" || !Number.isFinite(p) || p < 0 || p > 1) {
    const params = { flag: FLAG, name, value: text };
    throw bad(msg("sandboxSpec.share", params));
  }
  return p;
}

/** `declarations:5/1s` → the class and its window. */
function quota(text: string): [RateLimitClass, RateWindow] {
  const match = /^([A-Za-z]+):([0-9]+)\/([0-9a-z]+)$/.exec(text);
  const endpoint = match?.[1] ?? "";
  if (!match || !isRateLimitClass(endpoint)) {
    const params = { flag: FLAG, classes: RATE_LIMIT_CLASSES.join(", "), value: text };
    throw bad(msg("sandboxSpec.quota", params));
  }
  const limit = whole("quota", match[2]!, 1, 1_000_000);
  const ms = periodMs(match[3]!);
  if (ms === null) {
    const params = { flag: FLAG, value: match[3]! };
    throw bad(msg("sandboxSpec.quotaPeriod", params));
  }
  return [endpoint, { limit, ms, period: match[3]! }];
}

const KNOWN_FAULTS =
  "latency, 5xx, 429, retry-after, reset, truncate, skew, seed, quota, key, deny, 401";

export function parseFaults(spec: string | undefined): FaultSpec {
  const faults = {
    ...NO_FAULTS,
    latencyMs: [0, 0] as [number, number],
    quotas: {} as FaultSpec["quotas"],
    denied: [] as KeyPermission[],
  };
  for (const [name, value] of settings(spec ?? "")) {
    switch (name) {
      case "latency": {
        const [low, high = low] = value.split("-");
        faults.latencyMs = [
          whole("latency", low!, 0, 600_000),
          whole("latency", high!, 0, 600_000),
        ];
        if (faults.latencyMs[1] < faults.latencyMs[0]) {
          const params = { flag: FLAG, name: "latency" };
          throw bad(msg("sandboxSpec.range", params));
        }
        break;
      }
      case "5xx":
        faults.p5xx = share(name, value);
        break;
      case "429": {
        const [p, after] = value.split(":");
        faults.p429 = share(name, p!);
        if (after !== undefined) faults.retryAfterS = whole("429 retry-after", after, 0, 3600);
        break;
      }
      case "retry-after":
        faults.retryAfterS = whole(name, value, 0, 3600);
        break;
      case "reset":
        faults.pReset = share(name, value);
        break;
      case "truncate":
        faults.pTruncate = share(name, value);
        break;
      case "skew":
        faults.skewMs = whole(name, value, -86_400_000, 86_400_000);
        break;
      case "seed":
        faults.seed = whole(name, value, 0, 2 ** 32 - 1);
        break;
      case "quota": {
        const [endpoint, window] = quota(value);
        faults.quotas[endpoint] = [...(faults.quotas[endpoint] ?? []), window];
        break;
      }
      case "key":
        faults.key = oneOf(name, value, KEY_FAULTS);
        break;
      case "deny": {
        const permission = value.toLowerCase();
        if (!isKeyPermission(permission)) {
          throw badOneOf("deny", value, KEY_PERMISSIONS);
        }
        if (!faults.denied.includes(permission)) faults.denied.push(permission);
        break;
      }
      case "401":
        faults.refusal401 = oneOf(name, value, REFUSALS_401);
        break;
      default:
        throw bad(msg("sandboxSpec.unknownFault", { flag: FLAG, name, known: KNOWN_FAULTS }));
    }
  }
  return faults;
}

/** What happens to one request. */
export interface FaultDraw {
  latencyMs: number;
  /** Answer without handling the request. */
  before: { kind: "5xx"; status: 500 | 502 | 503; html: boolean } | { kind: "429" } | null;
  /** Spoil the answer after the request was handled. */
  after: { kind: "reset" } | { kind: "truncate"; shortLength: boolean } | null;
}

/** mulberry32: small, fast, and the same sequence for the same seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class FaultPlan {
  readonly active: boolean;
  private readonly random: () => number;

  constructor(readonly spec: FaultSpec) {
    this.random = mulberry32(spec.seed ?? Math.floor(Math.random() * 2 ** 32));
    this.active =
      spec.latencyMs[1] > 0 ||
      spec.p5xx > 0 ||
      spec.p429 > 0 ||
      spec.pReset > 0 ||
      spec.pTruncate > 0;
  }

  /** Always the same number of draws per request, so a seed gives the same faults in order. */
  draw(): FaultDraw {
    const r = Array.from({ length: 7 }, this.random);
    const s = this.spec;
    const [low, high] = s.latencyMs;
    const draw: FaultDraw = {
      latencyMs: low + Math.floor(r[0]! * (high - low + 1)),
      before: null,
      after: null,
    };
    if (r[1]! < s.p5xx) {
      const status = ([500, 502, 503] as const)[Math.floor(r[2]! * 3)]!;
      draw.before = { kind: "5xx", status, html: r[3]! < 0.5 };
    } else if (r[4]! < s.p429) {
      draw.before = { kind: "429" };
    }
    if (r[5]! < s.pReset) draw.after = { kind: "reset" };
    else if (r[6]! < s.pTruncate) draw.after = { kind: "truncate", shortLength: r[3]! < 0.5 };
    return draw;
  }
}
