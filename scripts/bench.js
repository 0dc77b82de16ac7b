#!/usr/bin/env node
// `npm run bench`: tradectl against the floor, side by side in one run.
//
// Every case alternates its contenders (A, B, C, A, B, C, …) after a warm-up, so drift in the
// machine's load hits all alike, and reports medians and their ratio. Peak RSS comes from a
// preloaded probe (scripts/bench/rss-probe.cjs) in every process, tradectl and reference alike.
// tradectl is the package installed from its tarball. Servers are the sandbox on 127.0.0.1,
// started inside this process. Each row is printed to stderr with its target, met or MISSED,
// as it is measured. Writes BENCHMARKS.md (not with --quick, which runs fewer rounds, only the
// 10,000-record walk, a batch of 100 and small rows with late answers).
//
// `node scripts/bench.js help complete` (any start-up row ids: version, helpPiped, help,
// complete, helpCli) runs only those rows and prints them; BENCHMARKS.md is left alone.
// `--no-startup` skips the start-up rows.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const work = mkdtempSync(join(tmpdir(), "tradectl-bench-"));
const probe = join(root, "scripts/bench/rss-probe.cjs");

/**
 * Every row runs tradectl as a user gets it: the package packed (`npm pack`, what `npm publish`
 * would upload) and installed from that tarball into a prefix of the bench's own, not the
 * clone's build (whose dist/ also holds the build's code caches, which the package leaves out).
 * `npm run bench` builds first; the pack does not build again.
 */
function installFromTarball() {
  const packDir = join(work, "pack");
  mkdirSync(packDir);
  const packed = execFileSync(
    "npm",
    ["pack", "--ignore-scripts", "--json", "--pack-destination", packDir],
    { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  const tarball = join(packDir, JSON.parse(packed)[0].filename);
  const prefix = join(work, "installed");
  mkdirSync(prefix);
  execFileSync(
    "npm",
    ["install", "--prefix", prefix, "--no-audit", "--no-fund", "--prefer-offline", tarball],
    { cwd: prefix, stdio: ["ignore", "ignore", "inherit"] },
  );
  return join(prefix, "node_modules", "tradectl", "bin", "tradectl.js");
}
const bin = installFromTarball();
process.stderr.write(`tradectl installed from its tarball: ${bin}\n`);
const quick = process.argv.includes("--quick");
/** Row ids given on the command line: only those start-up rows run. */
const only = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
/** `--no-startup`: skip the start-up rows (while working on the others). */
const startup = !process.argv.includes("--no-startup");
const want = (id) => startup && (only.length === 0 || only.includes(id));
// node-pty is CommonJS with a native part (prebuilt: no install script).
const pty = createRequire(import.meta.url)("@lydell/node-pty");
const RUNS = quick ? 5 : 15;
const WARMUP = quick ? 1 : 3;
/** The flags tradectl sets on itself (scripts/build.js), for the informative "same V8 setting" rows. */
const SAME_V8_FLAGS = [
  "--wasm-tiering-budget=2000000000",
  "--no-wasm-dynamic-tiering",
  "--no-wasm-tier-up",
  "--heap-growing-percent=100",
];

const DEMO = {
  TRADECTL_API_KEY: "sandbox-public-key",
  TRADECTL_API_SECRET: "c2FuZGJveC1wcml2YXRlLWtleQ==",
};

async function loadSandbox() {
  const out = join(work, "sandbox.mjs");
  await build({
    absWorkingDir: root,
    entryPoints: ["src/sandbox/server.ts"],
    outfile: out,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20.18",
    banner: {
      js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);",
    },
    logLevel: "warning",
  });
  return import(pathToFileURL(out).href);
}

/** The environment every contender runs in: an empty home of the bench's own. */
const benchEnv = (env, rssFile) => ({
  PATH: process.env.PATH,
  HOME: work,
  XDG_CONFIG_HOME: join(work, "cfg"),
  XDG_STATE_HOME: join(work, "state"),
  ...env,
  BENCH_RSS_FILE: rssFile,
});

function peakRss(rssFile) {
  try {
    const rss = Number(readFileSync(rssFile, "utf8").trim().split("\n").at(-1));
    rmSync(rssFile);
    return rss;
  } catch {
    return Number.NaN;
  }
}

/**
 * Runs one process in a pseudo-terminal (stdin, stdout and stderr a TTY, 100 × 40, as a person's
 * terminal) to completion; resolves wall ms, peak RSS (KiB) and what the screen showed.
 */
function timedPty({ args, env = {}, node = [] }) {
  const rssFile = join(work, `rss-${process.hrtime.bigint()}`);
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const term = pty.spawn(process.execPath, [...node, "--require", probe, ...args], {
      name: "xterm-256color",
      cols: 100,
      rows: 40,
      cwd: root,
      env: { ...benchEnv(env, rssFile), TERM: "xterm-256color" },
    });
    let stdout = "";
    term.onData((d) => {
      stdout += d;
    });
    term.onExit(({ exitCode }) => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (exitCode !== 0)
        return reject(new Error(`${args.join(" ")} exited ${exitCode}: ${stdout.slice(0, 500)}`));
      resolve({ ms, rss: peakRss(rssFile), stdout });
    });
  });
}

