import { describe, expect, it } from "vitest";
import { summaryText } from "../../../../src/commands/declarations/confirm/wizard.js";
import { textWidth } from "../../../../src/output/narrowing.js";
import { memoryIO } from "../../../helpers/memory-io.js";

/**
 * The wizard's last screen shows exactly what will be sent. Seen in a real terminal at 80
 * columns, a 56-character description ran past the edge and the terminal broke it mid-word
 * ("…on different pla" / "tforms"): a long value now goes on below its label, at spaces.
 */
const BODY = {
  cryptoDepositDeclarationId: 734001023,
  isSelfSender: true,
  description: "Transfer between my own accounts on different platforms",
  AddressType: "Exchange",
  exchangeId: 3,
};

describe("the wizard's summary of the body", () => {
  it("fits 80 columns: a long value is broken at spaces, never mid-word", () => {
    const io = memoryIO({ tty: true, columns: 80, noColor: true });
    const lines = summaryText(BODY as never, io, [{ id: 3, name: "Binance" }] as never).split("\n");
    for (const line of lines) expect(textWidth(line), line).toBeLessThanOrEqual(80);
    const text = lines.join("\n");
    expect(text).toMatch(
      /^ {2}description {17}"Transfer between my own accounts on different\n {30}platforms"$/m,
    );
    expect(text).toContain("  exchangeId                  3  (Binance)");
    expect(text).toContain("  isSelfSender                true  (your own name is used)");
  });

  it("on a wide terminal every field is one line, as before", () => {
    const io = memoryIO({ tty: true, columns: 200, noColor: true });
    const text = summaryText(BODY as never, io, null);
    expect(text).toContain(
      '  description                 "Transfer between my own accounts on different platforms"\n',
    );
    expect(text.split("\n")).toHaveLength(6);
  });
});
