import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { generatedDeclaration } from "../fixtures/declarations-list.js";
import { runCli, tempHome } from "../helpers/cli.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";
import { runMain } from "../helpers/run.js";

/**
 * Start-up speed rests on things the build makes (scripts/build.js, scripts/cli-chunks.js):
 * the CLI split into dist/cli.cjs (start-up) and dist/runs.cjs (the runs, read only when one
 * runs), and undici pre-bundled into dist/vendor/undici.cjs. Each can stop working with every command still
 * correct, only slower; these tests notice. Needs `npm run build` first.
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
  loaded: string[];
  required: string[];
  /** Node's own public modules the run loaded ("node:http", …). */
  builtins: string[];
}

/** Runs the built CLI with the load probe preloaded; returns what it printed and loaded. */
async function probed(args: string[], env: NodeJS.ProcessEnv = {}) {
  const out = join(mkdtempSync(join(tmpdir(), "tradectl-probe-")), "probe.json");
  const result = await runCli(args, {
    env: { NODE_OPTIONS: `--require ${PROBE}`, LOAD_PROBE_OUT: out, ...env },
  });
  return { result, probe: JSON.parse(readFileSync(out, "utf8")) as Probe };
}

/** The files of dist/ a run read. */
const distFilesRead = (probe: Probe) =>
  [...new Set(probe.required)]
    .map((file) => file.slice(file.lastIndexOf(`${join("dist", "")}`)))
    .sort();

it("a command loads dist/cli.cjs, dist/runs.cjs and the vendored undici, and not undici's package", async () => {
  const { result, probe } = await probed(["--base-url", server.url, "order", "get", "5"], {
    TRADECTL_API_KEY: "fence-key",
    TRADECTL_API_SECRET: "c2FuZGJveC1wcml2YXRlLWtleQ==",
  });
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  expect(distFilesRead(probe)).toEqual([
    join("dist", "cli.cjs"),
    join("dist", "runs.cjs"),
    join("dist", "vendor", "undici.cjs"),
  ]);
  expect(probe.loaded).toEqual([]);
});

/**
 * A walk's first request waits for everything loaded before it (here one page of the walk:
 * this server answers every page alike). Two of Node's modules that no
 * walk uses stay unloaded: node:http2 (undici's HTTP/2 client, loaded by a connection that speaks
 * it, and ours never asks to) and node:child_process (the keyring's child, run only when the
 * key is not given). Each was some 4-7 ms before the first request.
 */
it("`declarations list` with the key in the environment loads neither node:http2 nor node:child_process", async () => {
  const { result, probe } = await probed(
    ["--base-url", server.url, "declarations", "list", "-o", "ndjson"],
    { TRADECTL_API_KEY: "fence-key", TRADECTL_API_SECRET: "c2FuZGJveC1wcml2YXRlLWtleQ==" },
  );
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  expect(result.stdout.split("\n")).toHaveLength(101);
  expect(probe.builtins).toContain("node:http");
  expect(probe.builtins).not.toContain("node:http2");
  expect(probe.builtins).not.toContain("node:child_process");
});

/**
 * What people feel at every start: help in a terminal, and what every Tab press runs. `--help`
 * reads dist/cli.cjs alone (a group's verbs are loaded only when the command line names the
 * group); `__complete` reads dist/complete.cjs alone, not even the program; the runs, the
 * client, undici, the sandbox, csv-parse and the wizard are in files neither reads
 * (BENCHMARKS.md, the `--help` and `__complete` rows).
 */
it("`--help` reads dist/root-help.cjs alone, `__complete` dist/complete.cjs alone", async () => {
  const config = tempHome();
  mkdirSync(join(config.XDG_CONFIG_HOME, "tradectl"), { recursive: true });
  writeFileSync(
    join(config.XDG_CONFIG_HOME, "tradectl", "config.json"),
    JSON.stringify({ profiles: { default: {}, work: {} } }),
    { mode: 0o600 },
  );
  const reads: [string[], string[], string][] = [
    // The root help is answered from what the build recorded (src/root-help.ts), in both
    // languages, without the CLI.
    [["--help"], [join("dist", "root-help.cjs")], "Usage: tradectl"],
    [["--lang", "tr", "--help"], [join("dist", "root-help.cjs")], "Kullanım: tradectl"],
    [[], [join("dist", "root-help.cjs")], "Usage: tradectl"],
    // A group's help is the CLI's, without a look at the root help's file.
    [
      ["order", "--help"],
      [join("dist", "cli.cjs"), join("dist", "runs.cjs")],
      "Usage: tradectl order",
    ],
    // Options the root help does not answer: it declines, and the CLI answers.
    [["-q", "--help"], [join("dist", "cli.cjs"), join("dist", "root-help.cjs")], "Usage: tradectl"],
    // The Turkish texts are a file of their own, read by a Turkish run alone.
    [
      ["--lang", "tr", "help", "order"],
      [join("dist", "catalog-tr.cjs"), join("dist", "cli.cjs"), join("dist", "runs.cjs")],
      "Kullanım: tradectl order",
    ],
    [["__complete", "profiles"], [join("dist", "complete.cjs")], "default\nwork\n"],
    [["__complete", "senders"], [join("dist", "complete.cjs")], ""],
  ];
  for (const [args, files, printed] of reads) {
    const { result, probe } = await probed(args, config);
    expect(result.code, args.join(" ")).toBe(0);
    expect(result.stdout, args.join(" ")).toContain(printed);
    expect(distFilesRead(probe), args.join(" ")).toEqual(files);
  }
  // A word `__complete` does not know: the CLI answers it, with its usage error.
  const { result, probe } = await probed(["__complete", "nothing"], config);
  expect([result.code, result.stderr]).toEqual([2, "error: cannot complete 'nothing'\n"]);
  expect(distFilesRead(probe)).toContain(join("dist", "complete.cjs"));
});

