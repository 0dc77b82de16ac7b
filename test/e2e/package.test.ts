import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../helpers/cli.js";

/**
 * The package as it ships (issue 25 items 10-12), checked fast on the files `npm pack` would
 * take; .ci/run's scripts/check-package.sh packs, installs and runs the real thing. Needs a
 * build first; the library's types are emitted here, into a directory of this test's own
 * (other tests rebuild dist/ without them).
 */
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  dependencies?: Record<string, string>;
  files: string[];
  exports: Record<string, Record<string, string> | string>;
  man: string[];
  repository?: { url: string };
  homepage?: string;
  bugs?: { url: string };
  keywords?: string[];
};

/**
 * The bare package names a file imports or requires, Node built-ins left out: `require("x")`,
 * `import("x")`, and `import … from "x"` / `export … from "x"` as statements (not "from" in
 * the minified code's strings).
 */
function bareImports(text: string): Set<string> {
  const names = new Set<string>();
  const patterns = [
    // Not one that starts a string: ajv (under the MCP SDK, dist/mcp.cjs) keeps the code it
    // would write for standalone validators as text ('require("ajv/dist/runtime/equal")').
    /(?<![`'"])\b(?:require|import)\(\s*["']([^"'.][^"']*)["']\s*\)/g,
    /(?:^|;)\s*(?:import|export)\b[^;"']*?\bfrom\s*["']([^"'.][^"']*)["']/gm,
  ];
  for (const pattern of patterns) {
    for (const m of text.matchAll(pattern)) {
      const spec = m[1]!;
      if (spec.startsWith("node:") || builtinModules.includes(spec)) continue;
      names.add(spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!);
    }
  }
  return names;
}

/** The declaration files the library's entry reaches, following relative imports. */
function typeClosure(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, "utf8").matchAll(
      /(?:from\s*|import\()\s*["'](\.[^"']+)["']/g,
    )) {
      queue.push(join(dirname(file), m[1]!.replace(/\.js$/, ".d.ts")));
    }
  }
  return [...seen];
}

let packed: string[];
let types: string;
beforeAll(async () => {
  types = mkdtempSync(join(tmpdir(), "tradectl-types-"));
  execFileSync(
    process.execPath,
    [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json", "--outDir", types],
    { cwd: ROOT, stdio: "ignore" },
  );
  // As the build does: the types stand alone, naming no bundled package (scripts/flat-types.js).
  const { flattenTypes } = (await import(join(ROOT, "scripts", "flat-types.js"))) as {
    flattenTypes(root: string, dir: string): void;
  };
  flattenTypes(ROOT, types);
  const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  packed = (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
  // A hang guard: tsc alone took over 60 s with the two cores shared by other CPU-heavy work.
}, 300_000);

describe("the package as shipped", () => {
  it("runs no script when installed: it builds on prepack (and on postprepare in a clone)", () => {
    for (const script of ["preinstall", "install", "postinstall", "prepare"]) {
      expect(pkg.scripts[script], script).toBeUndefined();
    }
    expect(pkg.scripts.prepack).toBe("node scripts/build.js");
  });

  it("ships no source map, no code cache, and a LICENSE", () => {
    expect(packed.filter((f) => /\.(map|cache)$/.test(f))).toEqual([]);
    expect(packed).toContain("LICENSE");
    expect(readFileSync(join(ROOT, "LICENSE"), "utf8")).toMatch(/^MIT License/);
    expect(packed).toContain("dist/cli.cjs");
    // The runs (scripts/cli-chunks.js): without it only help and Tab would work.
    expect(packed).toContain("dist/runs.cjs");
  });

  it("depends on exactly what the shipped code requires and the library's types name", () => {
    const needed = new Set<string>();
    for (const file of packed.filter((f) => /\.(c?js)$/.test(f))) {
      for (const name of bareImports(readFileSync(join(ROOT, file), "utf8"))) needed.add(name);
    }
    const entry = join(types, "index.d.ts");
    expect(existsSync(entry)).toBe(true);
    for (const file of typeClosure(entry)) {
      for (const name of bareImports(readFileSync(file, "utf8"))) needed.add(name);
    }
    // The library's own name, in a doc comment's example.
    needed.delete("tradectl");
    // Everything the code runs is bundled, but native code, which cannot be: the OS keyring's
    // binding, resolved at run time by the keyring's child process (src/config/keyring.ts).
    const native = ["@napi-rs/keyring"];
    const shipped = packed
      .filter((f) => /\.(c?js)$/.test(f))
      .map((f) => readFileSync(join(ROOT, f), "utf8"))
      .join("\n");
    for (const name of native) expect(shipped).toContain(`resolve("${name}")`);
    expect(Object.keys(pkg.dependencies ?? {}).sort()).toEqual([...needed, ...native].sort());
    expect(needed.size).toBe(0);
  });

  it("points at no source map it does not ship, and ships the man page and the changelog", () => {
    for (const file of packed.filter((f) => /\.(c?js)$/.test(f))) {
      expect(readFileSync(join(ROOT, file), "utf8"), file).not.toMatch(/sourceMappingURL=/);
    }
    expect(packed).toContain("man/tradectl.1");
    expect(pkg.man).toEqual(["./man/tradectl.1"]);
    expect(packed).toContain("CHANGELOG.md");
  });

  it("says where it lives, and takes require() as well as import", () => {
    expect(pkg.repository?.url).toMatch(/^git\+https:\/\//);
    expect(pkg.homepage).toMatch(/^https:\/\//);
    expect(pkg.bugs?.url).toMatch(/^https:\/\//);
    expect(pkg.keywords).toContain("travel-rule");
    expect(pkg.exports["."]).toMatchObject({
      types: "./dist/types/index.d.ts",
      import: "./dist/index.js",
      default: "./dist/index.js",
    });
  });
});
