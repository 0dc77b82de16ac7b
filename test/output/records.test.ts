import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ORDER_VIEW } from "../../src/commands/order/get.js";
import type { Order } from "../../src/domain/order.js";
import type { OutputFormat } from "../../src/output/formats.js";
import {
  type Column,
  createRecordWriter,
  csvField,
  jsonText,
  type RecordView,
} from "../../src/output/records.js";
import { parseLossless } from "../../src/wire/json.js";
import { memoryIO } from "../helpers/memory-io.js";

/**
 * Two orders as the wire carries them: an int64 id, a price sent as a JSON number with trailing
 * zeros, decimals as strings with more digits than a double holds, and text that needs quoting.
 */
const WIRE = `[
{"id":9223372036854775807,"price":0.8000000000000000,"amount":"0.80000000000000000001","quantity":"12,5","stopPrice":"0","pairSymbol":"BTCTRY","pairSymbolNormalized":"BTC_TRY","type":"sell","method":"stopmarket","orderClientId":"say \\"hi\\", ok","time":1700000000000,"updateTime":1700000001000,"status":"Untouched","leftAmount":"0.8000000000000000"},
{"id":21545488,"price":"1","amount":"2","quantity":"3","stopPrice":"4","pairSymbol":"ETHUSDT","pairSymbolNormalized":"ETH_USDT","type":"buy","method":"limit","orderClientId":"a\\r\\nb","time":1700000002000,"updateTime":1700000003000,"status":"Filled","leftAmount":"0"}
]`;
const ORDERS = parseLossless(WIRE) as Order[];

async function render(
  format: OutputFormat,
  orders: readonly Order[],
  options: {
    single?: boolean;
    tty?: boolean;
    env?: NodeJS.ProcessEnv;
    batches?: number;
    columns?: number;
  } = {},
) {
  const io = memoryIO({
    tty: options.tty ?? false,
    env: options.env ?? {},
    columns: options.columns,
  });
  const writer = createRecordWriter(format, ORDER_VIEW, io, { single: options.single });
  // Records may arrive in several batches (pages); the output must not depend on it.
  const batches = options.batches ?? 1;
  const size = Math.ceil(orders.length / batches);
  for (let i = 0; i < orders.length; i += size) await writer.write(orders.slice(i, i + size));
  await writer.end();
  return { text: io.stdoutText(), count: writer.count };
}

const TSV_1 =
  '9223372036854775807\tBTCTRY\tBTC_TRY\tsell\tstopmarket\tUntouched\t0.8000000000000000\t0.80000000000000000001\t12,5\t0\t0.8000000000000000\tsay "hi", ok\t2023-11-14T22:13:20.000Z\t2023-11-14T22:13:21.000Z\n';
const TSV_2 =
  "21545488\tETHUSDT\tETH_USDT\tbuy\tlimit\tFilled\t1\t2\t3\t4\t0\ta\\x0d\\x0ab\t2023-11-14T22:13:22.000Z\t2023-11-14T22:13:23.000Z\n";
const CSV_HEADER =
  "id,pairSymbol,pairSymbolNormalized,type,method,status,price,amount,quantity,stopPrice,leftAmount,orderClientId,time,updateTime\r\n";
const CSV_1 =
  '9223372036854775807,BTCTRY,BTC_TRY,sell,stopmarket,Untouched,0.8000000000000000,0.80000000000000000001,"12,5",0,0.8000000000000000,"say ""hi"", ok",2023-11-14T22:13:20.000Z,2023-11-14T22:13:21.000Z\r\n';
const CSV_2 =
  "21545488,ETHUSDT,ETH_USDT,buy,limit,Filled,1,2,3,4,0,a\\x0d\\x0ab,2023-11-14T22:13:22.000Z,2023-11-14T22:13:23.000Z\r\n";
const NDJSON_1 =
  '{"id":9223372036854775807,"price":0.8000000000000000,"amount":"0.80000000000000000001","quantity":"12,5","stopPrice":"0","pairSymbol":"BTCTRY","pairSymbolNormalized":"BTC_TRY","type":"sell","method":"stopmarket","orderClientId":"say \\"hi\\", ok","time":1700000000000,"updateTime":1700000001000,"status":"Untouched","leftAmount":"0.8000000000000000"}\n';
