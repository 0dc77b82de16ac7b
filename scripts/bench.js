#!/usr/bin/env node
// `npm run bench`: tradectl against the floor, side by side in one run.
//
// Every case alternates its contenders (A, B, A, B, …) after a warm-up, so drift in the
// machine's load hits both alike, and reports medians and their ratio. Peak RSS comes from a
// preloaded probe (scripts/bench/rss-probe.cjs) in every process, tradectl and reference alike.
// Servers are the sandbox on 127.0.0.1, started inside this process. Writes BENCHMARKS.md
// (not with --quick, which runs fewer rounds and only the 10,000-record walk).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const work = mkdtempSync(join(tmpdir(), "tradectl-bench-"));
const probe = join(root, "scripts/bench/rss-probe.cjs");
const bin = join(root, "bin/tradectl.js");
const quick = process.argv.includes("--quick");
const RUNS = quick ? 5 : 15;
const WARMUP = quick ? 1 : 3;
/** The flag tradectl sets on itself (scripts/build.js), for the informative "same V8 setting" rows. */
const SAME_WASM_TIERING = "--wasm-tiering-budget=2000000000";

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

/**
 * Runs one process to completion; resolves wall ms and peak RSS (KiB). Output is discarded
 * unless `capture`, which keeps stdout (to check what a contender printed, outside timing).
 */
function timed({ args, env = {}, node = [] }, capture = false) {
  const rssFile = join(work, `rss-${process.hrtime.bigint()}`);
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [...node, "--require", probe, ...args], {
      env: {
        PATH: process.env.PATH,
        HOME: work,
        XDG_CONFIG_HOME: join(work, "cfg"),
        XDG_STATE_HOME: join(work, "state"),
        ...env,
        BENCH_RSS_FILE: rssFile,
      },
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
      let rss = Number.NaN;
      try {
        rss = Number(readFileSync(rssFile, "utf8").trim().split("\n").at(-1));
        rmSync(rssFile);
      } catch {}
      resolve({ ms, rss, stdout });
    });
  });
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  return s[lo] + (s[Math.ceil(at)] - s[lo]) * (at - lo);
};

/** A vs B, alternating, after a warm-up of each. */
async function compare(a, b, runs = RUNS, warmup = WARMUP) {
  for (let i = 0; i < warmup; i++) {
    await timed(a);
    await timed(b);
  }
  const ra = [];
  const rb = [];
  for (let i = 0; i < runs; i++) {
    ra.push(await timed(a));
    rb.push(await timed(b));
  }
  const summary = (rs) => {
    const ms = rs.map((r) => r.ms);
    return {
      ms: quantile(ms, 0.5),
      q1: quantile(ms, 0.25),
      q3: quantile(ms, 0.75),
      rss: Math.max(...rs.map((r) => r.rss)),
    };
  };
  return { a: summary(ra), b: summary(rb), runs };
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
    `${name}: ${result.a.ms.toFixed(1)} ms vs ${result.b.ms.toFixed(1)} ms (×${ratio.toFixed(2)}), RSS ${(result.a.rss / 1024).toFixed(1)} vs ${(result.b.rss / 1024).toFixed(1)} MiB\n`,
  );
}

const loadBefore = loadavg();
const { startSandbox } = await loadSandbox();
const cli = (...args) => ({ args: [bin, ...args], env: DEMO });
const node0 = { args: ["-e", "0"] };

// Start-up: nothing but Node itself as the floor.
row("version", "`--version` vs `node -e 0`", await compare(cli("--version"), node0), {
  text: "≤ 1.3×",
  check: (r) => r.a.ms / r.b.ms <= 1.3,
});
row("help", "`--help` vs `node -e 0`", await compare(cli("--help"), node0), {
  text: "≤ 1.5×",
  check: (r) => r.a.ms / r.b.ms <= 1.5,
});

// One signed GET against the minimal undici script.
const sandbox = await startSandbox({ statePath: null });
const orderId = process.env.BENCH_ORDER_ID ?? "21545488";
const order = cli("--base-url", sandbox.url, "order", "get", orderId, "-o", "json");
const minimalOrder = {
  args: [join(root, "scripts/bench/minimal-order.mjs"), sandbox.url, orderId],
  env: DEMO,
};
for (const contender of [order, minimalOrder]) {
  const { stdout } = await timed(contender, true);
  if (!stdout.includes(orderId)) throw new Error(`${contender.args[0]} did not print the order`);
}
row(
  "order",
  "`order get ID -o json` vs minimal undici script",
  await compare(order, minimalOrder),
  { text: "≤ 1.3×", check: (r) => r.a.ms / r.b.ms <= 1.3 },
);
row(
  "orderSameV8",
  "(informative) the same, the script also run with tradectl's V8 setting",
  await compare(order, { ...minimalOrder, node: [SAME_WASM_TIERING] }),
  { text: "—" },
);
await sandbox.close();