/**
 * Runs one process to completion; resolves wall ms and peak RSS (KiB). Output is discarded
 * unless `capture`, which keeps stdout (to check what a contender printed, outside timing).
 * A contender with `pty: true` runs in a pseudo-terminal (timedPty).
 */
function timed(contender, capture = false) {
  if (contender.pty) return timedPty(contender);
  const { args, env = {}, node = [] } = contender;
  const rssFile = join(work, `rss-${process.hrtime.bigint()}`);
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [...node, "--require", probe, ...args], {
      env: benchEnv(env, rssFile),
      stdio: ["ignore", capture ? "pipe" : "ignore", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (code !== 0)
        return reject(new Error(`${args.join(" ")} exited ${code}: ${stderr.slice(0, 500)}`));
      resolve({ ms, rss: peakRss(rssFile), stdout });
    });
  });
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  return s[lo] + (s[Math.ceil(at)] - s[lo]) * (at - lo);
};

/** Median, quartiles and the peak RSS of some runs. */
function summary(rs) {
  const ms = rs.map((r) => r.ms);
  return {
    ms: quantile(ms, 0.5),
    q1: quantile(ms, 0.25),
    q3: quantile(ms, 0.75),
    rss: Math.max(...rs.map((r) => r.rss)),
  };
}

/**
 * Contenders run in turn (A, B, C, A, B, C, …) after a warm-up of each, so the machine's load
 * falls on all alike; `run` runs one (default: timed). Resolves a summary per contender.
 */
async function alternate(contenders, runs, warmup, run = timed) {
  for (let i = 0; i < warmup; i++) for (const c of contenders) await run(c);
  const results = contenders.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [k, c] of contenders.entries()) results[k].push(await run(c));
  }
  return results.map(summary);
}

/** A vs B, alternating, after a warm-up of each. */
async function compare(a, b, runs = RUNS, warmup = WARMUP) {
  const [sa, sb] = await alternate([a, b], runs, warmup);
  return { a: sa, b: sb, runs };
}

const rows = [];
const results = {};
function row(id, name, result, target, extra = "") {
  const ratio = result.a.ms / result.b.ms;
  const met = target.check ? target.check(result) : null;
  results[id] = { ...result, ratio, met };
  const spread = (s) => `${s.q1.toFixed(0)}–${s.q3.toFixed(0)}`;
  rows.push(
    `| ${name} | ${result.a.ms.toFixed(1)} | ${result.b.ms.toFixed(1)} | **${ratio.toFixed(2)}** | ${spread(result.a)} / ${spread(result.b)} | ${(result.a.rss / 1024).toFixed(1)} / ${(result.b.rss / 1024).toFixed(1)} | ${target.text} | ${met === null ? "—" : met ? "yes" : "**no**"} | ${extra} |`,
  );
  process.stderr.write(
    `${name}: ${result.a.ms.toFixed(1)} ms vs ${result.b.ms.toFixed(1)} ms (×${ratio.toFixed(2)}), RSS ${(result.a.rss / 1024).toFixed(1)} vs ${(result.b.rss / 1024).toFixed(1)} MiB; target ${target.text}: ${met === null ? "—" : met ? "met" : "MISSED"}\n`,
  );
}