const NDJSON_2 =
  '{"id":21545488,"price":"1","amount":"2","quantity":"3","stopPrice":"4","pairSymbol":"ETHUSDT","pairSymbolNormalized":"ETH_USDT","type":"buy","method":"limit","orderClientId":"a\\r\\nb","time":1700000002000,"updateTime":1700000003000,"status":"Filled","leftAmount":"0"}\n';
const JSON_1 = `{
  "id": 9223372036854775807,
  "price": 0.8000000000000000,
  "amount": "0.80000000000000000001",
  "quantity": "12,5",
  "stopPrice": "0",
  "pairSymbol": "BTCTRY",
  "pairSymbolNormalized": "BTC_TRY",
  "type": "sell",
  "method": "stopmarket",
  "orderClientId": "say \\"hi\\", ok",
  "time": 1700000000000,
  "updateTime": 1700000001000,
  "status": "Untouched",
  "leftAmount": "0.8000000000000000"
}`;
const JSON_2 = `{
  "id": 21545488,
  "price": "1",
  "amount": "2",
  "quantity": "3",
  "stopPrice": "4",
  "pairSymbol": "ETHUSDT",
  "pairSymbolNormalized": "ETH_USDT",
  "type": "buy",
  "method": "limit",
  "orderClientId": "a\\r\\nb",
  "time": 1700000002000,
  "updateTime": 1700000003000,
  "status": "Filled",
  "leftAmount": "0"
}`;
const indent = (text: string) => text.replace(/^/gm, "  ");

describe("record writers on a fixture of orders (exact bytes)", () => {
  let savedTz: string | undefined;
  beforeEach(() => {
    savedTz = process.env.TZ;
    process.env.TZ = "Asia/Tokyo";
  });
  afterEach(() => {
    if (savedTz === undefined) delete process.env.TZ;
    else process.env.TZ = savedTz;
  });

  it("tsv: no header, no colour, exact digits, ISO UTC times, control characters neutralised", async () => {
    const { text, count } = await render("tsv", ORDERS, {
      tty: true,
      env: { FORCE_COLOR: "3" },
    });
    expect(text).toBe(TSV_1 + TSV_2);
    expect(count).toBe(2);
    expect(text).not.toContain("\u001b");
  });

  it("csv: RFC 4180 with a header row, CRLF line ends, quoting where needed", async () => {
    expect((await render("csv", ORDERS)).text).toBe(CSV_HEADER + CSV_1 + CSV_2);
    expect((await render("csv", ORDERS, { batches: 2 })).text).toBe(CSV_HEADER + CSV_1 + CSV_2);
  });

  it("csv of nothing is the header alone", async () => {
    expect((await render("csv", [])).text).toBe(CSV_HEADER);
  });

  it("ndjson: one compact object per line, numbers as sent", async () => {
    expect((await render("ndjson", ORDERS, { batches: 2 })).text).toBe(NDJSON_1 + NDJSON_2);
  });

  it("json single: the lone order as an object", async () => {
    expect((await render("json", ORDERS.slice(0, 1), { single: true })).text).toBe(`${JSON_1}\n`);
  });

  it("json for several: an array in the given order, however the records were batched", async () => {
    const expected = `[\n${indent(JSON_1)},\n${indent(JSON_2)}\n]\n`;
    expect((await render("json", ORDERS)).text).toBe(expected);
    expect((await render("json", ORDERS, { batches: 2 })).text).toBe(expected);
    expect((await render("json", ORDERS, { single: true })).text).toBe(expected);
  });

  it("json list of one stays an array; of none is []", async () => {
    expect((await render("json", ORDERS.slice(0, 1))).text).toBe(`[\n${indent(JSON_1)}\n]\n`);
    expect((await render("json", [])).text).toBe("[]\n");
  });

  it("every format round-trips the JSON output back to the same digits", async () => {
    const { text } = await render("json", ORDERS);
    expect(text).toContain("9223372036854775807");
    expect(JSON.stringify(parseLossless(text))).toBe(JSON.stringify(parseLossless(WIRE)));
  });

  it("table of one order: a field/value view in local time (the first-trade note is not data: stderr)", async () => {
    const { text } = await render("table", ORDERS.slice(0, 1), { single: true });
    expect(text).toBe(
      [
        "Order        9223372036854775807",
        "Pair         BTC_TRY (BTCTRY)",
        "Side         sell",
        "Method       stopmarket",
        "Status       Untouched",
        "Price        0.8000000000000000",
        "Stop price   0",
        "Amount       0.80000000000000000001",
        "Quantity     12,5",
        "Left amount  0.8000000000000000",
        'Client tag   say "hi", ok',
        "Created      2023-11-15 07:13:20",
        "Updated      2023-11-15 07:13:21",
        "",
      ].join("\n"),
    );
  });

  it("table of several orders: aligned rows, header, local times, the stop price beside the price", async () => {
    // A terminal wide enough for every column (narrowing: test/output/table.test.ts).
    const { text } = await render("table", ORDERS, {
      tty: true,
      columns: 200,
      env: { NO_COLOR: "1" },
    });
    expect(text).toBe(
      [
        "ID                   PAIR      SIDE  METHOD      STATUS     PRICE               STOP  AMOUNT                  LEFT                CREATED",
        "9223372036854775807  BTC_TRY   sell  stopmarket  Untouched  0.8000000000000000  0     0.80000000000000000001  0.8000000000000000  2023-11-15 07:13:20",
        "21545488             ETH_USDT  buy   limit       Filled     1                   4     2                       0                   2023-11-15 07:13:22",
        "",
      ].join("\n"),
    );
  });

  it("table on a colour terminal: bold header, status coloured by meaning", async () => {
    const { text } = await render("table", ORDERS, {
      tty: true,
      columns: 200,
      env: { TERM: "xterm" },
    });
    expect(text).toContain("\u001b[1mID");
    expect(text).toContain("\u001b[33mUntouched\u001b[39m");
    expect(text).toContain("\u001b[32mFilled");
    // Colour never touches the digits.
    expect(text).toContain("  0.80000000000000000001  ");
  });

  it("table follows the time zone: the same order in UTC", async () => {
    process.env.TZ = "UTC";
    const { text } = await render("table", ORDERS.slice(0, 1), { single: true });
    expect(text).toContain("Created      2023-11-14 22:13:20\n");
  });
});

