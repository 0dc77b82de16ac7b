import type { ChalkInstance } from "chalk";
import { numberText } from "../../api/json.js";
import { canonicalId, idProblem } from "../../domain/ids.js";
import { FIRST_TRADE_PRICE_NOTE, type Order } from "../../domain/order.js";
import { isTradectlError, TradectlError } from "../../errors.js";
import type { IOStreams } from "../../output/io.js";
import {
  type Column,
  createRecordWriter,
  type RecordView,
  renderTable,
} from "../../output/records.js";
import { sanitize } from "../../output/sanitize.js";
import { isoUtc, localTime } from "../../output/time.js";
import type { CommandContext } from "../context.js";
import { reportError } from "../report.js";

export interface OrderGetOptions {
  ids: string[];
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

/** One order as a field/value view, times local, status coloured. */
function orderDetail(order: Order, io: IOStreams): string {
  const c = io.out;
  const rows: [string, string, ((s: string) => string)?][] = [
    ["Order", num(order, "id"), c.bold],
    ["Pair", `${order.pairSymbolNormalized} (${order.pairSymbol})`],
    ["Side", order.type],
    ["Method", order.method],
    ["Status", order.status, statusStyle(order.status, c)],
    ["Price", num(order, "price")],
    ["Stop price", num(order, "stopPrice")],
    ["Amount", num(order, "amount")],
    ["Quantity", num(order, "quantity")],
    ["Left amount", num(order, "leftAmount")],
    ["Client tag", order.orderClientId ?? ""],
    ["Created", localTime(num(order, "time"))],
    ["Updated", localTime(num(order, "updateTime"))],
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
  const ids = options.ids.map((id) => canonicalId(id)!);
  const client = await ctx.client();
  const results = await pool(ids, CONCURRENCY, (id) => client.getOrder(id));

  const writer = createRecordWriter(ctx.globals.output, ORDER_VIEW, ctx.io, {
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
  }
  if (firstFailure === null) return 0;
  if (ids.length === 1) throw firstFailure;
  return firstFailure.exitCode;
}