const loadBefore = loadavg();
const cli = (...args) => ({ args: [bin, ...args], env: DEMO });
const script = (name, ...args) => ({
  args: [join(root, "scripts/bench", name), ...args],
  env: DEMO,
});
const node0 = { args: ["-e", "0"] };
const within = (x) => ({ text: `≤ ${x}×`, check: (r) => r.a.ms / r.b.ms <= x });

/** Runs each contender once outside timing and checks what it printed. */
async function printsAll(contenders, expected) {
  for (const contender of contenders) {
    const { stdout } = await timed(contender, true);
    for (const text of expected) {
      if (!stdout.includes(text)) throw new Error(`${contender.args[0]} did not print ${text}`);
    }
  }
}

/** A timed race of two contenders that must both print `expected`, at most 1.3× apart. */
async function race(id, name, contender, floor, expected) {
  await printsAll([contender, floor], expected);
  row(id, name, await compare(contender, floor), within(1.3));
}

// Start-up: nothing but Node itself as the floor.
if (want("version"))
  row("version", "`--version` vs `node -e 0`", await compare(cli("--version"), node0), within(1.3));
if (want("helpPiped"))
  row(
    "helpPiped",
    "`--help`, stdout a pipe, vs `node -e 0`",
    await compare(cli("--help"), node0),
    within(1.5),
  );
// What people feel: help in a terminal, and what every Tab press runs (a profile name or two
// read from the config file), each against `node -e 0` in the same conditions.
if (want("help")) {
  // --no-pager: the help is longer than the 40-row screen, and the pager (less) would wait for
  // a key; what is timed is tradectl writing its help, not the pager's start.
  const helpPty = { ...cli("--no-pager", "--help"), pty: true };
  await printsAll([helpPty], ["Usage: tradectl"]);
  row(
    "help",
    "`--help` in a pseudo-terminal vs `node -e 0` in one",
    await compare(helpPty, { ...node0, pty: true }),
    within(1.5),
  );
}
if (want("complete")) {
  mkdirSync(join(work, "cfg", "tradectl"), { recursive: true });
  writeFileSync(
    join(work, "cfg", "tradectl", "config.json"),
    JSON.stringify({ profiles: { default: {}, work: {}, personal: {} } }),
    { mode: 0o600 },
  );
  const complete = cli("__complete", "profiles");
  await printsAll([complete], ["work"]);
  row(
    "complete",
    "`__complete profiles` (every Tab) vs `node -e 0`",
    await compare(complete, node0),
    within(1.5),
  );
}
if (want("helpCli"))
  row(
    "helpCli",
    "(informative) `help`, the help the CLI renders (what a terminal gets), vs `node -e 0`",
    await compare(cli("help"), node0),
    { text: "—" },
  );
if (only.length > 0) {
  process.stdout.write(
    `| case | tradectl ms | floor ms | ratio | spread ms | peak RSS MiB | target | met | notes |\n|---|---:|---:|---:|---|---:|---|---|---|\n${rows.join("\n")}\n`,
  );
  rmSync(work, { recursive: true, force: true });
  process.exit(0);
}
const { startSandbox } = await loadSandbox();

