import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signV1 } from "../../src/wire/signer.js";
import {
  type RecordedRequest,
  sendJson,
  startTestServer,
  type TestServer,
} from "../helpers/http-server.js";
import { orderEnvelope as envelope, orderJson } from "../helpers/order-wire.js";
import { runInProcess } from "../helpers/run.js";

/**
 * `tradectl order get` as a user runs it, in process (main() from argv to exit code), against a
 * small server on 127.0.0.1 that this file controls (not the sandbox), credentials from the
 * environment. Local time from TZ needs a process of its own: test/e2e/order-local-time.test.ts.
 */
const KEY = "e2e-public-key-abcdef";
const SECRET = "c2FuZGJveC1wcml2YXRlLWtleQ==";
const BIG = "9223372036854775807";

/**
 * Ids with a meaning to the server below: six digits starting with a status answer with it. Tests
 * run concurrently, so each test uses ids of its own and counts only the requests for them.
 */
const NOT_FOUND_400 = "400400";
const NOT_FOUND_404 = "404404";
const UNAUTHORIZED = "401401";
const HTML_500 = "500500";
const SLOW_FIRST = "11"; // answered last of 11, 12, 13
const HANG = "777";

let server: TestServer;
const idOf = (url: string) => url.replace(/^\/api\/v1\/order\//, "");

function answer(req: RecordedRequest, res: ServerResponse): void | Promise<void> {
  const id = idOf(req.url);
  const status = /^\d{6}$/.test(id) ? id.slice(0, 3) : "";
  switch (status) {
    case "400":
      return sendJson(res, 400, '{"success":false,"message":"Order not found","code":1152}');
    case "404":
      return sendJson(res, 404, '{"success":false,"message":"Not Found","code":404}');
    case "401":
      return sendJson(res, 401, '{"success":false,"message":"Unauthorized","code":401}');
    case "500":
      res.writeHead(500, { "content-type": "text/html" });
      res.end("<!DOCTYPE html>\n<html><body><h1>500 Internal Server Error</h1></body></html>\n");
      return;
  }
  switch (id) {
    case HANG:
      return;
    case SLOW_FIRST:
      return new Promise((resolve) =>
        setTimeout(() => resolve(sendJson(res, 200, envelope(id))), 400),
      );
    case "12":
      return new Promise((resolve) =>
        setTimeout(() => resolve(sendJson(res, 200, envelope(id))), 200),
      );
    default:
      return sendJson(res, 200, envelope(id));
  }
}

beforeAll(async () => {
  server = await startTestServer(answer);
});
afterAll(async () => {
  await server.close();
});

const credentials = { TRADECTL_API_KEY: KEY, TRADECTL_API_SECRET: SECRET, TZ: "UTC" };

/**
 * Runs the CLI against the test server; `requests` are those the server saw for the ids
 * of this run (as sent: canonical digits).
 */
async function orderGet(args: string[], env: NodeJS.ProcessEnv = credentials) {
  const result = await runInProcess(["--base-url", server.url, "order", "get", ...args], { env });
  const ids = new Set(args.filter((a) => /^\d+$/.test(a)).map((a) => BigInt(a).toString()));
  return { ...result, requests: server.requests.filter((q) => ids.has(idOf(q.url))) };
}

const TSV_LINE = (id: string) =>
  `${id}\tBTCTRY\tBTC_TRY\tsell\tstopmarket\tUntouched\t0.80000000000000000001\t12.34000000000000000000\t0.00000001\t0.8000000000000000\t0.80000000000000000001\ttag-${id}\t2023-11-14T22:13:20.000Z\t2023-11-14T22:14:20.000Z\n`;
const CSV_HEADER =
  "id,pairSymbol,pairSymbolNormalized,type,method,status,price,amount,quantity,stopPrice,leftAmount,orderClientId,time,updateTime\r\n";
const CSV_LINE = (id: string) =>
  `${id},BTCTRY,BTC_TRY,sell,stopmarket,Untouched,0.80000000000000000001,12.34000000000000000000,0.00000001,0.8000000000000000,0.80000000000000000001,tag-${id},2023-11-14T22:13:20.000Z,2023-11-14T22:14:20.000Z\r\n`;
const JSON_OBJECT = (id: string) => `{
  "id": ${id},
  "price": "0.80000000000000000001",
  "amount": "12.34000000000000000000",
  "quantity": "0.00000001",
  "stopPrice": 0.8000000000000000,
  "pairSymbol": "BTCTRY",
  "pairSymbolNormalized": "BTC_TRY",
  "type": "sell",
  "method": "stopmarket",
  "orderClientId": "tag-${id}",
  "time": 1700000000000,
  "updateTime": 1700000060000,
  "status": "Untouched",
  "leftAmount": "0.80000000000000000001"
}`;
const indent = (text: string) => text.replace(/^/gm, "  ");

describe.concurrent("order get: success in every format, exact digits", () => {
  it("tsv is the default when piped", async () => {
    const r = await orderGet([BIG]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(TSV_LINE(BIG));
  });

  it("sends one signed GET with the documented headers", async () => {
    const r = await orderGet(["9223372036854775806"]);
    expect(r.requests).toHaveLength(1);
    const [req] = r.requests;
    expect(req!.url).toBe("/api/v1/order/9223372036854775806");
    expect(req!.headers["x-pck"]).toBe(KEY);
    expect(req!.headers["x-signature"]).toBe(
      signV1(KEY, SECRET, req!.headers["x-stamp"] as string),
    );
    expect(req!.headers["user-agent"]).toMatch(/^tradectl\/\d+\.\d+\.\d+/);
  });

  it("-o csv", async () => {
    const r = await orderGet([BIG, "-o", "csv"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(CSV_HEADER + CSV_LINE(BIG));
  });

  it("-o json: the order object (the envelope's data)", async () => {
    const r = await orderGet([BIG, "-o", "json"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${JSON_OBJECT(BIG)}\n`);
  });

  it("--json is the same as -o json", async () => {
    const r = await orderGet(["--json", BIG]);
    expect(r.stdout).toBe(`${JSON_OBJECT(BIG)}\n`);
  });

  it("-o ndjson", async () => {
    const r = await orderGet([BIG, "-o", "ndjson"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${orderJson(BIG)}\n`);
  });

  it("-o table: a field/value view, no colour when piped; the first-trade note on stderr", async () => {
    const r = await orderGet([BIG, "-o", "table"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        `Order        ${BIG}`,
        "Pair         BTC_TRY (BTCTRY)",
        "Side         sell",
        "Method       stopmarket",
        "Status       Untouched",
        "Price        0.80000000000000000001",
        "Stop price   0.8000000000000000",
        "Amount       12.34000000000000000000",
        "Quantity     0.00000001",
        "Left amount  0.80000000000000000001",
        `Client tag   tag-${BIG}`,
        "Created      2023-11-14 22:13:20",
        "Updated      2023-11-14 22:14:20",
        "",
      ].join("\n"),
    );
    // Not data: on stderr, broken at a space to the width (80 here), never inside a word.
    expect(r.stderr).toBe(
      "For an order that matched in several trades, price information is that of the\nfirst partial trade (see users/transactions/trade).\n",
    );
  });

  it("-q hides the first-trade note; the table stays", async () => {
    const r = await orderGet([BIG, "-o", "table", "-q"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("Stop price   0.8000000000000000\n");
  });

  it("FORCE_COLOR colours the table's status, never the digits", async () => {
    const r = await orderGet([BIG, "-o", "table"], { ...credentials, FORCE_COLOR: "1" });
    expect(r.stdout).toContain("\u001b[33mUntouched\u001b[39m");
    expect(r.stdout).toContain("0.80000000000000000001");
    const plain = await orderGet([BIG, "-o", "table", "--no-color"], {
      ...credentials,
      FORCE_COLOR: "1",
    });
    expect(plain.stdout).not.toContain("\u001b");
  });

  it("leading zeros are sent as the canonical id", async () => {
    const r = await orderGet(["000123"]);
    expect(r.code).toBe(0);
    expect(r.requests.map((q) => q.url)).toEqual(["/api/v1/order/123"]);
    expect(r.stdout).toBe(TSV_LINE("123"));
  });
});

describe.concurrent("order get --fields: chosen and ordered in every format, exact digits", () => {
  const fields = ["--fields", "id,stopPrice,price"];
  it("tsv and csv", async () => {
    const tsv = await orderGet(["5101", ...fields]);
    expect(tsv.stdout).toBe("5101\t0.8000000000000000\t0.80000000000000000001\n");
    const csv = await orderGet([BIG, ...fields, "-o", "csv"]);
    expect(csv.stdout).toBe(
      `id,stopPrice,price\r\n${BIG},0.8000000000000000,0.80000000000000000001\r\n`,
    );
  });

  it("json and ndjson keep the API's names and the digits as sent", async () => {
    const json = await orderGet([BIG, ...fields, "-o", "json"]);
    expect(json.stdout).toBe(
      `{\n  "id": ${BIG},\n  "stopPrice": 0.8000000000000000,\n  "price": "0.80000000000000000001"\n}\n`,
    );
    const ndjson = await orderGet(["5102", "5103", ...fields, "-o", "ndjson"]);
    expect(ndjson.stdout).toBe(
      '{"id":5102,"stopPrice":0.8000000000000000,"price":"0.80000000000000000001"}\n{"id":5103,"stopPrice":0.8000000000000000,"price":"0.80000000000000000001"}\n',
    );
  });

  it("table: one order as label/value lines, several as columns, in the order given", async () => {
    const one = await orderGet([BIG, ...fields, "-o", "table"]);
    expect(one.stdout).toBe(
      `id         ${BIG}\nstopPrice  0.8000000000000000\nprice      0.80000000000000000001\n`,
    );
    const two = await orderGet(["5104", "5105", ...fields, "-o", "table"]);
    expect(two.stdout).toBe(
      [
        "ID    STOP                PRICE",
        "5104  0.8000000000000000  0.80000000000000000001",
        "5105  0.8000000000000000  0.80000000000000000001",
        "",
      ].join("\n"),
    );
  });

  it("an unknown field: exit 2, the valid names listed, nothing sent", async () => {
    const r = await orderGet(["5106", "--fields", "id,stop_price"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("error: unknown field 'stop_price' in --fields\n");
    expect(r.stderr).toContain(
      "valid fields (comma-separated, in the order wanted): id, pairSymbol, pairSymbolNormalized, type, method, status, price, amount, quantity, stopPrice, leftAmount, orderClientId, time, updateTime",
    );
    expect(r.requests).toHaveLength(0);
  });
});

describe.concurrent("order get: several ids", () => {
  it("prints in the order given even when the server answers out of order", async () => {
    const r = await orderGet([SLOW_FIRST, "12", "13"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(TSV_LINE("11") + TSV_LINE("12") + TSV_LINE("13"));
  });

  it("-o json prints an array in the order given", async () => {
    const r = await orderGet([SLOW_FIRST, "12", BIG, "-o", "json"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `[\n${indent(JSON_OBJECT("11"))},\n${indent(JSON_OBJECT("12"))},\n${indent(JSON_OBJECT(BIG))}\n]\n`,
    );
  });

  it("one failing id among several: the others print, the failure is reported, its exit code", async () => {
    const r = await orderGet(["5", "400001", "6"]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe(TSV_LINE("5") + TSV_LINE("6"));
    expect(r.stderr).toContain("error: order 400001: Order not found\n");
    expect(r.stderr).toContain("hint: check the id");
  });

  it("one failing id with -o json: the others as an array, the JSON error line on stderr", async () => {
    const r = await orderGet(["5", "401002", "6", "-o", "json"]);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe(`[\n${indent(JSON_OBJECT("5"))},\n${indent(JSON_OBJECT("6"))}\n]\n`);
    const jsonLine = r.stderr.trim().split("\n").at(-1)!;
    expect(JSON.parse(jsonLine)).toEqual({
      error: {
        kind: "auth",
        status: 401,
        code: 401,
        message: "order 401002: Unauthorized",
      },
    });
  });

  it("a repeated id is asked for and printed each time", async () => {
    const r = await orderGet(["55", "55"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(TSV_LINE("55") + TSV_LINE("55"));
    expect(r.requests).toHaveLength(2);
  });
});

describe.concurrent("order get: failures and exit codes", () => {
  it('400 "Order not found" → exit 3', async () => {
    const r = await orderGet([NOT_FOUND_400]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(new RegExp(`^error: order ${NOT_FOUND_400}: Order not found\nhint: `));
    expect(r.requests).toHaveLength(1);
  });

  it("404 → exit 3", async () => {
    const r = await orderGet([NOT_FOUND_404]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`error: order ${NOT_FOUND_404}: Not Found`);
  });

  it("-o json: not found also gives the JSON error line", async () => {
    const r = await orderGet(["400003", "-o", "json"]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
    const lines = r.stderr.trim().split("\n");
    expect(JSON.parse(lines.at(-1)!)).toEqual({
      error: {
        kind: "not_found",
        status: 400,
        code: 1152,
        message: "order 400003: Order not found",
      },
    });
  });

  it("401 → exit 4 with a hint about the key", async () => {
    const r = await orderGet([UNAUTHORIZED]);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`error: order ${UNAUTHORIZED}: Unauthorized\n`);
    expect(r.stderr).toMatch(/\nhint: .+/);
  });

  it("500 with an HTML body → exit 1, a clean one-line message, no stack, no HTML", async () => {
    const r = await orderGet([HTML_500]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    const [first, ...rest] = r.stderr.trimEnd().split("\n");
    expect(first).toBe(
      `error: order ${HTML_500}: HTTP 500 Internal Server Error: the server's answer is not JSON`,
    );
    expect(rest.every((line) => line.startsWith("hint: "))).toBe(true);
    expect(r.stderr).not.toMatch(/<html|DOCTYPE|\bat \S+ \(|SyntaxError|node:internal/i);
    // A GET is retried (3 times by default) before giving up.
    expect(r.requests).toHaveLength(4);
  });

  it("connection refused → exit 1", async () => {
    const closed = await startTestServer(() => undefined);
    await closed.close();
    const r = await runInProcess(["--base-url", closed.url, "order", "get", "1"], {
      env: credentials,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: order 1: connection refused by 127\.0\.0\.1:\d+\n/);
    expect(r.stderr).not.toMatch(/\bat \S+ \(/);
  });

  it("a server that never answers, with --timeout 500 → exit 1", async () => {
    const r = await orderGet([HANG, "--timeout", "500"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: order 777: the request timed out after 500 ms\n/);
    expect(r.stderr).toContain("hint: check the network, or raise --timeout");
  });

  it("bad ids → exit 2, every bad id named, nothing sent", async () => {
    const r = await orderGet(["31337", "abc", "1.5", "9223372036854775808"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      [
        "error: order id 'abc' must contain decimal digits only",
        "error: order id '1.5' must contain decimal digits only",
        "error: order id '9223372036854775808' is larger than the maximum 9223372036854775807",
        "",
      ].join("\n"),
    );
    expect(r.requests).toHaveLength(0);
  });

  it("a bad id with -o json also gives the JSON error line", async () => {
    const r = await orderGet(["7007", "x1", "-o", "json"]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr.trim().split("\n").at(-1)!)).toMatchObject({
      error: { kind: "usage", status: null, code: null },
    });
    expect(r.requests).toHaveLength(0);
  });

  it("missing credentials → exit 4 naming how to provide them, nothing sent", async () => {
    const r = await orderGet(["4242"], { TZ: "UTC" });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      "error: no API credentials found (profile 'default')\nhint: run `tradectl auth login`, or set TRADECTL_API_KEY and TRADECTL_API_SECRET\n",
    );
    expect(r.requests).toHaveLength(0);
  });

  it("a secret that is not base64 → exit 4, nothing sent", async () => {
    const r = await orderGet(["4343"], {
      TRADECTL_API_KEY: KEY,
      TRADECTL_API_SECRET: "not base64!",
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain("not valid base64");
    expect(r.stderr).not.toContain("not base64!");
    expect(r.requests).toHaveLength(0);
  });
});

describe("order get - : the ids from stdin, one a line (issue 25 item 14)", () => {
  const fromStdin = (input: string, extra: string[] = []) =>
    runInProcess(["--base-url", server.url, "order", "get", "-", "-o", "tsv", ...extra], {
      env: credentials,
      input,
    });

  it("reads each line as an id, blank lines and blanks around skipped, in the order given", async () => {
    const r = await fromStdin("3141\n\n  0002718 \r\n");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split("\n").filter((l) => /^\d/.test(l))).toEqual([
      TSV_LINE("3141").trimEnd(),
      TSV_LINE("2718").trimEnd(),
    ]);
  });

  it("a bad line is named like a bad argument: exit 2 and nothing sent", async () => {
    const before = server.requests.length;
    const r = await fromStdin("5150\nabc\n-7\n");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: order id 'abc' must contain decimal digits only$/m);
    expect(r.stderr).toMatch(/^error: order id '-7' /m);
    expect(server.requests.length).toBe(before);
  });

  it("an empty stdin is a usage error; '-' with other ids too", async () => {
    expect((await fromStdin("")).code).toBe(2);
    const mixed = await orderGet(["12", "-"]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain("'-' reads the order ids from stdin: give it alone");
  });

  it("order trades - reads them the same way", async () => {
    const r = await runInProcess(
      ["--base-url", server.url, "order", "trades", "-", "-o", "ndjson"],
      {
        env: credentials,
        input: "x1\n",
      },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("order id 'x1' must contain decimal digits only");
  });
});
