import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalPlaces, summarizeFills, type TradeFigures } from "../../src/domain/fills.js";

/**
 * An independent oracle for the contract's rule ("Fills of an order"): exact rationals with
 * bigint, written here without big.js, so a mistake in src/domain/fills.ts cannot hide in both.
 */
interface Exact {
  /** value = units / 10^places */
  units: bigint;
  places: number;
}

function exact(text: string): Exact {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new Error(`oracle: not a plain decimal: ${text}`);
  const fraction = match[3] ?? "";
  const units = BigInt(`${match[2] || "0"}${fraction}` || "0");
  return { units: match[1] === "-" ? -units : units, places: fraction.length };
}

/** The contract: "an order with no trades has `count` 0 and null figures". */
const NO_TRADES = {
  count: 0,
  filledAmount: null,
  averagePrice: null,
  notional: null,
  fee: null,
  tax: null,
};

const pow10 = (n: number) => 10n ** BigInt(n);
const at = (x: Exact, places: number) => x.units * pow10(places - x.places);
const abs = (n: bigint) => (n < 0n ? -n : n);

function written(units: bigint, places: number): string {
  const digits = abs(units)
    .toString()
    .padStart(places + 1, "0");
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places);
  return `${units < 0n ? "-" : ""}${whole}${places > 0 ? `.${fraction}` : ""}`;
}

function sum(values: readonly Exact[]): Exact {
  const places = Math.max(...values.map((x) => x.places));
  return { units: values.reduce((total, x) => total + at(x, places), 0n), places };
}

/** a / b rounded half-even at `places`, as units of 10^-places. */
function divideHalfEven(a: Exact, b: Exact, places: number): bigint {
  // (a.units / 10^a.places) / (b.units / 10^b.places) × 10^places
  let numerator = a.units * pow10(b.places + places);
  let denominator = b.units * pow10(a.places);
  if (denominator < 0n) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const negative = numerator < 0n;
  const n = abs(numerator);
  let quotient = n / denominator;
  const twice = (n % denominator) * 2n;
  if (twice > denominator || (twice === denominator && quotient % 2n === 1n)) quotient += 1n;
  return negative ? -quotient : quotient;
}

function oracle(trades: readonly TradeFigures[]) {
  if (trades.length === 0) return NO_TRADES;
  const sizes = trades.map((t) => {
    const a = exact(t.amount);
    return { units: abs(a.units), places: a.places };
  });
  const products = trades.map((t, i) => {
    const p = exact(t.price);
    return { units: sizes[i]!.units * p.units, places: sizes[i]!.places + p.places };
  });
  const filled = sum(sizes);
  const notional = sum(products);
  const fee = sum(trades.map((t) => exact(t.fee)));
  const tax = sum(trades.map((t) => exact(t.tax)));
  const pricePlaces = Math.max(...trades.map((t) => exact(t.price).places));
  let averagePrice: string | null = null;
  if (filled.units !== 0n) {
    const places = pricePlaces + 18;
    let text = written(divideHalfEven(notional, filled, places), places);
    // Trailing zeros dropped, never fewer places than the prices have.
    while (text.includes(".") && text.endsWith("0") && text.split(".")[1]!.length > pricePlaces)
      text = text.slice(0, -1);
    if (text.endsWith(".")) text = text.slice(0, -1);
    averagePrice = text;
  }
  return {
    count: trades.length,
    filledAmount: written(filled.units, filled.places),
    averagePrice,
    notional: written(notional.units, notional.places),
    fee: written(fee.units, fee.places),
    tax: written(tax.units, tax.places),
  };
}

/** A decimal as the service writes one: digits, maybe a point, trailing zeros kept. */
const decimal = (options: { maxUnits: bigint; maxPlaces: number; sign: "any" | "+" | "-" }) =>
  fc
    .tuple(
      fc.bigInt({ min: 0n, max: options.maxUnits }),
      fc.integer({ min: 0, max: options.maxPlaces }),
      fc.boolean(),
    )
    .map(([units, places, negative]) => {
      const signed = options.sign === "-" || (options.sign === "any" && negative) ? -units : units;
      const text = written(signed, places);
      return units === 0n && signed === 0n && options.sign === "-" ? `-${text}` : text;
    });

const trade = fc.record({
  amount: decimal({ maxUnits: 10n ** 14n, maxPlaces: 12, sign: "any" }),
  price: decimal({ maxUnits: 10n ** 12n, maxPlaces: 10, sign: "+" }),
  fee: decimal({ maxUnits: 10n ** 10n, maxPlaces: 30, sign: "-" }),
  tax: decimal({ maxUnits: 10n ** 8n, maxPlaces: 28, sign: "-" }),
});

