import { describe, expect, it } from "vitest";
import { textWidth } from "../../src/output/narrowing.js";
import { startPty } from "../helpers/pty.js";

/** `tradectl --sandbox declarations list` in a real terminal `cols` wide: what it showed. */
async function listInTerminal(
  cols: number,
  args: string[] = [],
): Promise<{ code: number; text: string }> {
  const term = startPty(["--sandbox", "declarations", "list", "--page-size", "12", ...args], {
    cols,
    rows: 50,
    env: { TZ: "UTC" },
  });
  const code = await term.exit;
  return { code, text: term.text() };
}

describe("declarations list in a pseudo-terminal, at the terminal's own width", () => {
  for (const cols of [80, 120, 200]) {
    it(`${cols} columns: every line fits, names and the lightning marker whole`, async () => {
      const { code, text } = await listInTerminal(cols);
      expect(code).toBe(0);
      const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
      expect(lines[0]).toMatch(/^ID {2,}/);
      for (const line of lines) expect(textWidth(line), line).toBeLessThanOrEqual(cols);
      // The sandbox's seed has these senders; a name is whole or its column is left out.
      for (const name of ["Deniz Demir", "Ayşe Yılmaz"]) {
        const [first, last] = name.split(" ");
        expect(text).not.toMatch(
          new RegExp(`${first!.slice(0, 2)}[^\\s]*…[^\\s]*${last!.slice(-2)}`),
        );
      }
      expect(text).not.toMatch(/⚡ li[a-z]*…[a-z]+/);
      if (cols >= 120) {
        expect(text).toContain("Deniz Demir");
        expect(text).toContain("Ayşe Yılmaz");
        expect(text).toContain("⚡ lightning");
      }
      if (cols === 200) expect(text).not.toContain("…");
      // The hint for people follows the table on the same terminal.
      expect(text).toMatch(/pending: confirm/);
    });
  }
});
