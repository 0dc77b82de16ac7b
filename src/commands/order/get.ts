import type { ChalkInstance } from "chalk";
import { numberText } from "../../api/json.js";
import { canonicalId, idProblem } from "../../domain/ids.js";
import {
  FIRST_TRADE_PRICE_NOTE,
  ORDER_FIELD_NAMES,
  type Order,
  type OrderFieldName,
} from "../../domain/order.js";
import { isTradectlError, TradectlError } from "../../errors.js";
import { fieldColumns, sameText, selectFields } from "../../output/fields.js";
import { GIVE } from "../../output/narrowing.js";
import { type Column, createRecordWriter, type RecordView } from "../../output/records.js";
import { sanitize } from "../../output/sanitize.js";
import { type Cell, type TableSpec, tableColumn, wrapped } from "../../output/table.js";
import { isoUtc, localTime } from "../../output/time.js";
import type { CommandContext } from "../context.js";
import { reportError } from "../report.js";

export interface OrderGetOptions {
  ids: string[];
  /** `--fields`: API field names, comma-separated. */
  fields?: string;
}

/** Requests in flight at once; the client's rate limiter keeps them inside 30 per second. */
const CONCURRENCY = 8;

export function statusStyle(status: string, color: ChalkInstance): (s: string) => string {
  const s = status.toLowerCase();
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
      table: column("CREATED", (o) => localTime(num(o, "time"))),
    },
    updateTime: {
      text: (o) => isoUtc(num(o, "updateTime")),
      table: column("UPDATED", (o) => localTime(num(o, "updateTime"))),
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
    column("CREATED", (o) => localTime(num(o, "time"))),
  ],
  drops: [
    { label: "CREATED", to: column("CREATED", (o) => localTime(num(o, "time")).slice(0, 10)) },
    { label: "METHOD" },
    { label: "LEFT" },
    { label: "CREATED" },
    { label: "SIDE" },
    { label: "STOP" },
  ],
};

/** One order as label/value lines, times local, status coloured. */
const ORDER_DETAIL: RecordView<Order>["detail"] = [
  ["Order", (o, c) => ({ text: num(o, "id"), style: c.bold })],
  ["Pair", (o) => `${o.pairSymbolNormalized} (${o.pairSymbol})`],
  ["Side", (o) => o.type],
  ["Method", (o) => o.method],
  ["Status", statusCell],
  ["Price", (o) => num(o, "price")],
  ["Stop price", (o) => num(o, "stopPrice")],
  ["Amount", (o) => num(o, "amount")],
  ["Quantity", (o) => num(o, "quantity")],
  ["Left amount", (o) => num(o, "leftAmount")],
  ["Client tag", (o) => o.orderClientId ?? ""],
  ["Created", (o) => localTime(num(o, "time"))],
  ["Updated", (o) => localTime(num(o, "updateTime"))],
];

export const ORDER_VIEW: RecordView<Order> = {
  columns: ORDER_COLUMNS,
  table: ORDER_TABLE,
  detail: ORDER_DETAIL,
};

/** Runs `tasks` with at most `limit` in flight, results in the order of the input. */
async function pool<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: "fulfilled", value: await task(items[index]!) };
      } catch (reason) {
        results[index] = { status: "rejected", reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export async function runOrderGet(options: OrderGetOptions, ctx: CommandContext): Promise<number> {
  const problems = options.ids
    .map((id) => [id, idProblem(id)] as const)
    .filter(([, problem]) => problem !== null)
    .map(([id, problem]) => `order id '${sanitize(id)}' ${problem}`);
  if (problems.length > 0) {
    throw new TradectlError("usage", problems[0]!, { details: problems.slice(1) });
  }
  const view = selectFields(ORDER_VIEW, options.fields);
  const ids = options.ids.map((id) => canonicalId(id)!);
  const client = await ctx.client();
  const results = await pool(ids, CONCURRENCY, (id) => client.getOrder(id));

  const writer = createRecordWriter(ctx.globals.output, view, ctx.io, {
    single: ids.length === 1,
  });
  const orders: Order[] = [];
  let firstFailure: TradectlError | null = null;
  for (const [i, result] of results.entries()) {
    if (result.status === "fulfilled") {
      orders.push(result.value);
      continue;
    }
    const error = isTradectlError(result.reason)
      ? result.reason
      : new TradectlError("server", String(result.reason));
    if (error.kind === "cancelled") throw error;
    const named = new TradectlError(error.kind, `order ${ids[i]}: ${error.message}`, {
      status: error.status,
      code: error.code,
      hint:
        error.kind === "not_found"
          ? "check the id; `tradectl order get` takes the numeric order id"
          : error.hint,
    });
    firstFailure ??= named;
    // With several ids, the others still print; each failure is reported as it is found.
    if (ids.length > 1) reportError(named, ctx.io, ctx.globals.output);
  }
  if (orders.length > 0) {
    await writer.write(orders);
    await writer.end();
    // Not data: a note for people, on stderr (so -q hides it), broken at spaces.
    if (ctx.globals.output === "table") {
      ctx.io.info(ctx.io.err.dim(wrapped(FIRST_TRADE_PRICE_NOTE, ctx.io.columns)));
    }
  }
  if (firstFailure === null) return 0;
  if (ids.length === 1) throw firstFailure;
  return firstFailure.exitCode;
}
