import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { main } from "../../src/cli.js";
import { ROOT, runCli } from "../helpers/cli.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";
import { Sink } from "../helpers/memory-io.js";

/**
 * Start-up speed rests on two things the build makes (scripts/build.js, bin/code-cache.js):
 * V8 code caches for dist/cli.cjs and dist/vendor/undici.cjs, and undici pre-bundled into
 * dist/vendor/undici.cjs. Either can stop working with every command still correct, only
 * slower; this test notices. Needs `npm run build` first.
 */
const PROBE = fileURLToPath(new URL("./fixtures/load-probe.cjs", import.meta.url));
const ORDER = `{"data":{"id":5,"price":"1","amount":"1","quantity":"1","stopPrice":"0","pairSymbol":"BTCTRY","pairSymbolNormalized":"BTC_TRY","type":"buy","method":"limit","orderClientId":"","time":1700000000000,"updateTime":1700000000000,"status":"Untouched","leftAmount":"1"},"success":true,"message":null,"code":0}`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((_req, res) => sendJson(res, 200, ORDER));
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
  expect(cached(join("dist", "cli.cjs"))).toMatchObject({ rejected: false });
  expect(cached(join("dist", "vendor", "undici.cjs"))).toMatchObject({ rejected: false });
  expect(probe.loaded).toEqual([]);
});

it("`--help` on a stdout that is not a terminal is printed from dist/help.txt, without loading the CLI, and says what the CLI says", async () => {
  const out = join(mkdtempSync(join(tmpdir(), "tradectl-probe-")), "probe.json");
  const result = await runCli(["--help"], {
    env: { NODE_OPTIONS: `--require ${PROBE}`, LOAD_PROBE_OUT: out, COLUMNS: "200" },
  });
  expect(result.code).toBe(0);
  expect(result.stderr).toBe("");
  const probe = JSON.parse(readFileSync(out, "utf8")) as Probe;
  expect(probe.compiled.filter((c) => c.file?.endsWith("cli.cjs"))).toEqual([]);
  // The CLI itself, in this process, on a stdout that is not a terminal.
  const stdout = new Sink(false, undefined);
  const code = await main(["--help"], {
    stdout,
    stderr: new Sink(false, undefined),
    stdin: new PassThrough(),
    env: {},
  });
  expect(code).toBe(0);
  expect(result.stdout).toBe(stdout.text);
  expect(readFileSync(join(ROOT, "dist", "help.txt"), "utf8")).toBe(stdout.text);
});