// Signed GETs against minimal undici scripts.
const sandbox = await startSandbox({ statePath: null });
const orderId = process.env.BENCH_ORDER_ID ?? "21545488";
/** The seeded orders that have trades. */
const tradedIds = ["21545488", "21545601", "21546002", "21546344", "9007199254740993"];
const order = cli("--base-url", sandbox.url, "order", "get", orderId, "-o", "json");
const minimalOrder = script("minimal-order.mjs", sandbox.url, orderId);
await race("order", "`order get ID -o json` vs minimal undici script", order, minimalOrder, [
  orderId,
]);
row(
  "orderSameV8",
  "(informative) the same, the script also run with tradectl's V8 setting",
  await compare(order, { ...minimalOrder, node: SAME_V8_FLAGS }),
  { text: "—" },
);
const trades = cli("--base-url", sandbox.url, "order", "trades", orderId, "-o", "json");
const minimalTrades = script("minimal-trades.mjs", sandbox.url, orderId);
await race("trades", "`order trades ID -o json` vs minimal undici script", trades, minimalTrades, [
  orderId,
]);
const fills = cli("--base-url", sandbox.url, "order", "get", ...tradedIds, "--fills", "-o", "json");
const minimalFills = script("minimal-fills.mjs", sandbox.url, ...tradedIds);
await race(
  "fills",
  "`order get` 5 ids `--fills -o json` vs minimal script (order, then trades, per id)",
  fills,
  minimalFills,
  tradedIds,
);
await sandbox.close();
// The service counts trades reads per minute across processes, so the timed runs above use a
// sandbox without limits; one run against a fresh sandbox that enforces them counts its 429s.
const limited = await startSandbox({ statePath: null, enforceRateLimits: true });
const fillsLimited = await timed({
  ...fills,
  args: fills.args.map((a) => (a === sandbox.url ? limited.url : a)),
});
const fillsRefused = limited.requests.filter((r) => r.status === 429).length;
await limited.close();

// Walking every page: tradectl against two floors, alternating all three: a script that
// parses each page and prints each record with JSON.stringify (what a user would write; rounds
// long numbers, checks nothing) and one that prints each body as it came, parsing nothing.
// Then tradectl alone at 300,000 records for the growth of its peak RSS.
const lines = (text) => text.split("\n").filter(Boolean).length;
const PARSE_TARGET = {
  text: "≤ 1.0×; RSS ≤ floor",
  check: (r) => r.a.ms <= r.b.ms && r.a.rss <= r.b.rss,
};
const LATENCY_MS = 150;
/**
 * The walk rows over `size` records; `faults` for the sandbox (the latency rows); `id` names
 * the rows in `results`.
 */
async function walkRows({ id, size, runs, faults, label = "" }) {
  const big = await startSandbox({ statePath: null, extraDeclarations: size, faults });
  const walk = cli("--base-url", big.url, "declarations", "list", "--all", "-o", "ndjson");
  const parsing = script("minimal-walk.mjs", big.url);
  const raw = script("minimal-walk-raw.mjs", big.url);
  // tradectl and the parsing script print the same records, one per line (outside timing).
  const requestsBefore = big.requests.length;
  const records = lines((await timed(walk, true)).stdout);
  const requests = big.requests.length - requestsBefore;
  const floorRecords = lines((await timed(parsing, true)).stdout);
  if (records !== floorRecords || records < size) {
    throw new Error(`tradectl printed ${records} records, the parsing script ${floorRecords}`);
  }
  const contenders = faults ? [walk, parsing] : [walk, parsing, raw];
  const [a, b, c] = await alternate(contenders, runs, 1);
  const perSecond = (ms) => Math.round(records / (ms / 1000)).toLocaleString("en");
  const what = `\`declarations list --all -o ndjson\`, ${records.toLocaleString("en")} records${label}`;
  row(
    id,
    `${what}, vs a parsing script (JSON.parse, JSON.stringify a record)`,
    { a, b, runs },
    faults ? within(1.0) : PARSE_TARGET,
    `${perSecond(a.ms)} vs ${perSecond(b.ms)} records/s; ${requests} requests a walk`,
  );
  if (c) {
    row(
      `${id}Raw`,
      `${what}, vs a no-parse walker (prints each body)`,
      { a, b: c, runs },
      within(1.3),
    );
  }
  await big.close();
}
await walkRows({ id: "walk10000", size: 10_000, runs: RUNS });
if (!quick) {
  await walkRows({ id: "walk100000", size: 100_000, runs: 3 });
}
let walk300k = null;
if (!quick) {
  const huge = await startSandbox({ statePath: null, extraDeclarations: 300_000 });
  const walk = cli("--base-url", huge.url, "declarations", "list", "--all", "-o", "ndjson");
  const runs = [];
  for (let i = 0; i < 2; i++) runs.push(await timed(walk));
  walk300k = {
    ms: quantile(
      runs.map((r) => r.ms),
      0.5,
    ),
    rss: Math.max(...runs.map((r) => r.rss)),
  };
  await huge.close();
}
const rssGrowth = walk300k ? walk300k.rss / results.walk100000.a.rss - 1 : Number.NaN;

