import { createRequire } from "node:module";
import Table from "cli-table3";
import { describe, expect, it } from "vitest";

/** The build swaps cli-table3 for scripts/lean/cli-table3.cjs, which loads it with the first table. */
const requireLean = createRequire(import.meta.url);

describe("the build's cli-table3 (loaded by the first table)", () => {
  it("makes cli-table3's own tables", () => {
    const LeanTable = requireLean("../../scripts/lean/cli-table3.cjs") as typeof Table;
    const options = { head: ["a", "b"], colWidths: [6, 8] };
    const lean = new LeanTable(options);
    const real = new Table(options);
    expect(lean).toBeInstanceOf(Table);
    lean.push(["x", "y…"], ["long text", "z"]);
    real.push(["x", "y…"], ["long text", "z"]);
    expect(lean.toString()).toBe(real.toString());
  });
});
