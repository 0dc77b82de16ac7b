#!/usr/bin/env node
// `npm run build:exe`: tradectl as one executable that needs no Node.js, with Node's single
// executable applications (https://nodejs.org/api/single-executable-applications.html):
// the CLI bundled into one CommonJS file (every dynamic import inlined, no dist/ beside it),
// made into a blob by this Node, and injected into a copy of this Node's binary with postject.
// Writes tradectl-<platform>-<arch> (tradectl-linux-x64 on Linux x64) in the repository root.
// The build is for the platform it runs on: see docs/INSTALL.md for macOS and Windows.
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import postject from "postject";

const { inject } = postject;

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const work = join(root, "build", "sea");
const arch = { x64: "x64", arm64: "arm64" }[process.arch] ?? process.arch;
const platform =
  { linux: "linux", darwin: "macos", win32: "win" }[process.platform] ?? process.platform;
const output = join(
  root,
  `tradectl-${platform}-${arch}${process.platform === "win32" ? ".exe" : ""}`,
);

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const main = join(work, "tradectl.cjs");
await build({
  absWorkingDir: root,
  stdin: {
    contents: 'import { runCli } from "./src/cli.ts";\nrunCli();\n',
    resolveDir: root,
    loader: "ts",
    sourcefile: "sea-main.ts",
  },
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20.18",
  outfile: main,
  legalComments: "none",
  logLevel: "warning",
  minifyWhitespace: true,
  minifySyntax: true,
});

const blob = join(work, "sea-prep.blob");
const config = join(work, "sea-config.json");
writeFileSync(
  config,
  JSON.stringify({ main, output: blob, disableExperimentalSEAWarning: true }, null, 2),
);
execFileSync(process.execPath, ["--experimental-sea-config", config], { stdio: "inherit" });

rmSync(output, { force: true });
copyFileSync(process.execPath, output);
chmodSync(output, 0o755);
if (process.platform === "darwin") {
  execFileSync("codesign", ["--remove-signature", output], { stdio: "inherit" });
}
await inject(output, "NODE_SEA_BLOB", readFileSync(blob), {
  sentinelFuse: "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2",
  machoSegmentName: process.platform === "darwin" ? "NODE_SEA" : undefined,
});
if (process.platform === "darwin") {
  execFileSync("codesign", ["--sign", "-", output], { stdio: "inherit" });
}
const mb = (statSync(output).size / 1024 / 1024).toFixed(1);
process.stderr.write(
  `wrote ${output} (${mb} MB; the bundled CLI ${(statSync(main).size / 1024).toFixed(0)} KB)\n`,
);
