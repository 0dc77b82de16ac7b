import type { IncomingMessage } from "node:http";
import { confirmRuleViolations } from "../domain/confirm.js";
import { parseListQuery } from "../domain/declarations.js";
import { canonicalId } from "../domain/ids.js";
import type { RateLimitClass, RateWindow } from "../domain/limits.js";
import { CONFIRM_MESSAGES, ORDER_NOT_FOUND_MESSAGE } from "../domain/messages.js";
import { parseWholeNumber } from "../domain/numbers.js";
import { LosslessNumber, stringifyLossless } from "../wire/json.js";
import type { Authenticator } from "./auth.js";
import { readConfirmRequest } from "./confirm-request.js";
import {
  DEMO_USER,
  DEMO_USER_NAME,
  SEED_EXCHANGES,
  SEED_ORDERS,
  SEED_TRADES,
  type StoredDeclaration,
  type StoredOrder,
  type StoredTrade,
} from "./data.js";
import type { Refusal401 } from "./faults.js";
import type { RateLimits } from "./rate-limits.js";
import type { StateStore } from "./store.js";

export interface Reply {
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** For the server's log only. */
  reason?: string;
}

export interface SandboxContext {
  store: StateStore;
  /** The sandbox's clock in Unix ms, skew included. */
  clock: () => number;
  auth: Authenticator;
  limits: RateLimits | null;
  /** Every private request refused 401 with this body (`--faults 401=`); null: none is. */
  refusal401?: Refusal401 | null;
}

/**
 * Error bodies in the shape the service uses (API-NOTES.md): `code` repeats the HTTP status,
 * except where the service has its own code (1152, order not found). Several broken rules: the
 * message is the first, `errors` lists them all.
 */
export function errorReply(status: number, message: string, errors?: readonly string[]): Reply {
  const body: Record<string, unknown> = {
    success: false,
    message,
    code: status,
    httpStatusCode: status,
  };
  if (errors && errors.length > 1) body.errors = errors;
  body.data = null;
  return { status, body: JSON.stringify(body) };
}

/**
 * The service's 429 (API-NOTES.md, "Rate limits"): `limit` is a string, `details` says the
 * quota. Without a window (an injected fault) there is no quota to name, only when to come back.
 */
export function tooManyRequests(retryAfterS: number, window: RateWindow | null): Reply {
  const quota = window
    ? {
        details: `Quota exceeded. Maximum allowed: ${window.limit} per ${window.period}.`,
        limit: String(window.limit),
        period: window.period,
      }
    : { details: `Too many requests. Please try again in ${retryAfterS} second(s).` };
  return {
    status: 429,
    headers: { "Retry-After": String(retryAfterS) },
    body: JSON.stringify({
      message: "TOO_MANY_REQUESTS",
      success: false,
      code: 429,
      ...quota,
      policy: "ip",
    }),
  };
}

/**
 * A 401 without the service's JSON (`--faults 401=`): an empty body, as the service sends for
 * some refused keys, or the HTML page of a gateway that refused the call before the service.
 */
function refusedWithout(form: Refusal401): Reply {
  if (form === "empty") return { status: 401, body: "", reason: "fault 401=empty" };
  return {
    status: 401,
    body: "<html>\r\n<head><title>401 Authorization Required</title></head>\r\n<body>\r\n<center><h1>401 Authorization Required</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n",
    contentType: "text/html",
    reason: "fault 401=html",
  };
}

const ok = (value: unknown): Reply => ({ status: 200, body: stringifyLossless(value) });

// ---- wire shapes --------------------------------------------------------------------------------

export function declarationOnWire(d: StoredDeclaration) {
  return {
    cryptoDepositDeclarationId: new LosslessNumber(d.id),
    createdAt: d.createdAt,
    status: d.status,
    confirmedAt: d.confirmedAt,
    confirmedBy: d.confirmedBy,
    firstName: d.firstName,
    lastName: d.lastName,
    amount: new LosslessNumber(d.amount),
    symbol: d.symbol,
    address: d.address,
    memoTag: d.memoTag,
    lightningInvoice: d.lightningInvoice,
  };
}

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
const EXCHANGE_IDS: ReadonlySet<string> = new Set(SEED_EXCHANGES.map((e) => String(e.id)));
const EXCHANGES_BODY = JSON.stringify({
  data: SEED_EXCHANGES,
  success: true,
  message: null,
  code: 0,
});

// ---- handlers -----------------------------------------------------------------------------------

/** Query names are matched in any case, as the service's model binding does. */
function queryValues(search: URLSearchParams, name: string): string[] {
  const lower = name.toLowerCase();
  const values: string[] = [];
  for (const [key, value] of search) if (key.toLowerCase() === lower) values.push(value);
  return values;
}

async function listDeclarations(search: URLSearchParams, context: SandboxContext): Promise<Reply> {
  const result = parseListQuery({
    status: queryValues(search, "status"),
    page: queryValues(search, "page")[0],
    pageSize: queryValues(search, "pageSize")[0],
  });
  if (!result.ok) {
    const messages = result.errors.map((v) => v.message);
    return errorReply(400, messages[0]!, messages);
  }
  const { statuses, page, pageSize } = result.query;
  const dataset = await context.store.view();
  return ok(dataset.page(statuses, page, pageSize).map(declarationOnWire));
}

