import type { ChalkInstance } from "chalk";
import { ORDER_FIELD_NAMES, type Order, type OrderFieldName } from "../../domain/order.js";
import { foldCase } from "../../domain/text.js";
import type { Lang } from "../../i18n/index.js";
import { fieldColumns, sameText, selectFields } from "../../output/fields.js";
import { GIVE } from "../../output/narrowing.js";
import {
  type Column,
  createRecordWriter,
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
const decimal = (key: keyof Order, label: string) =>
  sameText<Order>(label, (o) => num(o, key), { numeric: true });

/** Every field of the order (seed 2.4), named as the API names them, with its column for people. */
export const ORDER_COLUMNS: readonly Column<Order>[] = fieldColumns<Order, OrderFieldName>(
  ORDER_FIELD_NAMES,
  {
    id: decimal("id", "ID"),
    pairSymbol: sameText("PAIR", (o) => o.pairSymbol),
    pairSymbolNormalized: sameText("PAIR", (o) => o.pairSymbolNormalized),
    type: sameText("SIDE", (o) => o.type),
    method: sameText("METHOD", (o) => o.method),
    status: { text: (o) => o.status, table: column("STATUS", statusCell) },
    price: decimal("price", "PRICE"),
    amount: decimal("amount", "AMOUNT"),
    quantity: decimal("quantity", "QUANTITY"),
    stopPrice: decimal("stopPrice", "STOP"),
    leftAmount: decimal("leftAmount", "LEFT"),
    orderClientId: sameText("CLIENT TAG", (o) => o.orderClientId ?? "", { give: GIVE.text }),
    time: {
      text: (o) => isoUtc(num(o, "time")),
      table: column("CREATED", (o, _c, lang) => localTime(num(o, "time"), lang)),
    },
    updateTime: {
      text: (o) => isoUtc(num(o, "updateTime")),
      table: column("UPDATED", (o, _c, lang) => localTime(num(o, "updateTime"), lang)),
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
    column("ID", (o) => num(o, "id")),
    column("PAIR", (o) => o.pairSymbolNormalized || o.pairSymbol),
    column("SIDE", (o) => o.type),
    column("METHOD", (o) => o.method),
    column("STATUS", statusCell),
    column("PRICE", (o) => num(o, "price")),
    { ...column("STOP", (o) => num(o, "stopPrice")), blank: noStop },
    column("AMOUNT", (o) => num(o, "amount")),
    column("LEFT", (o) => num(o, "leftAmount")),
    column("CREATED", (o, _c, lang) => localTime(num(o, "time"), lang)),
  ],
  drops: [
    {
      label: "CREATED",
      to: column("CREATED", (o, _c, lang) => localTime(num(o, "time"), lang).slice(0, 10)),
    },
    { label: "METHOD" },
    { label: "LEFT" },
    { label: "CREATED" },
    { label: "SIDE" },
    { label: "STOP" },
  ],
};

type DetailRows = [label: string, value: Cell | string][];

/**
 * One order as label/value lines, times local, status coloured; `more` adds rows after the
 * price and at the end (`--fills`).
 */
function orderDetail<T extends Order>(
  more?: (order: T) => { priceLabel: string; rows: DetailRows; after: DetailRows },
): (order: T, c: ChalkInstance, lang?: Lang) => DetailRows {
  return (order, c, lang) => {
    const extra = more?.(order);
    return [
      ["Order", { text: num(order, "id"), style: c.bold }],
      ["Pair", `${order.pairSymbolNormalized} (${order.pairSymbol})`],
      ["Side", order.type],
      ["Method", order.method],
      ["Status", statusCell(order, c)],
      [extra?.priceLabel ?? "Price", num(order, "price")],
      ...(extra?.rows ?? []),
      ["Stop price", num(order, "stopPrice")],
      ["Amount", num(order, "amount")],
      ["Quantity", num(order, "quantity")],
      ["Left amount", num(order, "leftAmount")],
      ["Client tag", order.orderClientId ?? ""],
      ["Created", localTime(num(order, "time"), lang)],
      ["Updated", localTime(num(order, "updateTime"), lang)],
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
      column.label === "PRICE"
        ? [{ ...column, label: "PRICE (1ST)" }, AVERAGE_PRICE_COLUMN]
        : [column],
    ),
    drops: ORDER_TABLE.drops,
  },
  detail: orderDetail((order: OrderWithFills) => ({
    // Before any trade the price is the order's own (a limit price), not a trade's.
    priceLabel: order.fills.count > 0 ? "Price (1st trade)" : "Price",
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
