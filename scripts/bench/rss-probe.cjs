// Preloaded into every benchmarked process (`node --require`): writes the process's peak RSS in
// KiB to BENCH_RSS_FILE when it exits, so tradectl and the reference scripts are measured alike.
const { appendFileSync } = require("node:fs");

const file = process.env.BENCH_RSS_FILE;
if (file) {
  process.on("exit", () => {
    appendFileSync(file, `${process.resourceUsage().maxRSS}\n`);
  });
}
