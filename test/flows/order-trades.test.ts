import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLosslessNumber, parseLossless, stringifyLossless } from "../../src/wire/json.js";
import {
  type RecordedRequest,
  sendJson,
  startTestServer,
  type TestServer,
} from "../helpers/http-server.js";
import { runInProcess } from "../helpers/run.js";

/**
 * `order trades` and `order get --fills` as a user runs them: the whole program (main(), in process) against a plain
 * server on 127.0.0.1 that this file controls. Every expected figure below was worked out by hand
 * (and checked with Python's decimal module), not by the code under test.
 */
const KEY = "e2e-trades-key-abcdef";
const SECRET = "c2FuZGJveC1wcml2YXRlLWtleQ==";
// A wide "terminal" for the tables: the summary line stays one line (narrow: unit-tested).
const env = { TRADECTL_API_KEY: KEY, TRADECTL_API_SECRET: SECRET, TZ: "UTC", COLUMNS: "200" };

// Order 1001: three trades. The second is an older answer's shape (numbers, and an id as a
// string); preciseAmount carries float artefacts that a JS number would lose.
const TRADES_1001 = `[
 {"price":"2500.50","numeratorSymbol":"ETH","denominatorSymbol":"TRY","orderType":"buy","orderId":1001,"id":1181163798924649598,"timestamp":1700000000000,"amount":"0.10000000","preciseAmount":0.1000000000000000055511151231257827,"fee":"-0.2250450000","tax":"-0.0112522500","orderClientId":"tag-1001"},
 {"price":2499,"numeratorSymbol":"ETH","denominatorSymbol":"TRY","orderType":"buy","orderId":"1001","id":"1181163798924649599","timestamp":1700000001000,"amount":0.2,"preciseAmount":0.2000000000000000111022302462515654,"fee":-0.44982,"tax":"-0.022491","orderClientId":"tag-1001"},
 {"price":"2501.00000000","numeratorSymbol":"ETH","denominatorSymbol":"TRY","orderType":"buy","orderId":1001,"id":9223372036854775807,"timestamp":1700000002000,"amount":"0.00000001","preciseAmount":0.00000001,"fee":"0","tax":"0","orderClientId":"tag-1001"}
]`;
// Order 1003: one sell; what left the account is negative.
const TRADES_1003 = `[{"price":"100","numeratorSymbol":"SOL","denominatorSymbol":"TRY","orderType":"sell","orderId":1003,"id":1181163798924650000,"timestamp":1700000100000,"amount":"-1.5","preciseAmount":-1.50000000000000000000,"fee":"-0.135","tax":"-0.00675","orderClientId":null}]`;
const TRADES: Record<string, string> = { "1001": TRADES_1001, "1002": "[]", "1003": TRADES_1003 };

const orderJson = (id: string, price: string) =>
  `{"id":${id},"price":"${price}","amount":"0.30000001","quantity":"0.30000001","stopPrice":"0","pairSymbol":"ETHTRY","pairSymbolNormalized":"ETH_TRY","type":"buy","method":"limit","orderClientId":"tag-${id}","time":1700000000000,"updateTime":1700000002000,"status":"Closed","leftAmount":"0"}`;
const FIRST_PRICE: Record<string, string> = { "1001": "2500.50", "1002": "7.00", "1003": "100" };

/** Ids with a meaning to the trades route: a status to answer with. */
const BAD_REQUEST = "400400";
const TOO_MANY = "429429";
const BAD_DECIMAL = "777777";

