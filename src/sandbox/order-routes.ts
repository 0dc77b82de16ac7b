// The sandbox's order endpoints: one order, and the trades (of an order, or filtered).
import { canonicalId } from "../domain/ids.js";
import { ORDER_NOT_FOUND_MESSAGE } from "../domain/messages.js";
import { parseWholeNumber } from "../domain/numbers.js";
import { LosslessNumber } from "../wire/json.js";
import { SEED_ORDERS, SEED_TRADES, type StoredOrder, type StoredTrade } from "./data.js";
import { errorReply, ok, queryValues, type Reply, type SandboxContext } from "./replies.js";

function orderOnWire(o: StoredOrder) {
  return {
    ...o,
    id: new LosslessNumber(o.id),
    time: new LosslessNumber(o.time),
    updateTime: new LosslessNumber(o.updateTime),
  };
}

function tradeOnWire(t: StoredTrade) {
  return {
    price: t.price,
    numeratorSymbol: t.numeratorSymbol,
    denominatorSymbol: t.denominatorSymbol,
    orderType: t.orderType,
    orderId: new LosslessNumber(t.orderId),
    id: new LosslessNumber(t.id),
    timestamp: new LosslessNumber(t.timestamp),
    amount: t.amount,
    preciseAmount: new LosslessNumber(t.preciseAmount),
    fee: t.fee,
    tax: t.tax,
    orderClientId: t.orderClientId,
  };
}

const ORDERS = new Map(SEED_ORDERS.map((o) => [o.id, o]));

export function getOrder(idText: string): Reply {
  const id = canonicalId(idText);
  if (id === null) {
    return errorReply(400, `orderId must be a 64-bit integer, got '${idText.slice(0, 40)}'`);
  }
  const order = ORDERS.get(id);
  if (!order) {
    // The service's own words and code for this case (docs/SERVICE-NOTES.md), with no extra fields.
    return {
      status: 400,
      body: JSON.stringify({ success: false, message: ORDER_NOT_FOUND_MESSAGE, code: 1152 }),
    };
  }
  return ok({ data: orderOnWire(order), success: true, message: null, code: 0 });
}

const TRADE_PARAMETERS = ["orderId", "type", "symbol", "pairSymbol", "startDate", "endDate"];
/** Without startDate/endDate the service answers the last 30 days. */
const DEFAULT_TRADE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

const tradesReply = (trades: readonly StoredTrade[]): Reply =>
  ok({ success: true, message: "SUCCESS", code: 0, data: trades.map(tradeOnWire) });

/**
 * GET /api/v1/users/transactions/trade. `orderId` must come alone (the service: "you can not
 * combine this parameter with other parameters"); otherwise `type`, `symbol` (either asset of
 * the pair), `pairSymbol` (either spelling) and a `startDate`..`endDate` window (Unix ms, the
 * last 30 days by default) narrow every trade. Arrays repeat the parameter.
 */
export function listTrades(search: URLSearchParams, context: SandboxContext): Reply {
  const given = new Set([...search.keys()].map((k) => k.toLowerCase()));
  const orderIds = queryValues(search, "orderId");
  if (orderIds.length > 0) {
    const others = TRADE_PARAMETERS.filter((p) => p !== "orderId" && given.has(p.toLowerCase()));
    const unknown = [...given].filter((k) => !TRADE_PARAMETERS.some((p) => p.toLowerCase() === k));
    const extra = [...others, ...unknown];
    if (extra.length > 0) {
      return errorReply(
        400,
        `orderId can not be combined with other parameters (also given: ${extra.join(", ")})`,
      );
    }
    if (orderIds.length > 1) return errorReply(400, "orderId must be given once");
    const id = canonicalId(orderIds[0]!);
    if (id === null) {
      return errorReply(
        400,
        `orderId must be a 64-bit integer, got '${orderIds[0]!.slice(0, 40)}'`,
      );
    }
    return tradesReply(SEED_TRADES.filter((t) => t.orderId === id));
  }
  const types = queryValues(search, "type").map((t) => t.toLowerCase());
  const badType = types.find((t) => t !== "buy" && t !== "sell");
  if (badType !== undefined) {
    return errorReply(400, `type must be buy or sell, got '${badType.slice(0, 40)}'`);
  }
  const dates: Record<"startDate" | "endDate", number | undefined> = {
    startDate: undefined,
    endDate: undefined,
  };
  for (const name of ["startDate", "endDate"] as const) {
    const [text] = queryValues(search, name);
    if (text === undefined) continue;
    const ms = parseWholeNumber(text, 0, 999_999_999_999_999);
    if (ms === null) {
      return errorReply(
        400,
        `${name} must be Unix time in milliseconds, got '${text.slice(0, 40)}'`,
      );
    }
    dates[name] = ms;
  }
  const end = dates.endDate ?? context.clock();
  const start = dates.startDate ?? end - DEFAULT_TRADE_WINDOW_MS;
  if (start > end) return errorReply(400, "startDate must not be after endDate");
  const symbols = new Set(queryValues(search, "symbol").map((s) => s.toUpperCase()));
  const pairs = new Set(
    queryValues(search, "pairSymbol").map((p) => p.toUpperCase().replace(/[_-]/g, "")),
  );
  return tradesReply(
    SEED_TRADES.filter((t) => {
      const time = Number(t.timestamp);
      return (
        time >= start &&
        time <= end &&
        (types.length === 0 || types.includes(t.orderType)) &&
        (symbols.size === 0 ||
          symbols.has(t.numeratorSymbol) ||
          symbols.has(t.denominatorSymbol)) &&
        (pairs.size === 0 || pairs.has(t.numeratorSymbol + t.denominatorSymbol))
      );
    }),
  );
}