// A batch of confirmations: tradectl's `confirm --pending` against a durable floor script
// (scripts/bench/durable-confirm.mjs: the pending list, then one POST after another, each
// request appended to a file and flushed before it is sent, its answer appended after), with
// the bare floor (the same without any record) run beside them. Each run gets a fresh sandbox
// with the same pending declarations (set up outside timing), and a state directory of its own:
// a person confirms a declaration once, and receipts that say these ids were confirmed already
// (by the previous run, on another sandbox) would have tradectl read each one back first.
async function batchRun(contender, { count, faults }) {
  const box = await startSandbox({ statePath: null, faults });
  await box.arrive(count);
  const state = mkdtempSync(join(work, "batch-state-"));
  const args = contender.args.map((a) =>
    a === "URL" ? box.url : a === "RECORD" ? join(state, "floor-record.ndjson") : a,
  );
  const env = { ...contender.env, XDG_STATE_HOME: state };
  try {
    const run = await timed({ ...contender, args, env }, true);
    const posts = box.requests.filter((r) => r.method === "POST").length;
    return { ...run, posts };
  } finally {
    await box.close();
    rmSync(state, { recursive: true, force: true });
  }
}
const batchCli = cli(
  "--base-url",
  "URL",
  "declarations",
  "confirm",
  "--pending",
  "--self",
  "--description",
  "Own wallet at another exchange, moved to BtcTurk",
  "--address-type",
  "exchange",
  "--exchange-id",
  "1",
  "--yes",
  "-o",
  "ndjson",
);
const durableFloor = script("durable-confirm.mjs", "URL", "RECORD");
const bareFloor = script("minimal-confirm.mjs", "URL");
const batchNotes = {};
async function batchRow({ id, count, runs, faults, label = "" }) {
  const options = { count, faults };
  try {
    const contenders = [batchCli, durableFloor, bareFloor];
    const probes = [];
    for (const c of contenders) probes.push(await batchRun(c, options));
    if (probes.some((p) => p.posts !== probes[0].posts) || probes[0].posts < count) {
      throw new Error(`confirmations sent: ${probes.map((p) => p.posts).join(", ")}`);
    }
    const [a, b, bare] = await alternate(contenders, runs, 0, (c) => batchRun(c, options));
    row(
      id,
      `\`declarations confirm --pending --yes\`, ${probes[0].posts} confirmations${label}, vs a durable script (each request appended and fsynced before it is sent)`,
      { a, b, runs },
      faults ? within(1.0) : within(1.2),
      `the bare floor (no record): ${bare.ms.toFixed(1)} ms, tradectl ${(a.ms / bare.ms).toFixed(2)}× it`,
    );
  } catch (error) {
    // timed() rejects with "ARGS exited CODE: STDERR"; the first line of stderr says why.
    const said = String(error.message)
      .replace(/^[\s\S]*? exited \d+: /, "")
      .split("\n")[0];
    batchNotes[id] = `not measured: \`${said.slice(0, 160)}\``;
    process.stderr.write(`${id}: ${batchNotes[id]}\n`);
  }
}
const BATCH = quick ? 100 : 500;
await batchRow({ id: "batch", count: BATCH, runs: quick ? 2 : 5 });

// What a user far from the servers sees: the sandbox answers every request 150 ms late. Fewer
// records (each request now costs 150 ms on both sides); tradectl at most the floor's time.
const slow = {
  faults: `latency=${LATENCY_MS}`,
  label: `, every answer ${LATENCY_MS} ms late`,
  runs: quick ? 1 : 3,
};
await walkRows({ id: "walkLatency", size: quick ? 500 : 2_000, ...slow });
await batchRow({ id: "batchLatency", count: quick ? 10 : 30, ...slow });

