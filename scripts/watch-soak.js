#!/usr/bin/env node
// The soak test of `declarations watch` (issue 16, "done means"): `tradectl sandbox serve` with
// deposits arriving and faults injected, and `tradectl declarations watch -o ndjson` against it,
// both the built binary in their own processes. The server's stderr names every arrival; the
// watch's stdout names every record it printed. At the end the two are compared.
//
//   node scripts/watch-soak.js [--seconds 600] [--interval 2] [--arrivals 'every=1-4s']
//                              [--faults '5xx=0.1,reset=0.05'] [--retries 3]
//
// Prints one JSON summary on stdout: arrivals, printed, duplicates, missed, unexpected (printed
// but neither pending at the start nor arrived), failed polls (server side: list requests that
// met a fault; client side: "poll failed" streak lines), requests, and the exit code of the watch
// (130: it was stopped with SIGINT, as Ctrl-C would). Exit status 0 when nothing was duplicated,
// missed or unexpected. Build first: `node scripts/build.js --no-types`.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin/tradectl.js");

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}
const seconds = Number(option("seconds", "600"));
const interval = Number(option("interval", "2"));
const arrivals = option("arrivals", "every=1-4s");
const faults = option("faults", "5xx=0.1,reset=0.05");
// The watch's --retries: 0 lets every injected fault fail a poll (the watch must outlive them).
const retries = option("retries", "3");

const home = mkdtempSync(join(tmpdir(), "tradectl-soak-"));
const env = {
  PATH: process.env.PATH,
  HOME: home,
  XDG_CONFIG_HOME: join(home, "config"),
  XDG_STATE_HOME: join(home, "state"),
  TZ: "UTC",
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function start(args, extraEnv = {}) {
  const child = spawn(process.execPath, [bin, ...args], { env: { ...env, ...extraEnv } });
  const out = { stdout: "", stderr: "" };
  child.stdout.setEncoding("utf8").on("data", (d) => {
    out.stdout += d;
  });
  child.stderr.setEncoding("utf8").on("data", (d) => {
    out.stderr += d;
  });
  const exited = new Promise((resolve) => child.on("close", (code) => resolve(code)));
  return { child, out, exited };
}

async function waitFor(test, ms, what) {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const serve = start([
  "sandbox",
  "serve",
  "--state",
  join(home, "sandbox.json"),
  "--arrivals",
  arrivals,
  "--faults",
  faults,
]);
try {
  await waitFor(() => serve.out.stdout.includes("\n"), 10_000, "the sandbox's URL");
  const url = serve.out.stdout.split("\n")[0].trim();
  const demo = {
    TRADECTL_BASE_URL: url,
    TRADECTL_API_KEY: "sandbox-public-key",
    TRADECTL_API_SECRET: "c2FuZGJveC1wcml2YXRlLWtleQ==",
  };

  // What was pending before the watch started, read without faults getting in the way: the
  // control request is never faulted, and lists come back whole after retries.
  let backlog = null;
  for (let attempt = 0; attempt < 10 && backlog === null; attempt++) {
    const list = ["declarations", "list", "--status", "pending", "--all", "-o", "tsv"];
    const run = start([...list, "--retries", "10"], demo);
    if ((await run.exited) === 0) {
      backlog = run.out.stdout
        .split("\n")
        .filter(Boolean)
        .map((line) => line.split("\t")[0]);
    }
  }
  if (backlog === null) throw new Error("could not read the backlog");

  const arrivalIds = () =>
    [...serve.out.stderr.matchAll(/^(\S+) arrival (\d+) /gm)].map((m) => ({
      at: Date.parse(m[1]),
      id: m[2],
    }));
  const arrivedBeforeWatch = new Set(arrivalIds().map((a) => a.id));

  const watch = start(
    ["declarations", "watch", "--interval", String(interval), "--retries", retries, "-o", "ndjson"],
    demo,
  );
  const started = Date.now();
  await sleep(seconds * 1000);
  // Let the last arrivals be polled: anything that arrived up to `cutoff` must be printed.
  const cutoff = Date.now();
  await sleep(interval * 1000 * 3 + 2_000);
  watch.child.kill("SIGINT");
  const watchExit = await watch.exited;

  const printed = watch.out.stdout
    .split("\n")
    .filter(Boolean)
    .map(
      (line) =>
        JSON.parse(
          line.replace(/"cryptoDepositDeclarationId":(\d+)/, '"cryptoDepositDeclarationId":"$1"'),
        ).cryptoDepositDeclarationId,
    );
  const all = arrivalIds();
  const arrived = all.filter((a) => !arrivedBeforeWatch.has(a.id));
  const counts = new Map();
  for (const id of printed) counts.set(id, (counts.get(id) ?? 0) + 1);
  const duplicates = [...counts.values()].reduce((sum, n) => sum + n - 1, 0);
  const expected = new Set([...backlog, ...arrivedBeforeWatch]);
  const due = arrived.filter((a) => a.at <= cutoff);
  const missed = due.filter((a) => !counts.has(a.id)).map((a) => a.id);
  const missedBacklog = [...expected].filter((id) => !counts.has(id));
  const known = new Set([...expected, ...all.map((a) => a.id)]);
  const unexpected = [...counts.keys()].filter((id) => !known.has(id));
  const listLines = serve.out.stderr
    .split("\n")
    .filter((l) => / GET \/api\/v1\/crypto-deposit-declarations\S* /.test(l));
  const summary = {
    seconds: Math.round((Date.now() - started) / 1000),
    interval,
    retries: Number(retries),
    arrivals: arrived.length,
    arrivalsDue: due.length,
    backlog: expected.size,
    printed: printed.length,
    duplicates,
    missed: missed.length + missedBacklog.length,
    missedIds: [...missed, ...missedBacklog].slice(0, 20),
    unexpected: unexpected.length,
    listRequests: listLines.length,
    faultedListRequests: listLines.filter((l) => /fault=/.test(l)).length,
    failedPollStreaks: (watch.out.stderr.match(/poll failed/g) ?? []).length,
    recoveries: (watch.out.stderr.match(/polls work again/g) ?? []).length,
    watchExit,
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  process.exitCode = duplicates === 0 && summary.missed === 0 && unexpected.length === 0 ? 0 : 1;
} finally {
  serve.child.kill("SIGTERM");
  await serve.exited;
  rmSync(home, { recursive: true, force: true });
}
