import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { expect } from "vitest";
import { openReceipts } from "../../src/config/receipts.js";

/**
 * Every receipts file a test's home holds is a whole chain (`receipts verify` passes): the real
 * account's and the sandbox's (docs/RECEIPTS.md). Called in the tests' teardown.
 */
export async function expectReceiptsWhole(home: { XDG_STATE_HOME: string }): Promise<void> {
  const dir = join(home.XDG_STATE_HOME, "tradectl");
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).filter((n) => n.endsWith("receipts.ndjson"))) {
    const result = await openReceipts(join(dir, name)).verify();
    expect(result, `${name} is not a whole chain`).toMatchObject({ ok: true });
  }
}

/** test/config/receipts-child.ts bundled to a file of its own: a tradectl-like process to run with node. */
export async function buildReceiptsChild(): Promise<string> {
  const child = join(mkdtempSync(join(tmpdir(), "tradectl-receipts-child-")), "receipts-child.mjs");
  await build({
    entryPoints: [join(import.meta.dirname, "../config/receipts-child.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: child,
    logLevel: "silent",
  });
  return child;
}
