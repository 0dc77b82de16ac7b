import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { receiptsPath } from "../../src/config/receipts.js";
import { tempHome } from "../helpers/cli.js";
import { runMain } from "../helpers/run.js";

/**
 * Issue 33, item 18: a state directory any user may write, and a receipts file other users may
 * read, each get one line on stderr; the run goes on. POSIX modes only.
 */
describe.skipIf(process.platform === "win32")("receipts open to other users", () => {
  function homeWith(dirMode: number, fileMode: number) {
    const home = tempHome();
    const path = receiptsPath(home, { sandbox: false });
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, "");
    chmodSync(dirname(path), dirMode);
    chmodSync(path, fileMode);
    return { home, path };
  }

  it("a world-writable state dir and a 0644 file: one warning each, and verify still passes", async () => {
    const { home, path } = homeWith(0o777, 0o644);
    const run = await runMain(["--lang", "en", "receipts", "verify"], { home });
    expect(run.code, run.stderr).toBe(0);
    const warnings = run.stderr.split("\n").filter((l) => l.includes("chmod"));
    expect(warnings).toEqual([
      `the state directory ${dirname(path)} is writable by every user (mode 777): another user could replace the receipts; \`chmod 700 ${dirname(path)}\``,
      `the receipts file ${path} is open to other users (mode 644): it holds your declarations' answers; \`chmod 600 ${path}\``,
    ]);
  });

  it("a 0700 dir and a 0600 file: not a word", async () => {
    const { home } = homeWith(0o700, 0o600);
    const run = await runMain(["receipts", "verify"], { home });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/chmod/);
  });
});
