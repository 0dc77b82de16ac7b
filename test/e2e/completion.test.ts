import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BIN, tempHome } from "../helpers/cli.js";

/** A `tradectl` on PATH, as after `npm install -g`: the scripts call it back at Tab time. */
const bin = mkdtempSync(join(tmpdir(), "tradectl-bin-"));

beforeAll(() => {
  writeFileSync(
    join(bin, "tradectl"),
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`,
  );
  chmodSync(join(bin, "tradectl"), 0o755);
}, 60_000);

function homeWithProfiles(names: string[]) {
  const home = tempHome();
  mkdirSync(join(home.XDG_CONFIG_HOME, "tradectl"), { recursive: true, mode: 0o700 });
  const profiles = Object.fromEntries(names.map((name) => [name, {}]));
  writeFileSync(
    join(home.XDG_CONFIG_HOME, "tradectl", "config.json"),
    JSON.stringify({ profiles }),
    { mode: 0o600 },
  );
  return home;
}

/** `source <(tradectl completion bash)` in a real bash, then the completion function per line. */
function bash(lines: string[], env: NodeJS.ProcessEnv): string[] {
  const script = [
    "source <(tradectl completion bash)",
    ...lines.map(
      (words) =>
        `COMP_WORDS=(${words}); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _tradectl; printf '%s\\n' "\${COMPREPLY[*]}"`,
    ),
  ].join("\n");
  const result = spawnSync("bash", ["--norc", "--noprofile", "-c", script], {
    encoding: "utf8",
    env: { PATH: `${bin}:${process.env.PATH}`, ...env },
  });
  expect(result.stderr).toBe("");
  return result.stdout.split("\n").slice(0, lines.length);
}

describe("bash completion from the installed binary", () => {
  it("loads with source <(tradectl completion bash) and completes commands and values", () => {
    const home = tempHome();
    expect(
      bash(["tradectl decl", "tradectl declarations list --status ''", "tradectl -o ''"], home),
    ).toEqual(["declarations", "Pending Confirmed", "table json ndjson csv tsv"]);
  });

  it("--profile offers the profiles of the config file, read at Tab time", () => {
    const home = homeWithProfiles(["work", "default", "staging"]);
    expect(bash(["tradectl --profile ''", "tradectl auth status --profile st"], home)).toEqual([
      "default staging work",
      "staging",
    ]);
  });

  it("a config file other users can read offers no profiles and prints nothing", () => {
    const home = homeWithProfiles(["work"]);
    chmodSync(join(home.XDG_CONFIG_HOME, "tradectl", "config.json"), 0o644);
    expect(bash(["tradectl --profile ''"], home)).toEqual([""]);
  });
});