/**
 * The build records the root help into dist/root-help.cjs: what the binary prints from it is
 * the CLI's own help (main(), in this process) of the source the build read.
 */
it("the built root help is the CLI's, in both languages, at any width", async () => {
  for (const [lang, columns] of [
    ["en", 80],
    ["tr", 80],
    ["en", 47],
    ["tr", 133],
  ] as const) {
    const env = { COLUMNS: String(columns), TRADECTL_LANG: lang };
    const built = await runCli(["--help"], { env });
    const cli = await runMain(["--help"], { env });
    expect([built.code, built.stdout, built.stderr], `${lang} ${columns}`).toEqual([
      0,
      cli.stdout,
      "",
    ]);
  }
});

/**
 * dist/root-help.cjs lays the recorded root help out with commander's `Help` alone: the program's
 * code (commander's Command, our specs) is not in it, or the root help would cost what the CLI
 * costs to read.
 */
it("dist/root-help.cjs holds commander's Help and not its Command", () => {
  const rootHelp = readFileSync(join(DIST, "root-help.cjs"), "utf8");
  expect(rootHelp).toContain("boxWrap(");
  // Command's method that parses argv, by the name the build keeps.
  expect(rootHelp.includes("_parseCommand")).toBe(false);
  expect(readFileSync(join(DIST, "cli.cjs"), "utf8")).toContain("_parseCommand");
});

/**
 * And none of that is in dist/cli.cjs waiting, compiled but not run: a message (or, for the
 * wizard, a function) of each, typed out here, is in dist/runs.cjs and not in dist/cli.cjs.
 */
it("the Turkish texts are in dist/catalog-tr.cjs alone, not read by an English run or by Tab", () => {
  // cli.description in Turkish, as esbuild writes it (non-ASCII escaped), typed out here.
  const turkish = "BtcTurk \\xF6zel API v1 \\xFCzerinden kripto yat";
  const english = "Deposit declarations (travel rule) and orders on BtcTurk's private API v1.";
  const read = (file: string) => readFileSync(join(DIST, file), "utf8");
  expect(read("catalog-tr.cjs")).toContain(turkish);
  for (const file of ["cli.cjs", "runs.cjs", "complete.cjs"]) {
    expect(read(file).includes(turkish), `Turkish in ${file}`).toBe(false);
  }
  expect(read("cli.cjs")).toContain(english);
});

/**
 * V8 keeps a source that is all ASCII one byte a character; a single other character (an `İ` in
 * a regex, which esbuild does not escape there as it does in strings) doubles the memory of the
 * whole file at every start, and the garbage collector ran during `--help` for it.
 */
it("every bundle is ASCII", () => {
  const bundles = ["cli.cjs", "runs.cjs", "complete.cjs", "catalog-tr.cjs", "root-help.cjs"];
  for (const file of bundles) {
    const text = readFileSync(join(DIST, file), "utf8");
    const at = text.search(/[^\x00-\x7f]/);
    expect(at === -1 ? "" : text.slice(Math.max(0, at - 40), at + 40), file).toBe("");
  }
});

it("dist/cli.cjs holds none of the client, the sandbox, csv-parse, the wizard, the pipe watcher or cli-table3", () => {
  const cli = readFileSync(join(DIST, "cli.cjs"), "utf8");
  const runs = readFileSync(join(DIST, "runs.cjs"), "utf8");
  const markers = {
    // The client's words are in the message catalog too: its code is known by a function,
    // by the name the build keeps for it (keepNames: `fn(a,"watchSent")`).
    client: '"watchSent")',
    sandbox: "startDate must not be after endDate",
    "csv-parse": "CSV_INVALID_CLOSING_QUOTE",
    // The wizard's words are in the message catalog (read at start for help); its code is
    // known by a function of it.
    wizard: '"askDescription")',
    "undici's V8 setting": "--wasm-tiering-budget",
    // The watch's pipe watcher needs node:child_process, which no other command loads at start.
    "the pipe watcher": '"watchPipeReader")',
    // The root help lists its topics without a table; a topic's page (with tables) is a run.
    "cli-table3": '"doDraw")',
  };
  for (const [what, marker] of Object.entries(markers)) {
    expect(runs.includes(marker), `${what} is in dist/runs.cjs`).toBe(true);
    expect(cli.includes(marker), `${what} is not in dist/cli.cjs`).toBe(false);
  }
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
