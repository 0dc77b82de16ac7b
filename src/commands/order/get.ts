import type { ChalkInstance } from "chalk";
import { numberText } from "../../api/json.js";
import { FIRST_TRADE_PRICE_NOTE, type Order } from "../../domain/order.js";
import type { IOStreams } from "../../output/io.js";
import {
  type Column,
  createRecordWriter,
  type RecordView,
  type RecordWriter,
  renderTable,
} from "../../output/records.js";
import { sanitize } from "../../output/sanitize.js";
import { isoUtc, localTime } from "../../output/time.js";
import type { CommandContext } from "../context.js";
import { checkedOrderIds, exitCodeFor, fetchEach } from "./each.js";
import {
  AVERAGE_PRICE_ROW,
  FILLS_COLUMNS,
  FILLS_NOTE,
  fillsDetailRows,
  type OrderWithFills,
  withFills,
} from "./fills-view.js";

export interface OrderGetOptions {
  ids: string[];
  /** Also fetch each order's trades and add what it really filled at (`fills`). */
  fills?: boolean;
}

export function statusStyle(status: string, color: ChalkInstance): (s: string) => string {
  const s = status.toLowerCase();
  if (s === "untouched" || s === "pending") return color.yellow;
  if (s.includes("partial")) return color.cyan;
  if (s === "filled" || s === "closed" || s === "confirmed") return color.green;
  if (s.includes("cancel") || s.includes("reject")) return color.red;
  return (t) => t;
}

const num = (o: Order, key: keyof Order) => numberText(o[key]);

export const ORDER_COLUMNS: readonly Column<Order>[] = [
  { header: "id", text: (o) => num(o, "id") },
  { header: "pairSymbol", text: (o) => o.pairSymbol },
  { header: "pairSymbolNormalized", text: (o) => o.pairSymbolNormalized },
  { header: "type", text: (o) => o.type },
  { header: "method", text: (o) => o.method },
  { header: "status", text: (o) => o.status },
  { header: "price", text: (o) => num(o, "price") },
  { header: "amount", text: (o) => num(o, "amount") },
  { header: "quantity", text: (o) => num(o, "quantity") },
  { header: "stopPrice", text: (o) => num(o, "stopPrice") },
  { header: "leftAmount", text: (o) => num(o, "leftAmount") },
  { header: "orderClientId", text: (o) => o.orderClientId ?? "" },
  { header: "time", text: (o) => isoUtc(num(o, "time")) },
  { header: "updateTime", text: (o) => isoUtc(num(o, "updateTime")) },
];

/** Several orders as rows for people: the fields one compares across orders. */
const ORDER_ROWS: readonly Column<Order>[] = [
  { header: "ID", text: (o) => num(o, "id") },
  { header: "PAIR", text: (o) => o.pairSymbolNormalized || o.pairSymbol },
  { header: "SIDE", text: (o) => o.type },
  { header: "METHOD", text: (o) => o.method },
  {
    header: "STATUS",
    text: (o) => o.status,
    cell: (o, c) => ({ text: o.status, style: statusStyle(o.status, c) }),
  },
  { header: "PRICE", text: (o) => num(o, "price") },
  { header: "AMOUNT", text: (o) => num(o, "amount") },
  { header: "LEFT", text: (o) => num(o, "leftAmount") },
  { header: "CREATED", text: (o) => localTime(num(o, "time")) },
];

type DetailRow = [label: string, value: string, style?: (s: string) => string];

/** One order as a field/value view, times local, status coloured; `more` adds rows after Price. */
function orderDetail(
  order: Order,
  io: IOStreams,
  more?: { priceLabel: string; rows: DetailRow[]; after: DetailRow[] },
): string {
  const c = io.out;
  const rows: DetailRow[] = [
    ["Order", num(order, "id"), c.bold],
    ["Pair", `${order.pairSymbolNormalized} (${order.pairSymbol})`],
    ["Side", order.type],
    ["Method", order.method],
    ["Status", order.status, statusStyle(order.status, c)],
    [more?.priceLabel ?? "Price", num(order, "price")],
    ...(more?.rows ?? []),
    ["Stop price", num(order, "stopPrice")],
    ["Amount", num(order, "amount")],
    ["Quantity", num(order, "quantity")],
    ["Left amount", num(order, "leftAmount")],
    ["Client tag", order.orderClientId ?? ""],
    ["Created", localTime(num(order, "time"))],
    ["Updated", localTime(num(order, "updateTime"))],
    ...(more?.after ?? []),
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows
    .map(([label, value, style]) => {
      const text = sanitize(value);
      return `${c.dim(label.padEnd(width))}  ${style ? style(text) : text}`;
    })
    .join("\n")
    .concat("\n");
}

export const ORDER_VIEW: RecordView<Order> = {
  columns: ORDER_COLUMNS,
  table: (orders, io) => {
    const body =
      orders.length === 1 ? orderDetail(orders[0]!, io) : renderTable(ORDER_ROWS, orders, io);
    return `${body}\n${io.out.dim(FIRST_TRADE_PRICE_NOTE)}\n`;
  },
};

/**
 * With `--fills`: the fills columns after the order's in tsv/csv, the average next to the price in
 * the tables, and the labels saying which price is which.
 */
export const ORDER_FILLS_VIEW: RecordView<OrderWithFills> = {
  columns: [...ORDER_COLUMNS, ...FILLS_COLUMNS],
  table: (orders, io) => {
    const body =
      orders.length === 1
        ? orderDetail(orders[0]!, io, {
            // Before any trade the price is the order's own (a limit price), not a trade's.
            priceLabel: orders[0]!.fills.count > 0 ? "Price (1st trade)" : "Price",
            ...fillsDetailRows(orders[0]!.fills),
          })
        : renderTable(
            ORDER_ROWS.flatMap((column) =>
              column.header === "PRICE"
                ? [{ ...column, header: "PRICE (1ST)" }, AVERAGE_PRICE_ROW]
                : [column],
            ),
            orders,
            io,
          );
    return `${body}\n${io.out.dim(FILLS_NOTE)}\n`;
  },
};

export async function runOrderGet(options: OrderGetOptions, ctx: CommandContext): Promise<number> {
  const ids = checkedOrderIds(options.ids);
  const client = await ctx.client();
  const single = { single: ids.length === 1 };
  if (options.fills) {
    // The order and its trades are asked for together; the order is shown only with its fills.
    const { found, failure } = await fetchEach(ids, ctx, async (id) => {
      const [order, trades] = await Promise.all([client.getOrder(id), client.listTrades(id)]);
      return withFills(order, trades);
    });
    await writeAll(createRecordWriter(ctx.globals.output, ORDER_FILLS_VIEW, ctx.io, single), found);
    return exitCodeFor(failure, ids);
  }
  const { found, failure } = await fetchEach(ids, ctx, (id) => client.getOrder(id));
  await writeAll(createRecordWriter(ctx.globals.output, ORDER_VIEW, ctx.io, single), found);
  return exitCodeFor(failure, ids);
}

async function writeAll<T>(writer: RecordWriter<T>, records: readonly T[]): Promise<void> {
  if (records.length === 0) return;
  await writer.write(records);
  await writer.end();
}
