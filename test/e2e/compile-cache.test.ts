import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import * as nodeModule from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runCli, tempHome } from "../helpers/cli.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";

/**
 * On a Node without its own compile cache (before 22.1), bin/compile-cache.js keeps V8's code
 * for our bundles in the user's cache folder: the first run writes it, the next ones read it
 * (V8 accepts it: the file is not written again) and print the same. Needs `npm run build` first.
 */
const ORDER = `{"data":{"id":5,"price":"1","amount":"1","quantity":"1","stopPrice":"0","pairSymbol":"BTCTRY","pairSymbolNormalized":"BTC_TRY","type":"buy","method":"limit","orderClientId":"","time":1700000000000,"updateTime":1700000000000,"status":"Untouched","leftAmount":"1"},"success":true,"message":null,"code":0}`;
const CREDENTIALS = {
  TRADECTL_API_KEY: "cache-key",
  TRADECTL_API_SECRET: "c2FuZGJveC1wcml2YXRlLWtleQ==",
};

/** Node >= 22.1 keeps its own compile cache, and the bundle cache is not used. */
const nodeKeepsItsOwn = "enableCompileCache" in nodeModule;

let server: TestServer;
beforeAll(async () => {
  // An order for `order get`, no declarations for `declarations list`.
  server = await startTestServer((req, res) =>
    sendJson(res, 200, req.url?.startsWith("/api/v1/crypto-deposit-declarations") ? "[]" : ORDER),
  );
});
afterAll(() => server.close());

/** The cache files under `home` with their modification times. */
function caches(home: { HOME: string }): Record<string, number> {
  const folder = join(home.HOME, ".cache", "tradectl", `v8-${process.versions.v8}`);
  let names: string[] = [];
  try {
    names = readdirSync(folder);
  } catch {}
  return Object.fromEntries(names.map((n) => [n, statSync(join(folder, n)).mtimeMs]));
}

it.skipIf(nodeKeepsItsOwn)(
  "a command writes a cache for each bundle it read, and the next run uses them",
  async () => {
    const home = tempHome();
    const args = ["--base-url", server.url, "order", "get", "5", "-o", "json"];
    const uncached = await runCli(args, {
      env: { ...home, ...CREDENTIALS, NODE_DISABLE_COMPILE_CACHE: "1" },
    });
    expect(uncached.code).toBe(0);
    expect(caches(home)).toEqual({});

    const first = await runCli(args, { env: { ...home, ...CREDENTIALS } });
    const written = caches(home);
    expect(Object.keys(written).sort()).toEqual(["cli.cjs", "runs.cjs", "vendor+undici.cjs"]);
    const second = await runCli(args, { env: { ...home, ...CREDENTIALS } });
    // Not written again: V8 took each (made with its flags as the next run reads them).
    expect(caches(home)).toEqual(written);
    expect([first.code, first.stdout, first.stderr]).toEqual([0, uncached.stdout, ""]);
    expect([second.code, second.stdout, second.stderr]).toEqual([0, uncached.stdout, ""]);
  },
);

it.skipIf(nodeKeepsItsOwn)(
  "a command whose code the caches lack adds it once: written again at its first run, not at the next, and the first command's runs write nothing",
  async () => {
    const home = tempHome();
    const env = { ...home, ...CREDENTIALS };
    const order = ["--base-url", server.url, "order", "get", "5", "-o", "json"];
    const list = ["--base-url", server.url, "declarations", "list", "-o", "ndjson"];
    const folder = join(home.HOME, ".cache", "tradectl", `v8-${process.versions.v8}`);
    /** The commands a cache names (its second line). */
    const commandsOf = (name: string) => {
      const text = readFileSync(join(folder, name)).subarray(0, 400).toString("latin1");
      return text.split("\n")[1];
    };
    expect((await runCli(order, { env })).code).toBe(0);
    const byOrder = caches(home);
    expect(Object.keys(byOrder).sort()).toEqual(["cli.cjs", "runs.cjs", "vendor+undici.cjs"]);
    expect(commandsOf("runs.cjs")).toBe("commands:order get");

    const listed = await runCli(list, { env });
    expect([listed.code, listed.stderr]).toEqual([0, ""]);
    const byBoth = caches(home);
    for (const name of Object.keys(byOrder)) {
      expect(byBoth[name], name).not.toBe(byOrder[name]);
      expect(commandsOf(name)).toBe("commands:order get\tdeclarations list");
    }
    // Both commands' code is in them now: neither writes them again.
    expect((await runCli(list, { env })).stdout).toBe(listed.stdout);
    expect((await runCli(order, { env })).code).toBe(0);
    expect(caches(home)).toEqual(byBoth);
  },
);

it.skipIf(nodeKeepsItsOwn)(
  "a cache that names eight commands already is not written again for a ninth (commands run in turn would write it at every run)",
  async () => {
    const home = tempHome();
    const env = { ...home, ...CREDENTIALS };
    expect((await runCli(["--base-url", server.url, "order", "get", "5"], { env })).code).toBe(0);
    const file = join(home.HOME, ".cache", "tradectl", `v8-${process.versions.v8}`, "runs.cjs");
    const made = readFileSync(file);
    const identityEnd = made.indexOf(10) + 1;
    const commandsEnd = made.indexOf(10, identityEnd) + 1;
    const eight = ["order get", "a b", "c d", "e f", "g h", "i j", "k l", "m n"].join("\t");
    const full = Buffer.concat([
      made.subarray(0, identityEnd),
      Buffer.from(`commands:${eight}\n`),
      made.subarray(commandsEnd),
    ]);
    writeFileSync(file, full);
    const listed = await runCli(["--base-url", server.url, "declarations", "list"], { env });
    expect(listed.code).toBe(0);
    expect(readFileSync(file).equals(full)).toBe(true);
  },
);

it.skipIf(nodeKeepsItsOwn)(
  "a cache made from another build of the file is not used, and is replaced",
  async () => {
    const home = tempHome();
    // `help`: dist/cli.cjs alone (the root help's `--help` is dist/root-help.cjs).
    const first = await runCli(["help"], { env: home });
    const file = join(home.HOME, ".cache", "tradectl", `v8-${process.versions.v8}`, "cli.cjs");
    const made = readFileSync(file);
    // The same code under another file's identity (as after a rebuild or an upgrade).
    const identity = made.subarray(0, made.indexOf(10) + 1);
    writeFileSync(file, Buffer.concat([Buffer.from("1 2 3 4\n"), made.subarray(identity.length)]));
    const again = await runCli(["help"], { env: home });
    expect([again.code, again.stdout]).toEqual([0, first.stdout]);
    expect(readFileSync(file).subarray(0, identity.length)).toEqual(identity);
  },
);

it.skipIf(nodeKeepsItsOwn)("a .cjs file outside dist/ loads as before", () => {
  const home = tempHome();
  const other = join(home.HOME, "other.cjs");
  writeFileSync(other, "module.exports = 42;\n");
  const cache = fileURLToPath(new URL("../../bin/compile-cache.js", import.meta.url));
  const dist = fileURLToPath(new URL("../../dist", import.meta.url));
  const script = `require(${JSON.stringify(cache)}).enableBundleCache(${JSON.stringify(dist)}, { HOME: ${JSON.stringify(home.HOME)} }); process.stdout.write(String(require(${JSON.stringify(other)})));`;
  const printed = execFileSync(process.execPath, ["-e", script], { encoding: "utf8" });
  expect(printed).toBe("42");
});