function answer(req: RecordedRequest, res: ServerResponse): void {
  const url = new URL(req.url, "http://test");
  if (url.pathname.startsWith("/api/v1/order/")) {
    const id = url.pathname.split("/").pop()!;
    const body = orderJson(id, FIRST_PRICE[id] ?? "1.00");
    sendJson(res, 200, `{"data":${body},"success":true,"message":null,"code":0}`);
    return;
  }
  const id = url.searchParams.get("orderId") ?? "";
  if (id === BAD_REQUEST) {
    sendJson(res, 400, '{"success":false,"message":"orderId is not valid","code":400}');
    return;
  }
  if (id === TOO_MANY) {
    res.writeHead(429, { "content-type": "application/json", "retry-after": "0" });
    res.end(
      '{"message":"TOO_MANY_REQUESTS","success":false,"code":429,"details":"Quota exceeded. Maximum allowed: 120 per 1m.","limit":"120","period":"1m","policy":"ip"}',
    );
    return;
  }
  const data =
    id === BAD_DECIMAL
      ? TRADES_1003.replace('"price":"100"', '"price":"one hundred"')
      : (TRADES[id] ?? "[]");
  sendJson(res, 200, `{"success":true,"message":"SUCCESS","code":0,"data":${data}}`);
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(answer);
});
afterAll(async () => {
  await server.close();
});

const TRADES_PATH = "/api/v1/users/transactions/trade";

/** Runs the binary; `trades` are the trades requests the server saw for this run's ids. */
async function cli(args: string[]) {
  // The tests of this file run one after another, so the requests after `before` are this run's.
  const before = server.requests.length;
  const result = await runInProcess(["--base-url", server.url, "order", ...args], { env });
  const trades = server.requests.slice(before).filter((q) => q.url.startsWith(TRADES_PATH));
  return { ...result, trades };
}

const TSV_1001 = [
  "1181163798924649598\t2023-11-14T22:13:20.000Z\t0.10000000\t0.1000000000000000055511151231257827\t-0.2250450000\t-0.0112522500\t2500.50\tETH\tTRY\tbuy\t1001\ttag-1001",
  "1181163798924649599\t2023-11-14T22:13:21.000Z\t0.2\t0.2000000000000000111022302462515654\t-0.44982\t-0.022491\t2499\tETH\tTRY\tbuy\t1001\ttag-1001",
  "9223372036854775807\t2023-11-14T22:13:22.000Z\t0.00000001\t0.00000001\t0\t0\t2501.00000000\tETH\tTRY\tbuy\t1001\ttag-1001",
];
const TSV_1003 =
  "1181163798924650000\t2023-11-14T22:15:00.000Z\t-1.5\t-1.50000000000000000000\t-0.135\t-0.00675\t100\tSOL\tTRY\tsell\t1003\t";

