import {
  confirmed,
  DEMO_USER,
  type DeclarationState,
  pending,
  type StoredDeclaration,
} from "./data.js";

/**
 * Declarations made on demand rather than written out: the `extraDeclarations` a sandbox is
 * asked for (a stable, hashed shape per index) and the deposits that arrive while it runs. The
 * fixed seed stays in data.ts.
 */

// ---- Generated declarations -------------------------------------------------------------------

/**
 * Generated ids count down from here: the i-th generated declaration (0 = newest) has id
 * GENERATED_TOP - i, so every id is stable whatever the count, and none meets a seeded id.
 */
export const GENERATED_TOP = 500_000_000;
export const GENERATED_MAX = 10_000_000;
/** The newest generated declaration is older than every seeded one. */
const GENERATED_START_MS = Date.parse("2025-05-29T23:50:00.000Z");

/** A fast 32-bit integer hash (lowbias32): the same i always gives the same record. */
function hash(i: number, salt: number): number {
  let x = (i ^ Math.imul(salt, 0x9e3779b9)) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

const B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const HEX = "0123456789abcdef";
const BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const NAMES: readonly [string, string][] = [
  ["Ahmet", "Yıldız"],
  ["Fatma", "Doğan"],
  ["Mustafa", "Aydın"],
  ["Emine", "Kılıç"],
  ["Ali", "Aslan"],
  ["Hatice", "Çetin"],
  [DEMO_USER.firstName, DEMO_USER.lastName],
];

function chars(alphabet: string, length: number, i: number, salt: number): string {
  let out = "";
  for (let k = 0; k < length; k++) out += alphabet[hash(i, salt + k) % alphabet.length];
  return out;
}

interface AssetShape {
  symbol: string;
  decimals: number;
  address: (i: number) => string;
  memo?: (i: number) => string;
}

const ASSETS: readonly AssetShape[] = [
  { symbol: "BTC", decimals: 16, address: (i) => `bc1q${chars(BECH, 38, i, 11)}` },
  { symbol: "ETH", decimals: 16, address: (i) => `0x${chars(HEX, 40, i, 12)}` },
  { symbol: "USDT", decimals: 6, address: (i) => `T${chars(B58, 33, i, 13)}` },
  {
    symbol: "XRP",
    decimals: 6,
    address: (i) => `r${chars(B58, 33, i, 14)}`,
    memo: (i) => String(hash(i, 15) % 100_000_000),
  },
  {
    symbol: "XLM",
    decimals: 7,
    address: (i) => `G${chars("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 55, i, 16)}`,
    memo: (i) => String(hash(i, 17)),
  },
  { symbol: "AVAX", decimals: 18, address: (i) => `0x${chars(HEX, 40, i, 18)}` },
  { symbol: "SOL", decimals: 9, address: (i) => chars(B58, 44, i, 19) },
];

function amountText(i: number, decimals: number): string {
  const whole = hash(i, 21) % 5 === 0 ? hash(i, 22) % 10_000 : hash(i, 22) % 10;
  let fraction = "";
  for (let k = 0; k < decimals; k++) {
    // Trailing zeros on purpose: `0.8000000000000000` must survive as written.
    fraction += k < 4 + (hash(i, 23) % 6) ? String(hash(i, 30 + k) % 10) : "0";
  }
  return decimals === 0 ? String(whole) : `${whole}.${fraction}`;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Generated declarations are Pending one time in four. Cheap: no record is built. */
export function generatedStatus(i: number): DeclarationState {
  return hash(i, 1) % 4 === 0 ? "Pending" : "Confirmed";
}

/** The i-th generated declaration (0 = newest), built on demand. */
export function generatedDeclaration(i: number): StoredDeclaration {
  const asset = ASSETS[hash(i, 2) % ASSETS.length]!;
  const createdMs = GENERATED_START_MS - i * 419_000 - (hash(i, 3) % 400_000);
  const lightning = asset.symbol === "BTC" && hash(i, 4) % 10 === 0;
  const base = pending(
    String(GENERATED_TOP - i),
    iso(createdMs),
    lightning ? `0.${chars("0123456789", 8, i, 5)}` : amountText(i, asset.decimals),
    asset.symbol,
    lightning ? "lightning" : asset.address(i),
    asset.memo ? asset.memo(i) : null,
    lightning ? `lnbc${hash(i, 6) % 9000}u1p${chars(BECH, 180, i, 40)}` : null,
  );
  if (generatedStatus(i) === "Pending") return base;
  const [firstName, lastName] = NAMES[hash(i, 7) % NAMES.length]!;
  return confirmed(base, iso(createdMs + 60_000 + (hash(i, 8) % 3_600_000)), firstName, lastName);
}

// ---- Arriving deposits ------------------------------------------------------------------------

/**
 * Deposits that arrive while a sandbox runs (`sandbox serve --arrivals`, or a POST to
 * `/__sandbox/deposits`) get ids counting up from here: above every seeded id of the 734… series,
 * below the seeded 2^53 + 1, and never met by a generated id (those count down from
 * GENERATED_TOP).
 */
export const ARRIVAL_FIRST_ID = 800_000_001;
/** A sandbox keeps at most this many arrivals; more are refused (the state file stays small). */
export const ARRIVALS_MAX = 100_000;
/** Salt that keeps an arrival's shape apart from the generated declaration of the same index. */
const ARRIVAL_SHAPE_OFFSET = 7_000_000;

/**
 * What an arriving deposit is asked to be (`--arrivals symbol=…`, or the body of
 * `POST /__sandbox/deposits`): the deposit a rule expects. Fields not given are made up.
 */
export interface ArrivalShape {
  symbol?: string;
  address?: string;
  amount?: string;
  memoTag?: string;
}

/** The fields of an arrival that a shape can set, as the state file names them. */
export const SHAPE_FIELDS = ["symbol", "address", "amount", "memoTag"] as const;

/**
 * The `n`-th arriving deposit (0 = the first), Pending, created at `createdAt`. Its asset,
 * amount and address follow the generated declarations' shapes, so it looks like a real
 * deposit, except what `shape` says. A deposit given another asset or address keeps no memo of
 * the made-up one, and a shaped deposit is never a lightning one.
 */
export function arrivalDeclaration(
  n: number,
  createdAt: string,
  shape: ArrivalShape = {},
): StoredDeclaration {
  const made = generatedDeclaration(ARRIVAL_SHAPE_OFFSET + n);
  const moved = shape.symbol !== undefined || shape.address !== undefined;
  const shaped = SHAPE_FIELDS.some((field) => shape[field] !== undefined);
  return pending(
    String(ARRIVAL_FIRST_ID + n),
    createdAt,
    shape.amount ?? made.amount,
    shape.symbol ?? made.symbol,
    shape.address ?? made.address,
    shape.memoTag ?? (moved ? null : made.memoTag),
    shaped ? null : made.lightningInvoice,
  );
}
