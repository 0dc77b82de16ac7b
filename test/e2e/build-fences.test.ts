import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { generatedDeclaration } from "../commands/declarations-list.fixtures.js";
import { runCli } from "../helpers/cli.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";

/**
 * Start-up speed rests on two things the build makes (scripts/build.js, bin/code-cache.js):
 * V8 code caches for dist/cli.cjs and dist/vendor/undici.cjs, and undici pre-bundled into
 * dist/vendor/undici.cjs. Either can stop working with every command still correct, only
 * slower; this test notices. Needs `npm run build` first.
 */
const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));
const PROBE = fileURLToPath(new URL("./fixtures/load-probe.cjs", import.meta.url));
const REGEXP_PROBE = fileURLToPath(new URL("./fixtures/regexp-probe.cjs", import.meta.url));
const ORDER = `{"data":{"id":5,"price":"1","amount":"1","quantity":"1","stopPrice":"0","pairSymbol":"BTCTRY","pairSymbolNormalized":"BTC_TRY","type":"buy","method":"limit","orderClientId":"","time":1700000000000,"updateTime":1700000000000,"status":"Untouched","leftAmount":"1"},"success":true,"message":null,"code":0}`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((req, res) =>
    req.url.startsWith("/api/v1/order/")
      ? sendJson(res, 200, ORDER)
      : sendJson(
          res,
          200,
          `[${Array.from({ length: 100 }, (_, i) => generatedDeclaration(i)).join(",")}]`,
        ),
  );
});
afterAll(() => server.close());

interface Probe {
  compiled: { file: string | null; withCache: boolean; rejected: boolean | null }[];
  loaded: string[];
}

it("the built CLI loads dist/cli.cjs and the vendored undici with their code caches, and not undici's package", async () => {
  const out = join(mkdtempSync(join(tmpdir(), "tradectl-probe-")), "probe.json");
  const result = await runCli(["--base-url", server.url, "order", "get", "5"], {
    env: {
      NODE_OPTIONS: `--require ${PROBE}`,
      LOAD_PROBE_OUT: out,
      TRADECTL_API_KEY: "fence-key",
      TRADECTL_API_SECRET: "c2FuZGJveC1wcml2YXRlLWtleQ==",
    },
  });
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  const probe = JSON.parse(readFileSync(out, "utf8")) as Probe;
  const cached = (suffix: string) =>
    probe.compiled.find((c) => c.file?.endsWith(suffix) && c.withCache);
  // The build makes caches for the V8 of the Node that built it (bin/code-cache.js names them by
  // V8 version). CI builds once with the engines floor and runs the suite on newer Node lines too;
  // there no cache fits, and Node's own compile cache takes over by design, so only the
  // building Node's run can check the caches are used.
  const caches = readdirSync(DIST).filter((f) => /^cli\.cjs\.v8-.+\.cache$/.test(f));
  expect(caches, "the build made no code cache for dist/cli.cjs").not.toEqual([]);
  if (existsSync(join(DIST, `cli.cjs.v8-${process.versions.v8}.cache`))) {
    expect(cached(join("dist", "cli.cjs"))).toMatchObject({ rejected: false });
    expect(cached(join("dist", "vendor", "undici.cjs"))).toMatchObject({ rejected: false });
  }
  expect(probe.loaded).toEqual([]);
});

/**
 * cli-table3 measures every cell with string-width many times over, and string-width@4 strips
 * colour through ansi-regex@5, which builds a new RegExp on each call: a quarter of the CPU of a
 * long table. The build gives strip-ansi one RegExp built once, and cli-table3 our textWidth,
 * which skips string-width for printable ASCII (scripts/build.js). Without that, this table of
 * 100 rows builds thousands of RegExps.
 */
it("a table of 100 declarations builds a handful of RegExps, not some per cell", async () => {
  const out = join(mkdtempSync(join(tmpdir(), "tradectl-probe-")), "regexps.txt");
  const result = await runCli(
    ["--base-url", server.url, "declarations", "list", "--page-size", "100", "-o", "table"],
    {
      env: {
        NODE_OPTIONS: `--require ${REGEXP_PROBE}`,
        REGEXP_PROBE_OUT: out,
        TRADECTL_API_KEY: "fence-key",
        TRADECTL_API_SECRET: "c2FuZGJveC1wcml2YXRlLWtleQ==",
      },
    },
  );
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  expect(result.stdout.split("\n")).toHaveLength(102);
  expect(Number(readFileSync(out, "utf8"))).toBeLessThan(100);
});
