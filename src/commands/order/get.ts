import type { ChalkInstance } from "chalk";
import { ORDER_FIELD_NAMES, type Order, type OrderFieldName } from "../../domain/order.js";
import { foldCase } from "../../domain/text.js";
import { type LabelKey, type Lang, msg } from "../../i18n/index.js";
import { fieldColumns, sameText, selectFields } from "../../output/fields.js";
import { GIVE } from "../../output/narrowing.js";
import {
  type Column,
  createRecordWriter,
  type DetailRow,
  detailRow,
  type RecordView,
  type RecordWriter,
} from "../../output/records.js";
import { type Cell, type TableSpec, tableColumn, wrapped } from "../../output/table.js";
import { isoUtc, localTime } from "../../output/time.js";
import { numberText } from "../../wire/json.js";
import type { CommandContext } from "../context.js";
import { exitCodeFor, fetchEach } from "./each.js";
import {
  AVERAGE_PRICE_COLUMN,
  FILLS_COLUMNS,
  fillsDetailRows,
  type OrderWithFills,
  withFills,
} from "./fills-view.js";
import { type OrderIds, orderIdsOf } from "./ids.js";

/** What `order get`'s flags ask for, checked (by the spec, get-spec.ts): the run's options. */
export interface OrderGetOptions {
  /** The order ids, canonical, in the order given (or `-`: stdin's lines). */
  ids: OrderIds;
  /** Also fetch each order's trades and add what it really filled at (`fills`). */
  fills: boolean;
  /** `--fields`: the API field names to show, in order (fills.* only with `fills`). */
  fields: readonly string[] | undefined;
}

export function statusStyle(status: string, color: ChalkInstance): (s: string) => string {
  const s = foldCase(status);
  if (s === "untouched" || s === "pending") return color.yellow;
  if (s.includes("partial")) return color.cyan;
  if (s === "filled" || s === "closed" || s === "confirmed") return color.green;
  if (s.includes("cancel") || s.includes("reject")) return color.red;
  return (t) => t;
}

const num = (o: Order, key: keyof Order) => numberText(o[key]);

const statusCell = (o: Order, c: ChalkInstance): Cell => ({
  text: o.status,
  style: statusStyle(o.status, c),
});

const column = tableColumn<Order>;

/** A zero stop price: the order has no stop (a column of nothing else but these may go). */
const noStop = (text: string) => /^0*(\.0*)?$/.test(text);

/** A number field (id, decimal): every digit as sent, never neutralised as text in csv. */
const decimal = (key: keyof Order, label: LabelKey) =>
  sameText<Order>(label, (o) => num(o, key), { numeric: true });

/** Every field of the order (seed 2.4), named as the API names them, with its column for people. */
export const ORDER_COLUMNS: readonly Column<Order>[] = fieldColumns<Order, OrderFieldName>(
  ORDER_FIELD_NAMES,
  {
    id: decimal("id", "label.id"),
    pairSymbol: sameText("label.pair", (o) => o.pairSymbol),
    pairSymbolNormalized: sameText("label.pair", (o) => o.pairSymbolNormalized),
    type: sameText("label.side", (o) => o.type),
    method: sameText("label.method", (o) => o.method),
    status: { text: (o) => o.status, table: column("label.status", statusCell) },
    price: decimal("price", "label.price"),
    amount: decimal("amount", "label.amount"),
    quantity: decimal("quantity", "label.quantity"),
    stopPrice: decimal("stopPrice", "label.stop"),
    leftAmount: decimal("leftAmount", "label.left"),
    orderClientId: sameText("label.clientTag", (o) => o.orderClientId ?? "", { give: GIVE.text }),
    time: {
      text: (o) => isoUtc(num(o, "time")),
      table: column("label.created", (o, _c, lang) => localTime(num(o, "time"), lang)),
    },
    updateTime: {
      text: (o) => isoUtc(num(o, "updateTime")),
      table: column("label.updated", (o, _c, lang) => localTime(num(o, "updateTime"), lang)),
    },
  },
);

/**
 * Several orders as rows for people: the fields one compares across orders. The stop price has
 * its column, so a stop order does not read "price 0". On a narrow terminal columns go in this
 * order: the stop price when no order has one, the time of day, the method, the amount left,
 * the creation date, the side, the stop price. Digits are never cut; below that, each order is
 * printed as a block of lines.
 */
export const ORDER_TABLE: TableSpec<Order> = {
  columns: [
    column("label.id", (o) => num(o, "id")),
    column("label.pair", (o) => o.pairSymbolNormalized || o.pairSymbol),
    column("label.side", (o) => o.type),
    column("label.method", (o) => o.method),
    column("label.status", statusCell),
    column("label.price", (o) => num(o, "price")),
    { ...column("label.stop", (o) => num(o, "stopPrice")), blank: noStop },
    column("label.amount", (o) => num(o, "amount")),
    column("label.left", (o) => num(o, "leftAmount")),
    column("label.created", (o, _c, lang) => localTime(num(o, "time"), lang)),
  ],
  drops: [
    {
      label: "label.created",
      to: column("label.created", (o, _c, lang) => localTime(num(o, "time"), lang).slice(0, 10)),
    },
    { label: "label.method" },
    { label: "label.left" },
    { label: "label.created" },
    { label: "label.side" },
    { label: "label.stop" },
  ],
};