// Walking every page: tradectl (which may overlap fetching and writing) against a fetch walker.
const walkSizes = quick ? [10_000] : [10_000, 100_000];
for (const size of walkSizes) {
  const big = await startSandbox({ statePath: null, extraDeclarations: size });
  const walk = cli("--base-url", big.url, "declarations", "list", "--all", "-o", "ndjson");
  const walker = { args: [join(root, "scripts/bench/minimal-walk.mjs"), big.url], env: DEMO };
  // Both must print the same records, one per line (outside timing).
  const lines = (text) => text.split("\n").filter(Boolean).length;
  const records = lines((await timed(walk, true)).stdout);
  const floorRecords = lines((await timed(walker, true)).stdout);
  if (records !== floorRecords || records < size) {
    throw new Error(`tradectl printed ${records} records, the walker ${floorRecords}`);
  }
  const long = size >= 100_000;
  const result = await compare(walk, walker, long ? Math.max(3, Math.ceil(RUNS / 3)) : RUNS, 1);
  const perSecond = (ms) => Math.round(records / (ms / 1000)).toLocaleString("en");
  row(
    `walk${size}`,
    `\`declarations list --all -o ndjson\`, ${records.toLocaleString("en")} records, vs minimal fetch walker`,
    result,
    { text: "≤ 1.0×; RSS ≤ floor", check: (r) => r.a.ms <= r.b.ms && r.a.rss <= r.b.rss },
    `${perSecond(result.a.ms)} vs ${perSecond(result.b.ms)} records/s`,
  );
  if (!long) {
    row(
      `walk${size}SameV8`,
      `(informative) the same, the walker also run with tradectl's V8 setting`,
      await compare(walk, { ...walker, node: [SAME_WASM_TIERING] }, RUNS, 1),
      { text: "—" },
    );
  }
  await big.close();
}
const rssGrowth = results.walk100000
  ? results.walk100000.a.rss / results.walk10000.a.rss - 1
  : Number.NaN;

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
const rateRuns = [];
for (let i = 0; i < (quick ? 1 : 3); i++) rateRuns.push(await rateRun());
const achieved = quantile(
  rateRuns.map((r) => r.achieved),
  0.5,
);
const busiest = Math.max(...rateRuns.map((r) => r.busiest));
const refused = rateRuns.reduce((n, r) => n + r.refused, 0);
const rateMet = achieved >= 27 && achieved <= 30 && busiest <= 30 && refused === 0;
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
const lines = [
  "# Benchmarks",
  "",
  `Measured by \`npm run bench\` on ${now.slice(0, 10)}: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}.`,
  `Load average before and after: ${loadBefore.map((x) => x.toFixed(2)).join(" ")} → ${loadAfter.map((x) => x.toFixed(2)).join(" ")} (the machine is shared; ratios come from alternating runs, so load hits both sides alike).`,
  `Medians of ${RUNS} alternating runs after ${WARMUP} warm-ups of each (walks: 1 warm-up; ${Math.max(3, Math.ceil(RUNS / 3))} runs at 100,000); the spread is the interquartile range in ms; peak RSS is the maximum over the runs (MiB, tradectl / floor), from a probe preloaded into every process.`,
  "",
  "| case | tradectl ms | floor ms | ratio | spread ms | peak RSS MiB | target | met | notes |",
  "|---|---:|---:|---:|---|---:|---|---|---|",
  ...rows,
  "",
  `- Peak RSS growth of \`--all\` from 10,000 to 100,000 records: ${Number.isNaN(rssGrowth) ? "not measured (--quick)" : `${pct(rssGrowth)} (target < 10%: ${verdict(rssGrowth < 0.1)})`}.`,
  `- Rate limiter: \`order get\` of 100 ids against a sandbox enforcing 30 requests/s, ${rateRuns.length} run(s), arrivals from the server's log: ${achieved.toFixed(2)} requests/s achieved, (N−1)/(t_last−t_first) (${pct(achieved / 30)} of the 30 allowed; per run ${rateRuns.map((r) => r.achieved.toFixed(2)).join(", ")}); at most ${busiest} arrivals in any 1-second window; ${refused} answers were 429 (target 90–100% and never above: ${verdict(rateMet)}).`,
  "",
  "## Closing note",
  "",
  `In this run: \`--version\` ${quote("version", "≤ 1.3×")}; \`--help\` ${quote("help", "≤ 1.5×")}; \`order get\` ${quote("order", "≤ 1.3×")}; \`--all\` over 10,000 records ${walkQuote(10_000)}; over 100,000 records ${walkQuote(100_000)}; RSS growth 10k → 100k ${Number.isNaN(rssGrowth) ? "not measured" : pct(rssGrowth)}; rate limiter ${achieved.toFixed(2)}/s (${pct(achieved / 30)}), busiest second ${busiest}, ${refused} × 429.`,
  "",
  readFileSync(join(root, "scripts/bench/notes.md"), "utf8").trim(),
  "",
];
const text = lines.join("\n");
process.stdout.write(`${text}\n`);
if (!quick) writeFileSync(join(root, "BENCHMARKS.md"), text);
rmSync(work, { recursive: true, force: true });