// The watch: requests per poll, counted from the server's log while deposits arrive.
async function watchRun() {
  const times = [];
  const box = await startSandbox({
    statePath: null,
    arrivals: "every=2500ms,count=1",
    log: (line) => {
      if (/ GET \/api\/v1\/crypto-deposit-declarations/.test(line)) times.push(performance.now());
    },
  });
  const child = spawn(
    process.execPath,
    [bin, "--base-url", box.url, "declarations", "watch", "--interval", "1", "-o", "ndjson"],
    { env: { PATH: process.env.PATH, HOME: work, ...DEMO }, stdio: ["ignore", "pipe", "ignore"] },
  );
  let printed = 0;
  child.stdout.on("data", (d) => {
    printed += String(d).split("\n").filter(Boolean).length;
  });
  await new Promise((resolve) => setTimeout(resolve, quick ? 4_500 : 10_500));
  child.kill("SIGINT");
  await new Promise((resolve) => child.on("close", resolve));
  await box.close();
  // Requests less than 500 ms apart belong to one poll (--interval 1).
  const polls = [];
  for (const t of times) {
    if (polls.length > 0 && t - polls.at(-1).last < 500) {
      polls.at(-1).requests++;
      polls.at(-1).last = t;
    } else polls.push({ requests: 1, last: t });
  }
  return { polls: polls.map((p) => p.requests), printed };
}
const watch = await watchRun();
const laterPolls = watch.polls.slice(1);
const watchMet = laterPolls.length > 0 && laterPolls.every((n) => n === 1);
const loadAfter = loadavg();

const pct = (x) => `${(x * 100).toFixed(1)}%`;
const verdict = (ok) => (ok ? "met" : "**missed**");
const now = new Date().toISOString();
const quote = (id, target) =>
  results[id]
    ? `${results[id].ratio.toFixed(2)}× (target ${target}, ${verdict(results[id].met)})`
    : "not measured";
const walkQuote = (size) => {
  const r = results[`walk${size}`];
  if (!r) return "not measured (--quick)";
  return `${r.ratio.toFixed(2)}× the walker's time and ${(r.a.rss / 1024).toFixed(1)} MiB peak RSS against its ${(r.b.rss / 1024).toFixed(1)} MiB (${verdict(r.met)})`;
};
const rateRow = await rateLimiterRow();
const doc = [
  "# Benchmarks",
  "",
  `Measured by \`npm run bench\` on ${now.slice(0, 10)}: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}.`,
  `Load average before and after: ${loadBefore.map((x) => x.toFixed(2)).join(" ")} → ${loadAfter.map((x) => x.toFixed(2)).join(" ")} (the machine is shared; ratios come from alternating runs, so load hits both sides alike).`,
  `Medians of ${RUNS} alternating runs after ${WARMUP} warm-ups of each (walks: 1 warm-up; 3 runs at 100,000; the batch: ${quick ? 2 : 5} runs of each, a fresh sandbox per run; the rows with late answers: ${quick ? 1 : 3} runs); tradectl is the package installed from its tarball; the spread is the interquartile range in ms; peak RSS is the maximum over the runs (MiB, tradectl / floor), from a probe preloaded into every process.`,
  "",
  "| case | tradectl ms | floor ms | ratio | spread ms | peak RSS MiB | target | met | notes |",
  "|---|---:|---:|---:|---|---:|---|---|---|",
  ...rows,
  ...Object.entries(batchNotes).map(
    ([id, note]) =>
      `| ${id} | — | — | — | — | — | ${id === "batch" ? "≤ 1.2×" : "≤ 1.0×"} | — | ${note} |`,
  ),
  "",
  `- Peak RSS of \`--all\` at 300,000 records against 100,000: ${walk300k ? `${(walk300k.rss / 1024).toFixed(1)} against ${(results.walk100000.a.rss / 1024).toFixed(1)} MiB, ${rssGrowth >= 0 ? "+" : ""}${pct(rssGrowth)} (target within 10%: ${verdict(Math.abs(rssGrowth) <= 0.1)}); the 300,000-record walk took ${(walk300k.ms / 1000).toFixed(1)} s (median of 2)` : "not measured (--quick)"}.`,
  `- \`order get --fills\` of 5 ids, once, against a fresh sandbox enforcing the published limits (trades: 120 per minute): ${fillsRefused} answers were 429; it took ${fillsLimited.ms.toFixed(0)} ms (the trades reads are counted per minute, not spaced).`,
  `- \`declarations watch --interval 1\` while a deposit arrives every 2.5 s, requests per poll from the server's log: ${watch.polls.join(", ")} (${watch.polls.length} polls, ${watch.printed} declarations printed); after the first poll (the backlog) every poll is ${watchMet ? "one request (target: one per poll: met)" : "**not** one request (target: one per poll: **missed**)"}.`,
  rateRow.line,
  "",
  "## Closing note",
  "",
  `In this run: \`--version\` ${quote("version", "≤ 1.3×")}; \`--help\` piped ${quote("helpPiped", "≤ 1.5×")}; \`--help\` in a terminal ${quote("help", "≤ 1.5×")}; \`__complete\` ${quote("complete", "≤ 1.5×")}; \`order get\` ${quote("order", "≤ 1.3×")}; \`order trades\` ${quote("trades", "≤ 1.3×")}; \`order get --fills\` ${quote("fills", "≤ 1.3×")}; \`--all\` over 10,000 records ${walkQuote(10_000)}; over 100,000 records ${walkQuote(100_000)}; RSS 100k → 300k ${Number.isNaN(rssGrowth) ? "not measured" : pct(rssGrowth)}; against the no-parse walker ${quote("walk100000Raw", "≤ 1.3×")}; batch ${batchNotes.batch ?? quote("batch", "≤ 1.2×")}; with every answer ${LATENCY_MS} ms late, the walk ${quote("walkLatency", "≤ 1.0×")} and the batch ${batchNotes.batchLatency ?? quote("batchLatency", "≤ 1.0×")}; watch ${watchMet ? "one request per poll" : "more than one request per poll"}; ${rateRow.short}.`,
  "",
  readFileSync(join(root, "scripts/bench/notes.md"), "utf8").trim(),
  "",
];