type DetailRows = DetailRow[];

/**
 * One order as label/value lines, times local, status coloured; `more` adds rows after the
 * price and at the end (`--fills`).
 */
function orderDetail<T extends Order>(
  more?: (order: T) => { priceLabel: LabelKey; rows: DetailRows; after: DetailRows },
): (order: T, c: ChalkInstance, lang?: Lang) => DetailRows {
  return (order, c, lang) => {
    const extra = more?.(order);
    return [
      detailRow("label.detail.order", { text: num(order, "id"), style: c.bold }),
      detailRow("label.detail.pair", `${order.pairSymbolNormalized} (${order.pairSymbol})`),
      detailRow("label.detail.side", order.type),
      detailRow("label.detail.method", order.method),
      detailRow("label.detail.status", statusCell(order, c)),
      detailRow(extra?.priceLabel ?? "label.detail.price", num(order, "price")),
      ...(extra?.rows ?? []),
      detailRow("label.detail.stopPrice", num(order, "stopPrice")),
      detailRow("label.detail.amount", num(order, "amount")),
      detailRow("label.detail.quantity", num(order, "quantity")),
      detailRow("label.detail.leftAmount", num(order, "leftAmount")),
      detailRow("label.detail.clientTag", order.orderClientId ?? ""),
      detailRow("label.detail.created", localTime(num(order, "time"), lang)),
      detailRow("label.detail.updated", localTime(num(order, "updateTime"), lang)),
      ...(extra?.after ?? []),
    ];
  };
}

export const ORDER_VIEW: RecordView<Order> = {
  columns: ORDER_COLUMNS,
  table: ORDER_TABLE,
  detail: orderDetail(),
};

/**
 * With `--fills`: the fills columns after the order's in tsv/csv, the average next to the price in
 * the tables, and the labels saying which price is which.
 */
export const ORDER_FILLS_VIEW: RecordView<OrderWithFills> = {
  columns: [...ORDER_COLUMNS, ...FILLS_COLUMNS],
  table: {
    columns: ORDER_TABLE.columns.flatMap((column) =>
      column.label.key === "label.price"
        ? [{ ...column, label: msg("label.priceFirst") }, AVERAGE_PRICE_COLUMN]
        : [column],
    ),
    drops: ORDER_TABLE.drops,
  },
  detail: orderDetail((order: OrderWithFills) => ({
    // Before any trade the price is the order's own (a limit price), not a trade's.
    priceLabel: order.fills.count > 0 ? "label.detail.priceFirstTrade" : "label.detail.price",
    ...fillsDetailRows(order.fills),
  })),
};

export async function runOrderGet(options: OrderGetOptions, ctx: CommandContext): Promise<number> {
  const { fields } = options;
  const ids = await orderIdsOf(options.ids, ctx.io.stdin);
  const fillsView = selectFields(ORDER_FILLS_VIEW, options.fills ? fields : undefined);
  const plainView = selectFields(ORDER_VIEW, options.fills ? undefined : fields);
  const client = await ctx.client();
  const single = { single: ids.length === 1 };
  let code: number;
  let shown: number;
  if (options.fills) {
    // The order and its trades are asked for together; the order is shown only with its fills.
    const { found, failure } = await fetchEach(ids, ctx, async (id) => {
      const [order, trades] = await Promise.all([client.getOrder(id), client.listTrades(id)]);
      return withFills(order, trades);
    });
    await writeAll(createRecordWriter(ctx.globals.output, fillsView, ctx.io, single), found);
    code = exitCodeFor(failure, ids);
    shown = found.length;
  } else {
    const { found, failure } = await fetchEach(ids, ctx, (id) => client.getOrder(id));
    await writeAll(createRecordWriter(ctx.globals.output, plainView, ctx.io, single), found);
    code = exitCodeFor(failure, ids);
    shown = found.length;
  }
  // Not data: a note for people, on stderr (so -q hides it), broken at spaces.
  if (ctx.globals.output === "table" && shown > 0) {
    const note = ctx.io.t(options.fills ? "order.fillsNote" : "order.firstTradeNote");
    ctx.io.info(ctx.io.err.dim(wrapped(note, ctx.io.columns)));
  }
  return code;
}

async function writeAll<T>(writer: RecordWriter<T>, records: readonly T[]): Promise<void> {
  if (records.length === 0) return;
  await writer.write(records);
  await writer.end();
}
