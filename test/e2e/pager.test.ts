import { describe, expect, it } from "vitest";
import { fillsScreen, pagerCommand } from "../../src/output/pager.js";
import { runCli } from "../helpers/cli.js";
import { startPty } from "../helpers/pty.js";

/**
 * Issue 37: long help on a terminal goes through $TRADECTL_PAGER, else $PAGER, else `less -FRX`;
 * never when piped, never with --no-pager, and not when it fits the screen. The pager here is a
 * `sed` that marks each line it passed, run in a real pseudo-terminal.
 */
const MARKING = `sed 's/^/PAGED: /'`;

async function onTerminal(args: string[], env: NodeJS.ProcessEnv, rows = 12) {
  const s = startPty(args, { env, rows, cols: 80 });
  const code = await s.exit;
  return { code, text: s.text() };
}

describe("the pager", () => {
  it("a long help topic on a terminal goes through $TRADECTL_PAGER", async () => {
    const r = await onTerminal(["help", "exit-codes"], { TRADECTL_PAGER: MARKING, PAGER: "false" });
    expect(r.code).toBe(0);
    expect(r.text).toContain("PAGED: Exit codes");
  });

  it("$PAGER when TRADECTL_PAGER is not set; a command's --help too", async () => {
    const r = await onTerminal(["declarations", "confirm", "--help"], { PAGER: MARKING });
    expect(r.code).toBe(0);
    expect(r.text).toMatch(/PAGED: Usage: tradectl declarations confirm/);
  });

  it("not with --no-pager, and not for what fits the screen", async () => {
    const off = await onTerminal(["--no-pager", "help", "exit-codes"], { TRADECTL_PAGER: MARKING });
    expect(off.text).toContain("Exit codes");
    expect(off.text).not.toContain("PAGED:");
    const fits = await onTerminal(["help", "version"], { TRADECTL_PAGER: MARKING }, 60);
    expect(fits.text).toContain("Usage: tradectl version");
    expect(fits.text).not.toContain("PAGED:");
  });

  it("never when stdout is not a terminal", async () => {
    const r = await runCli(["help", "exit-codes"], { env: { TRADECTL_PAGER: MARKING } });
    expect(r.code).toBe(0);
    // The whole topic, in whichever language the run has (npm run test:tr runs it in Turkish).
    expect(r.stdout).toContain("rate_limited");
    expect(r.stdout).not.toContain("PAGED:");
  });

  it("chooses TRADECTL_PAGER, then PAGER, then less -FRX; empty or cat means none", () => {
    expect(pagerCommand({ TRADECTL_PAGER: "most", PAGER: "more" })).toBe("most");
    expect(pagerCommand({ PAGER: "more" })).toBe("more");
    expect(pagerCommand({})).toBe("less -FRX");
    expect(pagerCommand({ TRADECTL_PAGER: "", PAGER: "more" })).toBeNull();
    expect(pagerCommand({ PAGER: "cat" })).toBeNull();
    expect(fillsScreen("a\nb\n", 3)).toBe(false);
    expect(fillsScreen("a\nb\nc\n", 3)).toBe(true);
    expect(fillsScreen("a\nb\nc\n", undefined)).toBe(false);
  });
});
