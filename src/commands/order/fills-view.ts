import { type Fills, summarizeFills } from "../../domain/fills.js";
import {
  FILLS_FIELD_NAMES,
  type FillsFieldName,
  type Order,
  TRADE_FIELD_NAMES,
  type TradeFieldName,
} from "../../domain/order.js";
import type { LabelKey } from "../../i18n/index.js";
import { fieldColumns, sameText } from "../../output/fields.js";
import type { IOStreams } from "../../output/io.js";
import { type Column, type DetailRow, detailRow, type RecordView } from "../../output/records.js";
import {
  fitLines,
  type TableColumn,
  type TableSpec,
  TableStream,
  tableColumn,
  textLine,
} from "../../output/table.js";
import { isoUtc, localTime } from "../../output/time.js";
import { numberText } from "../../wire/json.js";
import type { Trade } from "../../wire/schemas.js";

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

/** A figure of the fills; null (no trades) is empty. Numbers: csv never neutralises them. */
const figure = (name: Exclude<keyof Fills, "count">, label: LabelKey) =>
  sameText<OrderWithFills>(label, (o) => o.fills[name] ?? "", { numeric: true });

/** tsv/csv: the nested object flattened into `fills.*` columns; a null figure is empty. */
export const FILLS_COLUMNS: readonly Column<OrderWithFills>[] = fieldColumns<
  OrderWithFills,
  FillsFieldName
>(FILLS_FIELD_NAMES, {
  "fills.count": sameText("label.trades", (o) => String(o.fills.count), { numeric: true }),
  "fills.filledAmount": figure("filledAmount", "label.filled"),
  "fills.averagePrice": figure("averagePrice", "label.avgPrice"),
  "fills.notional": figure("notional", "label.notional"),
  "fills.fee": figure("fee", "label.fee"),
  "fills.tax": figure("tax", "label.tax"),
});

/** The true average, shown next to the order's (first-trade) price in the multi-order table. */
export const AVERAGE_PRICE_COLUMN: TableColumn<OrderWithFills> = tableColumn(
  "label.avgPrice",
  (o) => o.fills.averagePrice ?? "-",
);

/** Rows of the single-order view: the average after the price, the rest at the end. */
export function fillsDetailRows(fills: Fills): {
  rows: DetailRow[];
  after: DetailRow[];
} {
  const shown = (value: string | null) => value ?? "-";
  return {
    rows: [detailRow("label.detail.averagePrice", shown(fills.averagePrice))],
    after: [
      detailRow("label.detail.trades", String(fills.count)),
      detailRow("label.detail.filled", shown(fills.filledAmount)),
      detailRow("label.detail.notional", shown(fills.notional)),
      detailRow("label.detail.fee", shown(fills.fee)),
      detailRow("label.detail.tax", shown(fills.tax)),
    ],
  };
}

// ---- order trades ------------------------------------------------------------------------------

const num = (t: Trade, key: keyof Trade) => numberText(t[key]);
const decimal = (key: keyof Trade, label: LabelKey) =>
  sameText<Trade>(label, (t) => num(t, key), { numeric: true });

/** Every field of a trade in the API's order, with its API name; times ISO UTC in tsv/csv. */
export const TRADE_COLUMNS: readonly Column<Trade>[] = fieldColumns<Trade, TradeFieldName>(
  TRADE_FIELD_NAMES,
  {
    id: decimal("id", "label.tradeId"),
    timestamp: {
      text: (t) => isoUtc(num(t, "timestamp")),
      table: tableColumn("label.time", (t, _c, lang) => localTime(num(t, "timestamp"), lang)),
    },
    amount: decimal("amount", "label.amount"),
    preciseAmount: decimal("preciseAmount", "label.preciseAmount"),
    fee: decimal("fee", "label.fee"),
    tax: decimal("tax", "label.tax"),
    price: decimal("price", "label.price"),
    numeratorSymbol: sameText("label.base", (t) => t.numeratorSymbol),
    denominatorSymbol: sameText("label.quote", (t) => t.denominatorSymbol),
    orderType: sameText("label.side", (t) => t.orderType),
    orderId: decimal("orderId", "label.orderId"),
    orderClientId: sameText("label.clientTag", (t) => t.orderClientId ?? ""),
  },
);

/** The trades of one order for people: what each trade moved, at what price, at what cost. */
const TRADE_TABLE: TableSpec<Trade> = {
  columns: [
    tableColumn("label.tradeId", (t) => num(t, "id")),
    tableColumn("label.time", (t, _c, lang) => localTime(num(t, "timestamp"), lang)),
    tableColumn("label.side", (t) => t.orderType),
    tableColumn("label.amount", (t) => num(t, "amount")),
    tableColumn("label.price", (t) => num(t, "price")),
    tableColumn("label.fee", (t) => num(t, "fee")),
    tableColumn("label.tax", (t) => num(t, "tax")),
  ],
  drops: [
    {
      label: "label.time",
      to: tableColumn("label.time", (t, _c, lang) =>
        localTime(num(t, "timestamp"), lang).slice(0, 10),
      ),
    },
    { label: "label.time" },
    { label: "label.tax" },
    { label: "label.side" },
  ],
};

export const TRADE_VIEW: RecordView<Trade> = { columns: TRADE_COLUMNS, table: TRADE_TABLE };

export interface OrderTrades {
  orderId: string;
  trades: readonly Trade[];
}

/**
 * One block per order, in the order given: a heading, its trades, and a summary line with what
 * it filled, the true average price and the fees.
 */
export function renderTradeBlocks(
  orders: readonly OrderTrades[],
  io: IOStreams,
  view: RecordView<Trade> = TRADE_VIEW,
): string {
  const c = io.out;
  return orders
    .map(({ orderId, trades }) => {
      const { t } = io;
      const heading = t("order.heading", { id: orderId });
      if (trades.length === 0) return `${c.bold(heading)}: ${t("order.noTrades")}\n`;
      const first = trades[0]!;
      const base = first.numeratorSymbol;
      const quote = first.denominatorSymbol;
      const fills = fillsOf(trades);
      const count = t("order.tradeCount", { count: fills.count });
      const title = c.bold(textLine([heading, `${base}_${quote}`, count]));
      const summary = fitLines(
        [
          t("order.filled", { amount: String(fills.filledAmount), symbol: base }),
          t("order.averagePrice", { price: fills.averagePrice ?? "-", symbol: quote }),
          t("order.fee", { fee: String(fills.fee) }),
          t("order.tax", { tax: String(fills.tax) }),
        ],
        io.columns,
      );
      const table = new TableStream(view.table ?? TRADE_TABLE, io.out, io.columns, io.t);
      const rows = table.rows(trades);
      // Below a table's width the trades are label/value blocks, a blank line between them:
      // one more keeps the summary from reading as a line of the last trade.
      const gap = table.inBlocks ? "\n" : "";
      return `${title}\n${rows}${gap}${summary}\n`;
    })
    .join("\n");
}
