import { numberText } from "../../api/json.js";
import type { Trade } from "../../api/schemas.js";
import { type Fills, summarizeFills } from "../../domain/fills.js";
import type { Order } from "../../domain/order.js";
import type { IOStreams } from "../../output/io.js";
import type { Column } from "../../output/records.js";
import { displayWidth, renderTable } from "../../output/records.js";
import { sanitize } from "../../output/sanitize.js";
import { isoUtc, localTime } from "../../output/time.js";

/** The fills of an order's trades, from the digits exactly as the service sent them. */
export function fillsOf(trades: readonly Trade[]): Fills {
  return summarizeFills(
    trades.map((t) => ({
      amount: numberText(t.amount),
      price: numberText(t.price),
      fee: numberText(t.fee),
      tax: numberText(t.tax),
    })),
  );
}

/** An order as `order get --fills` prints it: the service's fields, then `fills`. */
export type OrderWithFills = Order & { fills: Fills };

export function withFills(order: Order, trades: readonly Trade[]): OrderWithFills {
  return { ...order, fills: fillsOf(trades) };
}

const FIGURES = ["filledAmount", "averagePrice", "notional", "fee", "tax"] as const;

/** tsv/csv: the nested object flattened into `fills.*` columns; a null figure is empty. */
export const FILLS_COLUMNS: readonly Column<OrderWithFills>[] = [
  { header: "fills.count", text: (o) => String(o.fills.count) },
  ...FIGURES.map((name) => ({
    header: `fills.${name}`,
    text: (o: OrderWithFills) => o.fills[name] ?? "",
  })),
];

/** The true average, shown next to the order's (first-trade) price in the multi-order table. */
export const AVERAGE_PRICE_ROW: Column<OrderWithFills> = {
  header: "AVG PRICE",
  text: (o) => o.fills.averagePrice ?? "-",
};

/** Rows of the single-order view: the average after the price, the rest at the end. */
export function fillsDetailRows(fills: Fills): {
  rows: [string, string][];
  after: [string, string][];
} {
  const shown = (value: string | null) => value ?? "-";
  return {
    rows: [["Average price", shown(fills.averagePrice)]],
    after: [
      ["Trades", String(fills.count)],
      ["Filled", shown(fills.filledAmount)],
      ["Notional", shown(fills.notional)],
      ["Fee", shown(fills.fee)],
      ["Tax", shown(fills.tax)],
    ],
  };
}

/** Says which price is which, under the tables of `order get --fills`. */
export const FILLS_NOTE =
  "The price is the order endpoint's: once the order has traded, that of its first partial trade. The average price is over all its trades: Σ size×price ÷ Σ size, size = |amount|.";

// ---- order trades ------------------------------------------------------------------------------

const num = (t: Trade, key: keyof Trade) => numberText(t[key]);

/** tsv/csv: every field of a trade in the API's order, with its API name; times ISO UTC. */
export const TRADE_COLUMNS: readonly Column<Trade>[] = [
  { header: "id", text: (t) => num(t, "id") },
  { header: "timestamp", text: (t) => isoUtc(num(t, "timestamp")) },
  { header: "amount", text: (t) => num(t, "amount") },
  { header: "preciseAmount", text: (t) => num(t, "preciseAmount") },
  { header: "fee", text: (t) => num(t, "fee") },
  { header: "tax", text: (t) => num(t, "tax") },
  { header: "price", text: (t) => num(t, "price") },
  { header: "numeratorSymbol", text: (t) => t.numeratorSymbol },
  { header: "denominatorSymbol", text: (t) => t.denominatorSymbol },
  { header: "orderType", text: (t) => t.orderType },
  { header: "orderId", text: (t) => num(t, "orderId") },
  { header: "orderClientId", text: (t) => t.orderClientId ?? "" },
];

/** The trades of one order for people: what each trade moved, at what price, at what cost. */
const TRADE_ROWS: readonly Column<Trade>[] = [
  { header: "TRADE ID", text: (t) => num(t, "id") },
  { header: "TIME", text: (t) => localTime(num(t, "timestamp")) },
  { header: "SIDE", text: (t) => t.orderType },
  { header: "AMOUNT", text: (t) => num(t, "amount") },
  { header: "PRICE", text: (t) => num(t, "price") },
  { header: "FEE", text: (t) => num(t, "fee") },
  { header: "TAX", text: (t) => num(t, "tax") },
];

/** Parts joined with " · ", starting a new line where the next part would pass `width`. */
function fitLines(parts: readonly string[], width: number): string {
  const lines: string[] = [];
  for (const part of parts) {
    const last = lines[lines.length - 1];
    if (last !== undefined && displayWidth(last) + 3 + displayWidth(part) <= width)
      lines[lines.length - 1] = `${last} · ${part}`;
    else lines.push(part);
  }
  return lines.join("\n");
}

export interface OrderTrades {
  orderId: string;
  trades: readonly Trade[];
}

/**
 * One block per order, in the order given: a heading, its trades, and a summary line with what
 * it filled, the true average price and the fees.
 */
export function renderTradeBlocks(orders: readonly OrderTrades[], io: IOStreams): string {
  const c = io.out;
  return orders
    .map(({ orderId, trades }) => {
      if (trades.length === 0) return `${c.bold(`Order ${orderId}`)}: no trades\n`;
      const first = trades[0]!;
      const base = sanitize(first.numeratorSymbol);
      const quote = sanitize(first.denominatorSymbol);
      const fills = fillsOf(trades);
      const count = `${fills.count} trade${fills.count === 1 ? "" : "s"}`;
      const heading = c.bold(`Order ${orderId}  ${base}_${quote}  ${count}`);
      const summary = fitLines(
        [
          `filled ${fills.filledAmount} ${base}`,
          `average price ${fills.averagePrice ?? "-"} ${quote}`,
          `fee ${fills.fee}`,
          `tax ${fills.tax}`,
        ],
        io.columns,
      );
      return `${heading}\n${renderTable(TRADE_ROWS, trades, io)}${summary}\n`;
    })
    .join("\n");
}
