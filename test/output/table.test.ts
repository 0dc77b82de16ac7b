import { Chalk } from "chalk";
import { beforeAll, describe, expect, it } from "vitest";
import { EXCHANGE_VIEW } from "../../src/commands/exchanges/list.js";
import { TRADE_VIEW } from "../../src/commands/order/fills-view.js";
import { ORDER_TABLE, ORDER_VIEW } from "../../src/commands/order/get.js";
import { DECLARATION_TABLE } from "../../src/declare/declaration-view.js";
import type { Declaration } from "../../src/domain/declarations.js";
import type { Exchange, Order } from "../../src/domain/order.js";
import { msg } from "../../src/i18n/index.js";
import { cutText, GIVE, textWidth, wrapText } from "../../src/output/narrowing.js";
import { createRecordWriter } from "../../src/output/records.js";
import {
  grid,
  keyValue,
  renderRecords,
  type TableSpec,
  TableStream,
} from "../../src/output/table.js";
import { parseLossless } from "../../src/wire/json.js";
import type { Trade } from "../../src/wire/schemas.js";
import { memoryIO } from "../helpers/memory-io.js";

beforeAll(() => {
  process.env.TZ = "UTC";
});

const WIDTHS = [60, 80, 100, 120, 200] as const;
const plain = new Chalk({ level: 0 });
const HUGE_ID = "9223372036854775807";
const LONG_AMOUNT = "123456789.123456789012345678";

/** People's names as a table must show them: whole, or cut at their end, never in the middle. */
const NAMES = ["Deniz Demir", "Ayşe Yılmaz", "山田 太郎", "Jose\u0301 Müller"] as const;

const declaration = (fields: Record<string, unknown>) =>
  JSON.stringify({
    cryptoDepositDeclarationId: 4711,
    createdAt: "2026-11-20T14:05:09Z",
    status: "Confirmed",
    confirmedAt: "2026-11-21T09:30:00Z",
    confirmedBy: "user",
    firstName: null,
    lastName: null,
    amount: 1,
    symbol: "BTC",
    address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    memoTag: null,
    lightningInvoice: null,
    ...fields,
  });

const DECLARATIONS = parseLossless(
  `[${[
    declaration({ firstName: "Deniz", lastName: "Demir" }),
    declaration({ firstName: "Ayşe", lastName: "Yılmaz", memoTag: "🚀 memo 1048576" }),
    declaration({ firstName: "山田", lastName: "太郎", symbol: "日本円" }),
    // "José" with a combining acute accent (two code points, one cell).
    declaration({ firstName: "Jose\u0301", lastName: "Müller", memoTag: "a\u0301b\u0301c" }),
  ].join(",")},${declaration({
    status: "Pending",
    confirmedAt: null,
    confirmedBy: null,
    cryptoDepositDeclarationId: "HUGE",
    amount: "AMOUNT",
    lightningInvoice: "lnbc10u1p3pj257pp5yztkwjcz5ftl5laxkav23zmzekaw37zk6kmv80pk4xaev5qhtz7q",
  })
    .replace('"HUGE"', HUGE_ID)
    .replace('"AMOUNT"', LONG_AMOUNT)}]`,
) as Declaration[];

const ORDERS = parseLossless(
  `[${[
    `{"id":${HUGE_ID},"price":"${LONG_AMOUNT}","amount":"0.80000000000000000001","quantity":"1","stopPrice":"2400000.00","pairSymbol":"BTCTRY","pairSymbolNormalized":"BTC_TRY","type":"sell","method":"stopmarket","orderClientId":"Deniz Demir's 🚀 order","time":1700000000000,"updateTime":1700000001000,"status":"Untouched","leftAmount":"0.8000000000000000"}`,
    `{"id":21545488,"price":"1","amount":"2","quantity":"3","stopPrice":"0","pairSymbol":"日本円TRY","pairSymbolNormalized":"日本円_TRY","type":"buy","method":"limit","orderClientId":"","time":1700000002000,"updateTime":1700000003000,"status":"Filled","leftAmount":"0"}`,
  ].join(",")}]`,
) as Order[];

const EXCHANGES = parseLossless(
  `[{"id":${HUGE_ID},"name":"Ayşe Yılmaz Exchange 🚀 (日本)"},{"id":1,"name":"Binance"},{"id":2,"name":"Bitstamp\u0301"}]`,
) as Exchange[];

const TRADES = parseLossless(
  `[{"price":"${LONG_AMOUNT}","numeratorSymbol":"日本円","denominatorSymbol":"TRY","orderType":"sell","orderId":${HUGE_ID},"id":${HUGE_ID},"timestamp":1700000100000,"amount":"-1.50000000000000000001","preciseAmount":-1.5,"fee":"-0.135","tax":"-0.00675","orderClientId":"Ayşe Yılmaz 🚀"}]`,
) as Trade[];

