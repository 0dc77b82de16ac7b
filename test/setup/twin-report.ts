import { existsSync, readFileSync, rmSync } from "node:fs";

/**
 * The twin pass only (vitest globalSetup): at the end, how many runs were twin-checked (run
 * again in Turkish and found byte-identical) and why the others were not, so the number shows.
 */
export default function setup(): () => void {
  const file = process.env.TRADECTL_TWIN_TALLY;
  return () => {
    if (!file) return;
    let checked = 0;
    const skipped = new Map<string, number>();
    const lines = existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
    for (const line of lines) {
      const part = JSON.parse(line) as { checked: number; skipped: Record<string, number> };
      checked += part.checked;
      for (const [reason, n] of Object.entries(part.skipped)) {
        skipped.set(reason, (skipped.get(reason) ?? 0) + n);
      }
    }
    rmSync(file, { force: true });
    const notChecked = [...skipped.values()].reduce((a, b) => a + b, 0);
    const reasons = [...skipped]
      .sort((a, b) => b[1] - a[1])
      .map(([reason, n]) => `  ${n}\t${reason}`);
    console.log(
      [
        "",
        `Turkish twin pass: ${checked} runs twin-checked (stdout, exit code and JSON error line byte-identical in Turkish), ${notChecked} not:`,
        ...reasons,
      ].join("\n"),
    );
  };
}
