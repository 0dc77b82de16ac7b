import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// docs/ARCHITECTURE.md matches the tree: every file of the declare core and every floor of src/
// is named in it, so a file added or moved without a word there fails here.
const root = join(import.meta.dirname, "..", "..");
const doc = readFileSync(join(root, "docs", "ARCHITECTURE.md"), "utf8");

describe("docs/ARCHITECTURE.md", () => {
  it("names every file of src/declare/", () => {
    const files = readdirSync(join(root, "src", "declare")).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(0);
    // Listed under `src/declare/` as the bare name, or cited as `declare/<name>` anywhere.
    const section = doc.slice(doc.indexOf("src/declare/\n"));
    const missing = files.filter(
      (f) => !doc.includes(`declare/${f}`) && !new RegExp(`^  ${f} `, "m").test(section),
    );
    expect(missing).toEqual([]);
  });

  it("has a row in the floors table for every folder and top-level module of src/", () => {
    const entries = readdirSync(join(root, "src"), { withFileTypes: true });
    const floors = entries
      .filter((e) => e.isDirectory() || e.name === "errors.ts" || e.name === "cli.ts")
      .map((e) => (e.isDirectory() ? `src/${e.name}/` : `src/${e.name}`));
    const table = doc.slice(
      doc.indexOf("| floor | folder |"),
      doc.indexOf("\n\n", doc.indexOf("| floor | folder |")),
    );
    const missing = floors.filter((f) => !table.includes(`| \`${f}\` |`));
    expect(missing).toEqual([]);
  });
});
