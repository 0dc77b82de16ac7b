#!/usr/bin/env node
// The installed command. It loads the bundled CLI; in a fresh clone where dist/ has not been
// built yet (npm ci with scripts disabled), it builds once first, so `npx tradectl` always works.
import { existsSync } from "node:fs";

const cli = new URL("../dist/cli.js", import.meta.url);
if (!existsSync(cli)) {
  const builder = new URL("../scripts/build.js", import.meta.url);
  if (!existsSync(builder)) {
    process.stderr.write(
      "error: tradectl is not built (dist/cli.js is missing); reinstall the package\n",
    );
    process.exit(1);
  }
  process.argv.splice(2, 0);
  const { execFileSync } = await import("node:child_process");
  execFileSync(process.execPath, [builder.pathname, "--no-types"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}
const { runCli } = await import(cli.href);
await runCli();