async function confirmDeclaration(body: string, context: SandboxContext): Promise<Reply> {
  const request = readConfirmRequest(body);
  if (!request.ok) return errorReply(400, request.errors[0]!, request.errors);
  const draft = request.draft;
  const violations = confirmRuleViolations(draft, { supportedExchangeIds: EXCHANGE_IDS }).map(
    (v) => v.message,
  );
  if (violations.length > 0) return errorReply(400, violations[0]!, violations);
  const outcome = await context.store.confirm(draft.cryptoDepositDeclarationId, () => {
    const self = draft.isSelfSender === true;
    return {
      confirmedAt: new Date(context.clock()).toISOString(),
      confirmedBy: DEMO_USER_NAME,
      firstName: self ? DEMO_USER.firstName : draft.firstName!.trim(),
      lastName: self ? DEMO_USER.lastName : draft.lastName!.trim(),
    };
  });
  if (outcome === "not_found") return errorReply(404, CONFIRM_MESSAGES.notFound);
  if (outcome === "already_confirmed") return errorReply(422, CONFIRM_MESSAGES.alreadyConfirmed);
  return { status: 200, body: JSON.stringify({ success: true, message: "", code: 0 }) };
}

function getOrder(idText: string): Reply {
  const id = canonicalId(idText);
  if (id === null) {
    return errorReply(400, `orderId must be a 64-bit integer, got '${idText.slice(0, 40)}'`);
  }
  const order = ORDERS.get(id);
  if (!order) {
    // The service's own words and code for this case (API-NOTES.md), with no extra fields.
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
function listTrades(search: URLSearchParams, context: SandboxContext): Reply {
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

function serverTime(context: SandboxContext): Reply {
  const now = context.clock();
  return {
    status: 200,
    body: JSON.stringify({ serverTime: now, serverTime2: new Date(now).toISOString() }),
  };
}

// ---- routing ------------------------------------------------------------------------------------

interface Route {
  pattern: RegExp;
  methods: Record<
    string,
    (
      match: RegExpMatchArray,
      search: URLSearchParams,
      body: string,
      context: SandboxContext,
    ) => Reply | Promise<Reply>
  >;
  /** Private endpoints need Authentication V1. */
  private: boolean;
  /** The rate-limit class of each method (domain/limits.ts). */
  limits: Readonly<Record<string, RateLimitClass>>;
}

const ROUTES: readonly Route[] = [
  {
    pattern: /^\/api\/v1\/crypto-deposit-declarations$/,
    methods: { GET: (_m, search, _b, c) => listDeclarations(search, c) },
    private: true,
    limits: { GET: "declarations" },
  },
  {
    pattern: /^\/api\/v1\/crypto-deposit-declarations\/confirm$/,
    methods: {
      GET: (_m, search, _b, c) => listDeclarations(search, c),
      POST: (_m, _s, body, c) => confirmDeclaration(body, c),
    },
    private: true,
    limits: { GET: "declarations", POST: "confirm" },
  },
  {
    pattern: /^\/api\/v1\/order\/([^/]+)$/,
    methods: { GET: (m) => getOrder(m[1]!) },
    private: true,
    limits: { GET: "order" },
  },
  {
    pattern: /^\/api\/v1\/users\/transactions\/trade$/,
    methods: { GET: (_m, search, _b, c) => listTrades(search, c) },
    private: true,
    limits: { GET: "trades" },
  },
  {
    pattern: /^\/api\/v1\/exchanges$/,
    methods: { GET: () => ({ status: 200, body: EXCHANGES_BODY }) },
    private: true,
    limits: { GET: "exchanges" },
  },
  {
    pattern: /^\/api\/v2\/server\/time$/,
    methods: { GET: (_m, _s, _b, c) => serverTime(c) },
    private: false,
    limits: { GET: "serverTime" },
  },
];

/** Finds the endpoint, then applies rate limits and authentication before its handler. */
export async function routeFor(
  req: IncomingMessage,
  body: string,
  context: SandboxContext,
): Promise<Reply> {
  const url = new URL(req.url ?? "/", "http://sandbox");
  // Routes match in any case and with a trailing slash, as ASP.NET routing does.
  const path = url.pathname.replace(/\/+$/, "").toLowerCase();
  const method = (req.method ?? "GET").toUpperCase();
  for (const route of ROUTES) {
    const match = path.match(route.pattern);
    if (!match) continue;
    const handler = route.methods[method];
    if (!handler) {
      const allowed = Object.keys(route.methods).join(", ");
      const reply = errorReply(405, `Method ${method} is not allowed here; allowed: ${allowed}`);
      return { ...reply, headers: { Allow: allowed } };
    }
    const limit = route.limits[method];
    if (limit && context.limits) {
      const client = req.socket.remoteAddress ?? "unknown";
      const refusal = context.limits.admit(limit, client);
      if (refusal) {
        return {
          ...tooManyRequests(refusal.retryAfterS, refusal.window),
          reason: `rate limit ${limit}: ${refusal.window.limit} per ${refusal.window.period}`,
        };
      }
    }
    if (route.private) {
      if (context.refusal401) return refusedWithout(context.refusal401);
      const auth = context.auth.check(req.headers, {
        endpoint: limit ?? null,
        remote: req.socket.remoteAddress ?? "",
      });
      if (!auth.ok) return { ...errorReply(401, auth.message), reason: auth.reason };
    }
    return handler(match, url.searchParams, body, context);
  }
  return errorReply(404, `No endpoint at ${url.pathname}`);
}
