// The sandbox's routing: the endpoint table, then rate limits and authentication before a handler.
import type { IncomingMessage } from "node:http";
import type { RateLimitClass } from "../domain/limits.js";
import { SEED_EXCHANGES } from "./data.js";
import { confirmDeclaration, listDeclarations } from "./declaration-routes.js";
import type { Refusal401 } from "./faults.js";
import { getOrder, listTrades } from "./order-routes.js";
import { errorReply, type Reply, type SandboxContext, tooManyRequests } from "./replies.js";

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

const EXCHANGES_BODY = JSON.stringify({
  data: SEED_EXCHANGES,
  success: true,
  message: null,
  code: 0,
});

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