describe("summarizeFills against an exact rational oracle", () => {
  it("agrees on every figure for random trades (signs, scales, trailing zeros)", () => {
    fc.assert(
      fc.property(fc.array(trade, { minLength: 0, maxLength: 12 }), (trades) => {
        expect(summarizeFills(trades)).toEqual(oracle(trades));
      }),
      { numRuns: 500 },
    );
  });

  it("agrees when the average sits on a rounding tie or just off it", () => {
    // Two trades whose average has exactly 19 places beyond integer prices: a tie at place 18.
    const tie = fc
      .tuple(fc.bigInt({ min: 1n, max: 10n ** 17n }), fc.integer({ min: 1, max: 9 }))
      .map(([small, price]) => {
        const a1 = written(small, 18);
        const a2 = written(2n * 10n ** 18n - small, 18);
        return [
          { amount: a1, price: String(price + 1), fee: "0", tax: "0" },
          { amount: a2, price: String(price), fee: "0", tax: "0" },
        ];
      });
    fc.assert(
      fc.property(tie, (trades) => {
        expect(summarizeFills(trades)).toEqual(oracle(trades));
      }),
      { numRuns: 300 },
    );
  });
});

describe("summarizeFills, worked examples typed from the contract", () => {
  const t = (amount: string, price: string, fee = "0", tax = "0"): TradeFigures => ({
    amount,
    price,
    fee,
    tax,
  });

  it("no trades: count 0 and null figures", () => {
    expect(summarizeFills([])).toEqual(NO_TRADES);
  });

  it("a terminating average is exact, written with the prices' own places", () => {
    const fills = summarizeFills([
      t("0.02000000", "100.00", "-0.0018", "-0.00032"),
      t("0.02000000", "200.00", "-0.0036", "-0.00064"),
    ]);
    expect(fills).toEqual({
      count: 2,
      filledAmount: "0.04000000",
      averagePrice: "150.00",
      notional: "6.0000000000",
      fee: "-0.0054",
      tax: "-0.00096",
    });
  });

  it("sizes are |amount|: a sell's negative amounts give a positive filled amount", () => {
    const fills = summarizeFills([t("-20.000000", "5890.10"), t("-22.000000", "5889.75")]);
    expect(fills.filledAmount).toBe("42.000000");
    // (20×5890.10 + 22×5889.75) / 42 = 247376.50 / 42 = 5889.916666…
    expect(fills.notional).toBe("247376.50000000");
    expect(fills.averagePrice).toBe("5889.91666666666666666667");
  });

  it("a non-terminating average is rounded half-even 18 places beyond the prices'", () => {
    expect(summarizeFills([t("2", "1"), t("1", "2")]).averagePrice).toBe("1.333333333333333333");
    expect(summarizeFills([t("1", "1"), t("2", "2")]).averagePrice).toBe("1.666666666666666667");
  });

  it("a tie rounds to the even digit", () => {
    // notional 2.000000000000000001 / 2 = 1.0000000000000000005 → ...000 (even)
    const down = [t("0.000000000000000001", "2"), t("1.999999999999999999", "1")];
    expect(summarizeFills(down).averagePrice).toBe("1");
    // notional 2.000000000000000003 / 2 = 1.0000000000000000015 → ...002 (even)
    const up = [t("0.000000000000000003", "2"), t("1.999999999999999997", "1")];
    expect(summarizeFills(up).averagePrice).toBe("1.000000000000000002");
  });

  it("keeps every digit of long numbers, exponent notation included", () => {
    const fills = summarizeFills([
      t("123456789012345678.123456789", "0.0000123456789012"),
      t("1e-9", "1.5E2"),
    ]);
    expect(fills.filledAmount).toBe("123456789012345678.123456790");
    expect(fills.count).toBe(2);
  });

  it("a zero filled amount has no average; a zero sum has no sign", () => {
    const fills = summarizeFills([t("0.00", "10", "-0.00", "-0")]);
    expect(fills).toMatchObject({ filledAmount: "0.00", averagePrice: null, fee: "0.00" });
    expect(fills.tax).toBe("0");
  });
});

describe("decimalPlaces", () => {
  it("counts the places as written", () => {
    expect(decimalPlaces("0.05000000")).toBe(8);
    expect(decimalPlaces("-12")).toBe(0);
    expect(decimalPlaces("1.5e-7")).toBe(8);
    expect(decimalPlaces("12e3")).toBe(0);
    expect(decimalPlaces("1.25E+1")).toBe(1);
  });
});
