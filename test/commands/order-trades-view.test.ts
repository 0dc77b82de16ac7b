import { describe, expect, it } from "vitest";
import { renderTradeBlocks } from "../../src/commands/order/fills-view.js";
import { LosslessNumber } from "../../src/wire/json.js";
import type { Trade } from "../../src/wire/schemas.js";
import { memoryIO } from "../helpers/memory-io.js";

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