describe("order trades", () => {
  it("sends orderId alone, once per order, and prints every trade with its digits (tsv)", async () => {
    const r = await cli(["trades", "1001"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.trades.map((q) => q.url)).toEqual([`${TRADES_PATH}?orderId=1001`]);
    expect(r.trades[0]!.method).toBe("GET");
    expect(r.trades[0]!.headers["x-pck"]).toBe(KEY);
    expect(r.stdout).toBe(`${TSV_1001.join("\n")}\n`);
  });

  it("several orders print in the order given, an order without trades adds nothing", async () => {
    const r = await cli(["trades", "1003", "1002", "1001"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${[TSV_1003, ...TSV_1001].join("\n")}\n`);
    expect(r.trades.map((q) => q.url).sort()).toEqual(
      ["1001", "1002", "1003"].map((id) => `${TRADES_PATH}?orderId=${id}`),
    );
  });

  it("csv: header with the API's names, exact digits", async () => {
    const r = await cli(["trades", "1003", "-o", "csv"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      "id,timestamp,amount,preciseAmount,fee,tax,price,numeratorSymbol,denominatorSymbol,orderType,orderId,orderClientId\r\n" +
        "1181163798924650000,2023-11-14T22:15:00.000Z,-1.5,-1.50000000000000000000,-0.135,-0.00675,100,SOL,TRY,sell,1003,\r\n",
    );
  });

  it("json: one array of every trade with the digits as sent; ndjson: one a line", async () => {
    const r = await cli(["trades", "1001", "1002", "1003", "-o", "json"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"id": 9223372036854775807,');
    expect(r.stdout).toContain('"preciseAmount": 0.1000000000000000055511151231257827,');
    expect(r.stdout).toContain('"amount": 0.2,');
    expect(r.stdout).toContain('"id": "1181163798924649599",');
    const trades = parseLossless(r.stdout) as { id: unknown; orderId: unknown }[];
    const text = (x: unknown) => (isLosslessNumber(x) ? x.value : x);
    expect(trades.map((t) => text(t.id))).toEqual([
      "1181163798924649598",
      "1181163798924649599",
      "9223372036854775807",
      "1181163798924650000",
    ]);
    const nd = await cli(["trades", "1003", "-o", "ndjson"]);
    expect(nd.stdout).toBe(
      '{"id":1181163798924650000,"timestamp":1700000100000,"amount":"-1.5","preciseAmount":-1.50000000000000000000,"fee":"-0.135","tax":"-0.00675","price":"100","numeratorSymbol":"SOL","denominatorSymbol":"TRY","orderType":"sell","orderId":1003,"orderClientId":null}\n',
    );
  });

  it("json of orders without trades is an empty array; csv the header", async () => {
    expect((await cli(["trades", "1002", "-o", "json"])).stdout).toBe("[]\n");
    expect((await cli(["trades", "1002", "-o", "csv"])).stdout).toMatch(/^id,timestamp,.*\r\n$/);
  });

  it("table: a block per order with its trades and a summary line of the fills", async () => {
    const r = await cli(["trades", "1001", "1002", "1003", "-o", "table"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        "Order 1001  ETH_TRY  3 trades",
        "TRADE ID             TIME                 SIDE  AMOUNT      PRICE          FEE            TAX",
        "1181163798924649598  2023-11-14 22:13:20  buy   0.10000000  2500.50        -0.2250450000  -0.0112522500",
        "1181163798924649599  2023-11-14 22:13:21  buy   0.2         2499           -0.44982       -0.022491",
        "9223372036854775807  2023-11-14 22:13:22  buy   0.00000001  2501.00000000  0              0",
        "filled 0.30000001 ETH · average price 2499.50000004999999833333338889 TRY · fee -0.6748650000 · tax -0.0337432500",
        "",
        "Order 1002: no trades",
        "",
        "Order 1003  SOL_TRY  1 trade",
        "TRADE ID             TIME                 SIDE  AMOUNT  PRICE  FEE     TAX",
        "1181163798924650000  2023-11-14 22:15:00  sell  -1.5    100    -0.135  -0.00675",
        "filled 1.5 SOL · average price 100 TRY · fee -0.135 · tax -0.00675",
        "",
      ].join("\n"),
    );
  });

  it("ids are checked before anything is sent", async () => {
    const r = await cli(["trades", "12a", "-5"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("error: order id '12a' must contain decimal digits only");
    expect(server.requests.some((q) => q.url.includes("orderId=12a"))).toBe(false);
  });

  it("a 400 on the trades call exits 2 with the server's message; other orders still print", async () => {
    const r = await cli(["trades", "1003", BAD_REQUEST]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe(`${TSV_1003}\n`);
    expect(r.stderr).toContain(`error: order ${BAD_REQUEST}: `);
    expect(r.stderr).toContain("orderId is not valid");
    expect(r.trades.filter((q) => q.url.endsWith(BAD_REQUEST))).toHaveLength(1);
  });

  it("a 429 is retried like every GET, then exits 6 (rate_limited)", async () => {
    const r = await cli(["trades", TOO_MANY, "-o", "json"]);
    expect(r.code).toBe(6);
    expect(r.stdout).toBe("");
    expect(r.trades).toHaveLength(4);
    expect(r.stderr).toContain('"kind":"rate_limited"');
    expect(r.stderr).toContain('"status":429');
  });

  it("a trade with a price that is not a number is refused, naming the field", async () => {
    const r = await cli(["trades", BAD_DECIMAL]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("data.0.price: expected a decimal");
  });
});

const ORDER_TSV_1001 =
  "1001\tETHTRY\tETH_TRY\tbuy\tlimit\tClosed\t2500.50\t0.30000001\t0.30000001\t0\t0\ttag-1001\t2023-11-14T22:13:20.000Z\t2023-11-14T22:13:22.000Z";
const FILLS_1001 = {
  count: 3,
  filledAmount: "0.30000001",
  averagePrice: "2499.50000004999999833333338889",
  notional: "749.8500250100000000",
  fee: "-0.6748650000",
  tax: "-0.0337432500",
};

describe("order get --fills", () => {
  it("tsv: the order's columns, then fills.count … fills.tax; no trades: 0 and empties", async () => {
    const r = await cli(["get", "1001", "1002", "--fills"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const f = FILLS_1001;
    expect(r.stdout).toBe(
      `${ORDER_TSV_1001}\t3\t${f.filledAmount}\t${f.averagePrice}\t${f.notional}\t${f.fee}\t${f.tax}\n` +
        "1002\tETHTRY\tETH_TRY\tbuy\tlimit\tClosed\t7.00\t0.30000001\t0.30000001\t0\t0\ttag-1002\t2023-11-14T22:13:20.000Z\t2023-11-14T22:13:22.000Z\t0\t\t\t\t\t\n",
    );
    expect(r.trades.map((q) => q.url).sort()).toEqual([
      `${TRADES_PATH}?orderId=1001`,
      `${TRADES_PATH}?orderId=1002`,
    ]);
  });

  it("csv: flattened fills.* columns in the header", async () => {
    const r = await cli(["get", "1003", "--fills", "-o", "csv"]);
    expect(r.code).toBe(0);
    const [header, row] = r.stdout.split("\r\n");
    expect(header).toBe(
      "id,pairSymbol,pairSymbolNormalized,type,method,status,price,amount,quantity,stopPrice,leftAmount,orderClientId,time,updateTime,fills.count,fills.filledAmount,fills.averagePrice,fills.notional,fills.fee,fills.tax",
    );
    expect(row).toMatch(/,1,1\.5,100,150\.0,-0\.135,-0\.00675$/);
  });

  it("json: a nested fills object of decimal strings; null figures without trades", async () => {
    const r = await cli(["get", "1001", "1002", "--fills", "-o", "json"]);
    expect(r.code).toBe(0);
    const fills = (parseLossless(r.stdout) as { fills: object }[]).map((o) =>
      stringifyLossless(o.fills),
    );
    expect(fills).toEqual([
      JSON.stringify(FILLS_1001),
      '{"count":0,"filledAmount":null,"averagePrice":null,"notional":null,"fee":null,"tax":null}',
    ]);
    expect(r.stdout).toContain('"averagePrice": "2499.50000004999999833333338889",');
    const nd = await cli(["get", "1003", "--fills", "-o", "ndjson"]);
    expect(nd.stdout).toMatch(
      /,"fills":\{"count":1,"filledAmount":"1.5","averagePrice":"100","notional":"150.0","fee":"-0.135","tax":"-0.00675"\}\}\n$/,
    );
  });

  it("table, one order: the first-trade price labelled, the average next to it, fills rows", async () => {
    const r = await cli(["get", "1001", "--fills", "-o", "table"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        "Order              1001",
        "Pair               ETH_TRY (ETHTRY)",
        "Side               buy",
        "Method             limit",
        "Status             Closed",
        "Price (1st trade)  2500.50",
        "Average price      2499.50000004999999833333338889",
        "Stop price         0",
        "Amount             0.30000001",
        "Quantity           0.30000001",
        "Left amount        0",
        "Client tag         tag-1001",
        "Created            2023-11-14 22:13:20",
        "Updated            2023-11-14 22:13:22",
        "Trades             3",
        "Filled             0.30000001",
        "Notional           749.8500250100000000",
        "Fee                -0.6748650000",
        "Tax                -0.0337432500",
        "",
      ].join("\n"),
    );
    // The note is not data: stderr (one line at COLUMNS=200).
    expect(r.stderr).toBe(
      "The price is the order endpoint's: once the order has traded, that of its first partial trade. The average price is over all its trades: Σ size×price ÷ Σ size, size = |amount|.\n",
    );
  });

  it("table, several orders: AVG PRICE beside PRICE (1ST)", async () => {
    const r = await cli(["get", "1003", "1002", "--fills", "-o", "table"]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toMatch(
      /^ID\s+PAIR\s+SIDE\s+METHOD\s+STATUS\s+PRICE \(1ST\)\s+AVG PRICE\s+STOP\s+AMOUNT/,
    );
    expect(lines[1]).toMatch(/^1003\s.*\s100\s+100\s+0\s+0\.30000001\s/);
    expect(lines[2]).toMatch(/^1002\s.*\s7\.00\s+-\s+0\s+0\.30000001\s/);
  });

  it("a failed trades call fails that order (not shown without its fills); others print", async () => {
    const r = await cli(["get", "1003", TOO_MANY, "--fills", "-o", "ndjson"]);
    expect(r.code).toBe(6);
    expect(r.stdout.trimEnd().split("\n")).toHaveLength(1);
    expect(r.stdout).toContain('"id":1003,');
    expect(r.stderr).toContain(`error: order ${TOO_MANY}: `);
    const bad = await cli(["get", BAD_REQUEST, "--fills"]);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe("");
  });

  it("without --fills no trades are asked for", async () => {
    const r = await cli(["get", "1003"]);
    expect(r.code).toBe(0);
    expect(r.trades).toHaveLength(0);
    expect(r.stdout.split("\t")).toHaveLength(14);
  });
});

describe.concurrent("--fields on order trades and order get --fills", () => {
  it("order trades --fields: chosen and ordered; negative amounts stay numbers in csv", async () => {
    const csv = await cli(["trades", "1003", "--fields", "amount,fee,orderType,id", "-o", "csv"]);
    expect(csv.code).toBe(0);
    expect(csv.stdout).toBe("amount,fee,orderType,id\r\n-1.5,-0.135,sell,1181163798924650000\r\n");
    const nd = await cli(["trades", "1003", "--fields", "id,price", "-o", "ndjson"]);
    expect(nd.stdout).toBe('{"id":1181163798924650000,"price":"100"}\n');
    const table = await cli(["trades", "1003", "--fields", "id,amount", "-o", "table"]);
    expect(table.stdout).toContain("TRADE ID             AMOUNT\n1181163798924650000  -1.5\n");
  });

  it("order get --fills --fields takes fills.* names; json keeps them nested", async () => {
    const json = await cli([
      "get",
      "1003",
      "--fills",
      "--fields",
      "id,fills.averagePrice",
      "--json",
    ]);
    expect(json.stdout).toBe('{\n  "id": 1003,\n  "fills": {\n    "averagePrice": "100"\n  }\n}\n');
    const csv = await cli(["get", "1003", "--fills", "--fields", "fills.fee,id", "-o", "csv"]);
    expect(csv.stdout).toBe("fills.fee,id\r\n-0.135,1003\r\n");
  });

  it("fills.* without --fills, or an unknown trade field: exit 2, nothing sent", async () => {
    // An id of its own: the tests here run concurrently.
    const noFills = await cli(["get", "4321", "--fields", "id,fills.fee"]);
    expect(noFills.code).toBe(2);
    expect(noFills.stderr).toContain("error: unknown field 'fills.fee' in --fields\n");
    const trades = await cli(["trades", "4321", "--fields", "side"]);
    expect(trades.code).toBe(2);
    expect(trades.stderr).toContain(
      "valid fields (comma-separated, in the order wanted): id, timestamp",
    );
    expect(server.requests.filter((q) => q.url.includes("4321"))).toHaveLength(0);
  });
});