describe("csvField", () => {
  it("leaves plain text alone", () => {
    expect(csvField("BTC_TRY")).toBe("BTC_TRY");
    expect(csvField("")).toBe("");
  });
  it("quotes commas, quotes, CR and LF, doubling inner quotes", () => {
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("line1\r\nline2")).toBe('"line1\r\nline2"');
    expect(csvField("a\rb")).toBe('"a\rb"');
    expect(csvField("a\nb")).toBe('"a\nb"');
  });
  it("quotes leading and trailing spaces so spreadsheet tools keep them", () => {
    expect(csvField(" x")).toBe('" x"');
    expect(csvField("x ")).toBe('"x "');
  });
});

describe("jsonText", () => {
  it("escapes C1 and bidi characters that JSON.stringify would pass through raw", () => {
    expect(jsonText({ a: "x\u009b2Jy\u202ez" })).toBe('{"a":"x\\u009b2Jy\\u202ez"}');
    expect(jsonText({ a: "\u001b]52;c;AAAA\u0007" })).toBe('{"a":"\\u001b]52;c;AAAA\\u0007"}');
  });
});

interface Row {
  name: string;
  address: string;
}
const COLUMNS: readonly Column<Row>[] = [
  { header: "NAME", text: (r) => r.name },
  { header: "ADDRESS", text: (r) => r.address },
  { header: "END", text: () => "x" },
];

describe("custom views", () => {
  it("a view without its own table renders aligned columns", async () => {
    const view: RecordView<Row> = { columns: COLUMNS };
    const io = memoryIO({});
    const writer = createRecordWriter("table", view, io);
    await writer.write([{ name: "n", address: "a" }]);
    await writer.end();
    expect(io.stdoutText()).toBe("NAME  ADDRESS  END\nn     a        x\n");
  });
});