// The rate limiter against a server that enforces the real limits. Arrival times come from the
// server's log (one line per answered request), so they measure what the service would count.
async function rateRun() {
  const ids = Array.from({ length: 100 }, () => orderId);
  const arrivals = [];
  const tracked = await startSandbox({
    statePath: null,
    enforceRateLimits: true,
    log: (line) => {
      if (/ GET \/api\/v1\/order\//.test(line)) arrivals.push(performance.now());
    },
  });
  await timed(cli("--base-url", tracked.url, "order", "get", ...ids, "-o", "json"));
  const refused = tracked.requests.filter(
    (r) => r.path.startsWith("/api/v1/order/") && r.status === 429,
  ).length;
  await tracked.close();
  const span = (arrivals.at(-1) - arrivals[0]) / 1000;
  let busiest = 0;
  for (let i = 0, j = 0; i < arrivals.length; i++) {
    while (arrivals[j] - arrivals[i] < 1000 && j < arrivals.length) j++;
    busiest = Math.max(busiest, j - i);
  }
  return { requests: arrivals.length, achieved: (arrivals.length - 1) / span, busiest, refused };
}
async function rateLimiterRow() {
  const rateRuns = [];
  for (let i = 0; i < (quick ? 1 : 3); i++) rateRuns.push(await rateRun());
  const achieved = quantile(
    rateRuns.map((r) => r.achieved),
    0.5,
  );
  const busiest = Math.max(...rateRuns.map((r) => r.busiest));
  const refused = rateRuns.reduce((n, r) => n + r.refused, 0);
  const met = achieved >= 27 && achieved <= 30 && busiest <= 30 && refused === 0;
  return {
    line: `- Rate limiter: \`order get\` of 100 ids against a sandbox enforcing 30 requests/s, ${rateRuns.length} run(s), arrivals from the server's log: ${achieved.toFixed(2)} requests/s achieved, (N−1)/(t_last−t_first) (${pct(achieved / 30)} of the 30 allowed; per run ${rateRuns.map((r) => r.achieved.toFixed(2)).join(", ")}); at most ${busiest} arrivals in any 1-second window; ${refused} answers were 429 (target 90–100% and never above: ${verdict(met)}).`,
    short: `rate limiter ${achieved.toFixed(2)}/s (${pct(achieved / 30)}), busiest second ${busiest}, ${refused} × 429`,
  };
}

const text = doc.join("\n");
process.stdout.write(`${text}\n`);
if (!quick) writeFileSync(join(root, "BENCHMARKS.md"), text);
rmSync(work, { recursive: true, force: true });
