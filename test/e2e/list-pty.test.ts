import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { textWidth } from "../../src/output/narrowing.js";
import { BIN, ROOT, tempHome } from "../helpers/cli.js";

// node-pty is CommonJS with a native part; load it the way Node loads CommonJS.
const pty = createRequire(import.meta.url)("@lydell/node-pty") as typeof import("@lydell/node-pty");

const ANSI = /\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07/g;

/** `tradectl --sandbox declarations list` in a real terminal `cols` wide: what it showed. */
function listInTerminal(
  cols: number,
  args: string[] = [],
): Promise<{ code: number; text: string }> {
  const term = pty.spawn(
    process.execPath,
    [BIN, "--sandbox", "declarations", "list", "--page-size", "12", ...args],
    {
      name: "xterm-256color",
      cols,
      rows: 50,
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", TERM: "xterm-256color", TZ: "UTC", ...tempHome() },
    },
  );
  let raw = "";
  term.onData((data) => {
    raw += data;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      term.kill();
      reject(new Error(`no exit within 20 s; the screen showed:\n${raw}`));
    }, 20_000);
    term.onExit(({ exitCode }) => {
      clearTimeout(timer);
      resolve({ code: exitCode, text: raw.replace(ANSI, "") });
    });
  });
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