const lines = (text: string) => text.trimEnd().split("\n");

/** A middle cut of `name` (`Den…mir`): head and tail both kept, joined by an ellipsis. */
function cutInTheMiddle(output: string, name: string): string | null {
  const chars = [...name];
  for (let head = 1; head < chars.length; head++) {
    for (let tail = 1; head + tail < chars.length; tail++) {
      const cut = `${chars.slice(0, head).join("")}…${chars.slice(chars.length - tail).join("")}`;
      if (output.includes(cut)) return cut;
    }
  }
  return null;
}

function checkTable<T>(spec: TableSpec<T>, records: readonly T[], width: number) {
  const output = renderRecords(spec, records, { out: plain, columns: width });
  for (const line of lines(output)) {
    expect(textWidth(line), `${width}: ${line}`).toBeLessThanOrEqual(width);
  }
  for (const name of NAMES) expect(cutInTheMiddle(output, name)).toBeNull();
  expect(output).not.toContain("⚡ li…");
  return output;
}

describe("every table fits the terminal and keeps names whole or cut at their end", () => {
  for (const width of WIDTHS) {
    it(`declarations at ${width} columns`, () => {
      const output = checkTable(DECLARATION_TABLE, DECLARATIONS, width);
      // Ids and amounts keep every digit at every width.
      expect(output).toContain(HUGE_ID);
      expect(output).toContain(LONG_AMOUNT);
      if (width >= 120) {
        for (const name of NAMES) expect(output).toContain(name);
      }
    });

    it(`orders at ${width} columns`, () => {
      const output = checkTable(ORDER_TABLE, ORDERS, width);
      expect(output).toContain(HUGE_ID);
      expect(output).toContain(LONG_AMOUNT);
      expect(output).toContain("0.80000000000000000001");
    });

    it(`orders, every field (--fields of them all) at ${width} columns`, () => {
      const spec = { columns: ORDER_VIEW.columns.map((c) => c.table!) };
      const output = checkTable(spec, ORDERS, width);
      expect(output).toContain(HUGE_ID);
    });

    it(`exchanges at ${width} columns`, () => {
      const output = checkTable(EXCHANGE_VIEW.table!, EXCHANGES, width);
      expect(output).toContain(HUGE_ID);
      if (width >= 80) expect(output).toContain("Ayşe Yılmaz Exchange 🚀 (日本)");
    });

    it(`trades at ${width} columns`, () => {
      const output = checkTable(TRADE_VIEW.table!, TRADES, width);
      expect(output).toContain(HUGE_ID);
      expect(output).toContain("-1.50000000000000000001");
    });

    it(`one order's detail at ${width} columns`, async () => {
      const io = memoryIO({ tty: true, columns: width, noColor: true });
      const writer = createRecordWriter("table", ORDER_VIEW, io, { single: true });
      await writer.write(ORDERS.slice(0, 1));
      await writer.end();
      const output = io.stdoutText();
      for (const line of lines(output)) expect(textWidth(line)).toBeLessThanOrEqual(width);
      expect(output).toContain(`Order        ${HUGE_ID}\n`);
      expect(output).toContain("Stop price   2400000.00\n");
    });
  }

  it("on a wide terminal nothing is cut", () => {
    for (const [spec, records] of [
      [DECLARATION_TABLE, DECLARATIONS],
      [ORDER_TABLE, ORDERS],
      [EXCHANGE_VIEW.table!, EXCHANGES],
    ] as const) {
      const output = renderRecords(spec as TableSpec<unknown>, records, {
        out: plain,
        columns: 400,
      });
      expect(output).not.toContain("…");
    }
  });

  it("the multi-order table shows the stop price, so a stop order does not read 'price 0'", () => {
    const output = lines(renderRecords(ORDER_TABLE, ORDERS, { out: plain, columns: 200 }));
    expect(output[0]).toMatch(/ {2}PRICE {2,}STOP {2,}AMOUNT/);
    expect(output[1]).toContain(`${LONG_AMOUNT}  2400000.00`);
  });

  it("a stop column of nothing but zeros goes first when room is short", () => {
    const noStops = ORDERS.map((o) => ({ ...o, stopPrice: "0" }));
    const wide = lines(renderRecords(ORDER_TABLE, noStops, { out: plain, columns: 200 }))[0]!;
    expect(wide).toContain("STOP");
    const output = lines(renderRecords(ORDER_TABLE, noStops, { out: plain, columns: 140 }))[0]!;
    expect(output).not.toContain("STOP");
    expect(output).toContain("CREATED");
  });

  it("names shrink only after addresses and memos, and then at their end", () => {
    const spec: TableSpec<{ name: string; address: string }> = {
      columns: [
        { label: msg("label.name"), cell: (r) => r.name, give: GIVE.name },
        { label: msg("label.address"), cell: (r) => r.address, give: GIVE.address },
      ],
    };
    const rows = [{ name: "Deniz Demir", address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" }];
    const at = (width: number) =>
      lines(renderRecords(spec, rows, { out: plain, columns: width }))[1];
    expect(at(30)).toBe("Deniz Demir  bc1qar0s…zzwf5mdq");
    expect(at(26)).toBe("Deniz Demir  bc1qar…wf5mdq");
    expect(at(24)).toBe("Deniz Demir  bc1qa…f5mdq");
    expect(at(21)).toBe("Deniz D…  bc1qa…f5mdq");
  });
});

describe("streaming: page by page with widths fixed from the first page", () => {
  const spec: TableSpec<{ id: string; address: string }> = {
    columns: [
      { label: msg("label.id"), cell: (r) => r.id },
      {
        label: msg("label.address"),
        cell: (r) => r.address,
        give: { cut: "middle", rank: 0, floor: 13, least: 11 },
      },
    ],
  };

  it("prints the header once and keeps the first page's widths", () => {
    const stream = new TableStream(spec, plain, 40);
    const first = stream.rows([{ id: "1", address: "short" }]);
    const second = stream.rows([
      { id: "2", address: "a-much-longer-address-than-before-0123456789" },
    ]);
    expect(first).toBe("ID  ADDRESS\n1   short\n");
    // The address column keeps its width from page one: the longer one is cut in the middle.
    expect(second).toBe("2   a-m…789\n");
  });

  it("widens a column for a later cell that may not be cut (an id), taking room from the address", () => {
    const stream = new TableStream(spec, plain, 30);
    stream.rows([{ id: "1", address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" }]);
    const second = stream.rows([
      { id: HUGE_ID, address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" },
    ]);
    expect(second).toContain(HUGE_ID);
    for (const line of lines(second)) expect(textWidth(line)).toBeLessThanOrEqual(30);
  });

  it("a later wider id does not drift under the header: the rows from it on get a header of their own (issue 25 item 9)", () => {
    const stream = new TableStream(spec, plain, 60);
    const first = stream.rows([{ id: "1", address: "rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh" }]);
    const second = stream.rows([{ id: HUGE_ID, address: "rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh" }]);
    const third = stream.rows([{ id: "3", address: "rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh" }]);
    // Each row's ADDRESS starts where the header above it puts ADDRESS.
    expect(lines(first)[1]!.indexOf("rLHz")).toBe(lines(first)[0]!.indexOf("ADDRESS"));
    expect(lines(second)[0]).toMatch(/^ID +ADDRESS$/);
    expect(lines(second)[1]!.indexOf("rLHz")).toBe(lines(second)[0]!.indexOf("ADDRESS"));
    expect(third.startsWith("ID")).toBe(false);
    expect(third.indexOf("rLHz")).toBe(lines(second)[0]!.indexOf("ADDRESS"));
  });

  it("when shrinking is not enough for a later wide id, a column goes by the drop steps and the header is printed again", () => {
    const wide: TableSpec<{ id: string; created: string; address: string }> = {
      columns: [
        { label: msg("label.id"), cell: (r) => r.id },
        { label: msg("label.created"), cell: (r) => r.created },
        { label: msg("label.address"), cell: (r) => r.address, give: GIVE.address },
      ],
      drops: [{ label: "label.created" }],
    };
    const address = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
    const stream = new TableStream(wide, plain, 40);
    const first = stream.rows([{ id: "1", created: "2026-11-20 14:05", address }]);
    const second = stream.rows([{ id: HUGE_ID, created: "2026-11-20 14:06", address }]);
    expect(lines(first)[0]).toMatch(/^ID +CREATED +ADDRESS$/);
    // Without the drop the line would be 19 + 2 + 16 + 2 + 11 = 50 cells on a 40-cell terminal.
    expect(lines(second)[0]).toMatch(/^ID +ADDRESS$/);
    expect(lines(second)[1]).toMatch(new RegExp(`^${HUGE_ID}  bc1q.*…`));
    for (const line of lines(first + second)) expect(textWidth(line)).toBeLessThanOrEqual(40);
  });

  it("a list written in pages prints its first rows before the last page is known", async () => {
    const io = memoryIO({ tty: true, columns: 120, noColor: true });
    const writer = createRecordWriter("table", { columns: EXCHANGE_VIEW.columns }, io);
    await writer.write(EXCHANGES.slice(0, 1));
    expect(io.stdoutText()).toContain(HUGE_ID);
    await writer.write(EXCHANGES.slice(1));
    await writer.end();
    expect(lines(io.stdoutText())).toHaveLength(4);
  });
});

describe("cutText", () => {
  it("cuts in the middle, keeping both ends", () => {
    expect(cutText("abcdefghij", 5, "middle")).toBe("ab…ij");
    expect(cutText("abc", 5, "middle")).toBe("abc");
  });
  it("cuts at the end", () => {
    expect(cutText("Deniz Demir", 8, "end")).toBe("Deniz D…");
  });
  it("counts wide characters as two cells and never splits a combining mark or an emoji", () => {
    expect(cutText("山田太郎さん", 7, "end")).toBe("山田太…");
    expect(textWidth(cutText("山田太郎さん", 6, "end"))).toBeLessThanOrEqual(6);
    expect(cutText("Jose\u0301 Mu\u0308ller", 5, "end")).toBe("Jose\u0301…");
    expect(cutText("👍🏽👍🏽👍🏽👍🏽", 5, "end")).toBe("👍🏽👍🏽…");
  });
});

describe("wrapText", () => {
  it("breaks at spaces, never inside a word", () => {
    const note =
      "For an order that matched in several trades, price information is that of the first partial trade (see users/transactions/trade).";
    const wrapped = wrapText(note, 80);
    expect(wrapped).toEqual([
      "For an order that matched in several trades, price information is that of the",
      "first partial trade (see users/transactions/trade).",
    ]);
    for (const width of [20, 30, 40]) {
      for (const line of wrapText(note, width)) expect(textWidth(line)).toBeLessThanOrEqual(width);
    }
    // Where every word fits a line, the lines are the words, unbroken.
    for (const width of [30, 40]) expect(wrapText(note, width).join(" ")).toBe(note);
  });
});

describe("grid and keyValue", () => {
  it("aligns wide (CJK) characters by display width, right-aligns where asked", () => {
    expect(
      grid([
        ["日本", "1.5"],
        ["ab", "10.25"],
      ]).map((l) => l),
    ).toEqual(["日本  1.5", "ab    10.25"]);
    expect(
      grid(
        [
          ["a", "1.5", "x"],
          ["b", "10.25", "y"],
        ],
        { align: [undefined, "right"] },
      ),
    ).toEqual(["a    1.5  x", "b  10.25  y"]);
  });

  it("neutralises escapes in cells", () => {
    const [line] = grid([["\u001b[2J", "ok"]]);
    expect(line).not.toContain("\u001b");
    expect(line).toBe("\\x1b[2J  ok");
  });

  it("keyValue: labels aligned, a value wider than the line wraps at spaces instead of being cut", () => {
    const text = keyValue(
      [
        ["Key", "abc"],
        ["Credentials", "the profile default in /home/ayşe/.config/tradectl/config.json"],
      ],
      plain,
      { width: 40 },
    );
    expect(text[0]).toBe("Key          abc");
    for (const line of text) expect(textWidth(line)).toBeLessThanOrEqual(40);
    // Broken at the spaces; the path, longer than a line, where it must be. Nothing is lost.
    expect(text.slice(1).map((l) => l.slice(13))).toEqual([
      "the profile default in",
      "/home/ayşe/.config/tradectl",
      "/config.json",
    ]);
  });
});

describe("grid with maxWidth (a prompt's choices on a narrow terminal, issue 25 item 9)", () => {
  const rows = [
    ["734001026", "0.8000000000000000", "BTC", "created 2025-06-14 09:21"],
    ["734001023", "250.123456", "XRP", "created 2025-06-13 17:30"],
  ];

  it("leaves out the last columns that do not fit whole: no line wraps inside a date", () => {
    const wide = grid(rows, { align: [undefined, "right"], gaps: [undefined, 1] });
    expect(wide[0]).toContain("created 2025-06-14 09:21");
    const narrow = grid(rows, { align: [undefined, "right"], gaps: [undefined, 1], maxWidth: 58 });
    expect(narrow).toEqual([
      "734001026  0.8000000000000000 BTC",
      "734001023          250.123456 XRP",
    ]);
    for (const line of narrow) expect(textWidth(line)).toBeLessThanOrEqual(58);
  });

  it("keeps every column when they fit, and always the first", () => {
    expect(grid(rows, { maxWidth: 200 })[0]).toContain("09:21");
    expect(grid(rows, { maxWidth: 5 })).toEqual(["734001026", "734001023"]);
  });
});
