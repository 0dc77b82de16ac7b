import { describe, expect, it } from "vitest";
import { renderTradeBlocks } from "../../../src/commands/order/fills-view.js";
import { LosslessNumber } from "../../../src/wire/json.js";
import type { Trade } from "../../../src/wire/schemas.js";
import { memoryIO } from "../../helpers/memory-io.js";

const trade: Trade = {
  id: new LosslessNumber("1181163798924649598"),
  timestamp: new LosslessNumber("1700000000000"),
  amount: "-60000000.00000000",
  preciseAmount: new LosslessNumber("-60000000.000000000000000000"),
  fee: "-0.6666666607",
  tax: "-0.0333333330",
  price: "0.0000123456789012",
  numeratorSymbol: "SHIB",
  denominatorSymbol: "TRY",
  orderType: "sell",
  orderId: new LosslessNumber("9007199254740993"),
  orderClientId: null,
};

const SUMMARY = [
  "filled 60000000.00000000 SHIB",
  "average price 0.0000123456789012 TRY",
  "fee -0.6666666607",
  "tax -0.0333333330",
];

describe("order trades table: the summary line", () => {
  it("is one line where the terminal is wide enough", () => {
    const io = memoryIO({ tty: true, columns: 200, noColor: true });
    expect(renderTradeBlocks([{ orderId: "9007199254740993", trades: [trade] }], io)).toMatch(
      new RegExp(`\n${SUMMARY.join(" · ").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\n$`),
    );
  });

  it("breaks between its parts, never inside a number, on a narrow terminal", () => {
    const io = memoryIO({ tty: true, columns: 70, noColor: true });
    const text = renderTradeBlocks([{ orderId: "9007199254740993", trades: [trade] }], io);
    expect(text.endsWith(`\n${SUMMARY[0]} · ${SUMMARY[1]}\n${SUMMARY[2]} · ${SUMMARY[3]}\n`)).toBe(
      true,
    );
  });

  it("below a table's width: a blank line between the trades and before the summary", () => {
    const io = memoryIO({ tty: true, columns: 40, noColor: true });
    const second = { ...trade, id: new LosslessNumber("2") };
    const text = renderTradeBlocks(
      [
        { orderId: "9007199254740993", trades: [trade, second] },
        { orderId: "5", trades: [trade] },
      ],
      io,
    );
    // Label/value blocks, as `senders list` prints them: every record (and the summary after
    // the last one) set apart by one blank line, every order too.
    const paragraphs = text.trimEnd().split("\n\n");
    expect(paragraphs.map((p) => p.split("\n")[0])).toEqual([
      "Order 9007199254740993  SHIB_TRY  2 trades",
      "TRADE ID  2",
      "filled 120000000.00000000 SHIB",
      "Order 5  SHIB_TRY  1 trade",
      "filled 60000000.00000000 SHIB",
    ]);
    expect(paragraphs[0]).toContain("\nTRADE ID  1181163798924649598\n");
    expect(paragraphs[0]!.split("\n").at(-1)).toBe("TAX       -0.0333333330");
    expect(paragraphs[1]!.split("\n").at(-1)).toBe("TAX       -0.0333333330");
    expect(text).not.toMatch(/\n\n\n/);
  });

  it("under a table, the summary follows its last row directly", () => {
    const io = memoryIO({ tty: true, columns: 200, noColor: true });
    const text = renderTradeBlocks([{ orderId: "9007199254740993", trades: [trade] }], io);
    expect(text.split("\n")).toHaveLength(5);
    expect(text).not.toContain("\n\n");
  });

  it("an order without trades says so", () => {
    const io = memoryIO({ tty: true, columns: 80, noColor: true });
    expect(renderTradeBlocks([{ orderId: "21546458", trades: [] }], io)).toBe(
      "Order 21546458: no trades\n",
    );
  });

  it("server text in the heading is neutralised", () => {
    const io = memoryIO({ tty: true, columns: 200, noColor: true });
    const hostile = { ...trade, numeratorSymbol: "SH\u001b[2JIB" };
    const text = renderTradeBlocks([{ orderId: "1", trades: [hostile] }], io);
    expect(text).not.toContain("\u001b");
  });
});
