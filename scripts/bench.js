#!/usr/bin/env node
// `npm run bench`: tradectl against the floor, side by side in one run.
//
// Every case alternates its contenders (A, B, A, B, …) after a warm-up, so drift in the
// machine's load hits both alike, and reports medians and their ratio. Peak RSS comes from a
// preloaded probe (scripts/bench/rss-probe.cjs) in every process, tradectl and reference alike.
// Servers are the sandbox on 127.0.0.1, started inside this process. Writes BENCHMARKS.md.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const work = mkdtempSync(join(tmpdir(), "tradectl-bench-"));
const probe = join(root, "scripts/bench/rss-probe.cjs");
const bin = join(root, "bin/tradectl.js");
const quick = process.argv.includes("--quick");
const RUNS = quick ? 3 : 11;
const WARMUP = quick ? 1 : 2;

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

/** Runs one process to completion; resolves wall ms and peak RSS (KiB). Output is discarded. */
function timed(args, env = {}) {
  const rssFile = join(work, `rss-${process.hrtime.bigint()}`);
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, ["--require", probe, ...args], {
      env: {
        PATH: process.env.PATH,
        HOME: work,
        XDG_CONFIG_HOME: join(work, "cfg"),
        XDG_STATE_HOME: join(work, "state"),
        ...env,
        BENCH_RSS_FILE: rssFile,
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
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
      resolve({ ms, rss });
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** A vs B, alternating, after a warm-up of each. */
async function compare(a, b, runs = RUNS) {
  for (let i = 0; i < WARMUP; i++) {
    await timed(a.args, a.env);
    await timed(b.args, b.env);
  }
  const ra = [];
  const rb = [];
  for (let i = 0; i < runs; i++) {
    ra.push(await timed(a.args, a.env));
    rb.push(await timed(b.args, b.env));
  }
  return {
    a: { ms: median(ra.map((r) => r.ms)), rss: Math.max(...ra.map((r) => r.rss)) },
    b: { ms: median(rb.map((r) => r.ms)), rss: Math.max(...rb.map((r) => r.rss)) },
  };
}

const rows = [];
function row(name, result, target, extra = "") {
  const ratio = result.a.ms / result.b.ms;
  rows.push({
    name,
    tradectl: result.a.ms.toFixed(1),
    floor: result.b.ms.toFixed(1),
    ratio: ratio.toFixed(2),
    rss: `${(result.a.rss / 1024).toFixed(1)} / ${(result.b.rss / 1024).toFixed(1)}`,
    target,
    met: target.check(result) ? "yes" : "**no**",
    extra,
  });
  process.stderr.write(
    `${name}: ${result.a.ms.toFixed(1)} ms vs ${result.b.ms.toFixed(1)} ms (×${ratio.toFixed(2)})\n`,
  );
}

const { startSandbox } = await loadSandbox();
const sandbox = await startSandbox({ statePath: null });
const cli = (...args) => ({ args: [bin, ...args], env: DEMO });
const node0 = { args: ["-e", "0"] };

row("`--version` vs `node -e 0`", await compare(cli("--version"), node0), {
  text: "≤ 1.3×",
  check: (r) => r.a.ms / r.b.ms <= 1.3,
});
row("`--help` vs `node -e 0`", await compare(cli("--help"), node0), {
  text: "≤ 1.5×",
  check: (r) => r.a.ms / r.b.ms <= 1.5,
});

const orderId = process.env.BENCH_ORDER_ID ?? "21545488";
row(
  "`order get ID -o json` vs minimal undici script",
  await compare(cli("--base-url", sandbox.url, "order", "get", orderId, "-o", "json"), {
    args: [join(root, "scripts/bench/minimal-order.mjs"), sandbox.url, orderId],
    env: DEMO,
  }),
  { text: "≤ 1.3×", check: (r) => r.a.ms / r.b.ms <= 1.3 },
);
await sandbox.close();

const walks = {};
for (const size of quick ? [10_000] : [10_000, 100_000]) {
  const big = await startSandbox({ statePath: null, extraDeclarations: size });
  const records = size; // plus the seed's few; reported per second on the requested size
  const result = await compare(
    cli("--base-url", big.url, "declarations", "list", "--all", "-o", "ndjson"),
    { args: [join(root, "scripts/bench/minimal-walk.mjs"), big.url], env: DEMO },
    size >= 100_000 ? Math.max(3, Math.ceil(RUNS / 3)) : RUNS,
  );
  await big.close();
  walks[size] = result;
  row(
    `\`declarations list --all -o ndjson\`, ${size.toLocaleString("en")} records, vs minimal fetch walker`,
    result,
    { text: "≤ 1.0×; RSS ≤ floor", check: (r) => r.a.ms <= r.b.ms && r.a.rss <= r.b.rss },
    `${Math.round(records / (result.a.ms / 1000)).toLocaleString("en")} records/s vs ${Math.round(records / (result.b.ms / 1000)).toLocaleString("en")}`,
  );
}
const rssGrowth = walks[100_000] ? walks[100_000].a.rss / walks[10_000].a.rss - 1 : Number.NaN;

// The rate limiter against a server that enforces the real limits.
const ids = Array.from({ length: 100 }, () => orderId);
const arrivals = [];
const tracked = await startSandbox({
  statePath: null,
  enforceRateLimits: true,
  log: () => arrivals.push(performance.now()),
});
await timed([bin, "--base-url", tracked.url, "order", "get", ...ids, "-o", "json"], DEMO);
const got429 = tracked.requests.filter((r) => r.status === 429).length;
await tracked.close();
const span = (arrivals.at(-1) - arrivals[0]) / 1000;
const achieved = (arrivals.length - 1) / span;

const now = new Date().toISOString();
const lines = [
  "# Benchmarks",
  "",
  `Measured by \`npm run bench\` on ${now.slice(0, 10)}: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.`,
  `Medians of ${RUNS} alternating runs after ${WARMUP} warm-ups; peak RSS is the maximum over the runs (MiB, tradectl / floor).`,
  "",
  "| case | tradectl ms | floor ms | ratio | peak RSS MiB | target | met | notes |",
  "|---|---:|---:|---:|---:|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.tradectl} | ${r.floor} | ${r.ratio} | ${r.rss} | ${r.target.text} | ${r.met} | ${r.extra} |`,
  ),
  "",
  `- Peak RSS growth from 10,000 to 100,000 records: ${Number.isNaN(rssGrowth) ? "not measured (--quick)" : `${(rssGrowth * 100).toFixed(1)}% (target < 10%: ${rssGrowth < 0.1 ? "yes" : "**no**"})`}.`,
  `- Rate limiter: \`order get\` of 100 ids against a sandbox enforcing 30/s: ${achieved.toFixed(2)} requests/s achieved of 30 allowed (${((achieved / 30) * 100).toFixed(1)}%, target 90–100%: ${achieved <= 30 && achieved >= 27 ? "yes" : "**no**"}), ${got429} answers were 429.`,
  "",
];
const text = lines.join("\n");
process.stdout.write(`${text}\n`);
if (!quick) writeFileSync(join(root, "BENCHMARKS.md"), text);
rmSync(work, { recursive: true, force: true });
