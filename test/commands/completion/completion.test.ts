import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Command } from "commander";
import { beforeAll, describe, expect, it } from "vitest";
import { visibleCommands } from "../../../src/commands/help/help-text.js";
import { buildProgram } from "../../../src/program.js";
import { runMain } from "../../helpers/run.js";

const tradectl = (args: string[], env: NodeJS.ProcessEnv = {}) => runMain(args, { env });

const dir = mkdtempSync(join(tmpdir(), "tradectl-completion-"));
const scripts: Record<string, string> = {};

beforeAll(async () => {
  for (const shell of ["bash", "zsh", "fish"]) {
    const run = await tradectl(["completion", shell]);
    expect(run.code).toBe(0);
    scripts[shell] = join(dir, `tradectl.${shell}`);
    writeFileSync(scripts[shell]!, run.stdout);
  }
});

const has = (shell: string) => spawnSync(shell, ["-c", "exit 0"]).status === 0;

/** A stand-in for the binary: the scripts call `tradectl __complete profiles` at Tab time. */
const PROFILES = ["default", "work"];
/** And `tradectl __complete senders`. */
const SENDERS = ["me-kraken", "sis"];
/** And `tradectl __complete rules`. */
const RULES = ["kraken-xrp", "rent"];

/**
 * Sources the bash script in a real bash and runs the completion function once per case, with
 * COMP_WORDS/COMP_CWORD set as bash sets them; returns COMPREPLY of each.
 */
function bashComplete(cases: string[][]): string[][] {
  const lines = [
    `source ${JSON.stringify(scripts.bash)}`,
    `tradectl() { case "$1 $2" in "__complete profiles") printf '%s\\n' ${PROFILES.join(" ")} ;; "__complete senders") printf '%s\\n' ${SENDERS.join(" ")} ;; "__complete rules") printf '%s\\n' ${RULES.join(" ")} ;; esac; }`,
    ...cases.map((words) => {
      const quoted = words.map((w) => `'${w.replace(/'/g, "'\\''")}'`).join(" ");
      return `COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; COMPREPLY=(); _tradectl; printf '%s\\n' "\${COMPREPLY[*]}"`;
    }),
  ];
  const result = spawnSync("bash", ["--norc", "--noprofile", "-c", lines.join("\n")], {
    encoding: "utf8",
  });
  expect(result.stderr).toBe("");
  const out = result.stdout.split("\n").slice(0, cases.length);
  return out.map((line) => line.split(" ").filter((w) => w !== ""));
}

const bashOne = (...words: string[]) => bashComplete([words])[0]!;

describe("completion bash (sourced in a real bash)", () => {
  it("completes commands, subcommands and aliases", () => {
    expect(bashOne("tradectl", "decl")).toEqual(["declarations"]);
    expect(bashOne("tradectl", "")).toEqual([
      "declarations",
      "order",
      "senders",
      "rules",
      "receipts",
      "exchanges",
      "auth",
      "sandbox",
      "mcp",
      "completion",
      "version",
      "help",
    ]);
    expect(bashOne("tradectl", "decl", "")).toEqual(["list", "confirm", "watch", "help"]);
    expect(bashOne("tradectl", "auth", "log")).toEqual(["login", "logout"]);
    expect(bashOne("tradectl", "auth", "")).toEqual([
      "login",
      "status",
      "logout",
      "doctor",
      "help",
    ]);
    expect(bashOne("tradectl", "auth", "d")).toEqual(["doctor"]);
    expect(bashOne("tradectl", "-o", "json", "declarations", "l")).toEqual(["list"]);
    expect(bashOne("tradectl", "completion", "")).toEqual(["bash", "zsh", "fish"]);
  });

  it("completes the enumerated values of flags", () => {
    expect(bashOne("tradectl", "declarations", "list", "--status", "P")).toEqual(["Pending"]);
    expect(bashOne("tradectl", "decl", "ls", "--status", "")).toEqual(["Pending", "Confirmed"]);
    expect(bashOne("tradectl", "-o", "")).toEqual(["table", "json", "ndjson", "csv", "tsv"]);
    expect(bashOne("tradectl", "declarations", "list", "--output", "n")).toEqual(["ndjson"]);
    // bash splits --output=js into --output, =, js.
    expect(bashOne("tradectl", "--output", "=", "js")).toEqual(["json"]);
    expect(bashOne("tradectl", "--output", "=")).toHaveLength(5);
    expect(bashOne("tradectl", "declarations", "confirm", "--address-type", "")).toEqual([
      "exchange",
      "individual-wallet",
    ]);
    // --fields offers the command's API field names.
    expect(bashOne("tradectl", "order", "get", "1", "--fields", "st")).toEqual([
      "status",
      "stopPrice",
    ]);
    expect(bashOne("tradectl", "exchanges", "list", "--fields", "")).toEqual(["id", "name"]);
    expect(bashOne("tradectl", "receipts", "")).toEqual(["list", "show", "verify", "help"]);
    expect(bashOne("tradectl", "receipts", "list", "--fields", "out")).toEqual(["outcome"]);
    expect(bashOne("tradectl", "declarations", "list", "--fields", "last")).toEqual(["lastName"]);
    // Each name of a comma-separated list: the names before the last comma stay.
    expect(bashOne("tradectl", "declarations", "list", "--fields", "amount,sy")).toEqual([
      "amount,symbol",
    ]);
    expect(bashOne("tradectl", "order", "get", "1", "--fields", "id,status,stopP")).toEqual([
      "id,status,stopPrice",
    ]);
    // confirm prints outcome records, or the bodies with --dry-run: both sets are offered.
    expect(bashOne("tradectl", "declarations", "confirm", "--fields", "out")).toEqual(["outcome"]);
    expect(bashOne("tradectl", "declarations", "confirm", "--fields", "ex")).toEqual([
      "exchangeId",
      "exchangeOtherName",
    ]);
    // A free value (a page number) gets no guesses, and not the subcommands either.
    expect(bashOne("tradectl", "declarations", "list", "--page", "")).toEqual([]);
  });

  it("completes --profile with the names the binary reads from the config file", () => {
    expect(bashOne("tradectl", "--profile", "")).toEqual(PROFILES);
    expect(bashOne("tradectl", "auth", "status", "--profile", "w")).toEqual(["work"]);
  });

  it("completes --sender with the saved senders' names, and --from with file names", () => {
    expect(bashOne("tradectl", "declarations", "confirm", "--sender", "")).toEqual(SENDERS);
    expect(bashOne("tradectl", "decl", "confirm", "--pending", "--sender", "m")).toEqual([
      "me-kraken",
    ]);
    const found = bashOne(
      "tradectl",
      "declarations",
      "confirm",
      "--from",
      join(dir, "tradectl.ba"),
    );
    expect(found).toEqual([scripts.bash]);
  });

  it("completes the operand of rules remove and senders remove with the saved names", () => {
    expect(bashOne("tradectl", "rules", "remove", "")).toEqual(RULES);
    expect(bashOne("tradectl", "rules", "rm", "r")).toEqual(["rent"]);
    expect(bashOne("tradectl", "senders", "remove", "s")).toEqual(["sis"]);
    expect(bashOne("tradectl", "rules", "")).toEqual(["add", "list", "remove", "import", "help"]);
  });

  it("skips flag values while walking, so a value that looks like a command does not descend", () => {
    expect(bashOne("tradectl", "--profile", "auth", "")).toEqual([
      "declarations",
      "order",
      "senders",
      "rules",
      "receipts",
      "exchanges",
      "auth",
      "sandbox",
      "mcp",
      "completion",
      "version",
      "help",
    ]);
    expect(bashOne("tradectl", "--output", "=", "json", "order", "")).toEqual([
      "get",
      "trades",
      "help",
    ]);
  });

  it("completes file names for --state", () => {
    const found = bashOne("tradectl", "sandbox", "reset", "--state", join(dir, "tradectl.ba"));
    expect(found).toEqual([scripts.bash]);
  });

  it("completes help with commands and topics, and nested commands after them", () => {
    expect(bashOne("tradectl", "help", "")).toEqual([
      "declarations",
      "order",
      "senders",
      "rules",
      "receipts",
      "exchanges",
      "auth",
      "sandbox",
      "mcp",
      "completion",
      "version",
      "exit-codes",
      "environment",
      "formats",
    ]);
    expect(bashOne("tradectl", "help", "declarations", "")).toEqual(["list", "confirm", "watch"]);
  });

  it("offers exactly the flags commander accepts at every command, globals included", async () => {
    const program = await buildProgram(async () => {});
    const longs = (cmd: Command) =>
      cmd
        .createHelp()
        .visibleOptions(cmd)
        .flatMap((o) => (o.long ? [o.long] : []));
    const globals = longs(program);
    const commands = visibleCommands(program);
    const paths = commands.map((cmd) => {
      const names: string[] = [];
      for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
      return names;
    });
    const replies = bashComplete(paths.map((names) => ["tradectl", ...names, "--"]));
    expect(commands.length).toBeGreaterThan(10);
    commands.forEach((cmd, i) => {
      const expected = [...new Set([...longs(cmd), ...globals])].sort();
      expect(replies[i]!.sort(), paths[i]!.join(" ")).toEqual(expected);
    });
  });
});

describe("completion command", () => {
  it("an unknown shell is a usage error that lists the supported ones", async () => {
    const run = await tradectl(["completion", "powershell"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("no completion for shell 'powershell'");
    expect(run.stderr).toContain("bash, zsh, fish");
    expect(run.stdout).toBe("");
  });

  it("the scripts name what they complete and how to load them", () => {
    const bash = spawnSync("cat", [scripts.bash!], { encoding: "utf8" }).stdout;
    expect(bash).toContain("complete -F _tradectl tradectl");
    expect(bash).toContain("source <(tradectl completion bash)");
    const zsh = spawnSync("cat", [scripts.zsh!], { encoding: "utf8" }).stdout;
    expect(zsh.startsWith("#compdef tradectl\n")).toBe(true);
    const fish = spawnSync("cat", [scripts.fish!], { encoding: "utf8" }).stdout;
    expect(fish).toContain("complete -c tradectl -s o -l output -x -a 'table json ndjson csv tsv'");
    // The hidden helper command stays out of every script's suggestions.
    for (const text of [bash, zsh, fish]) expect(text).not.toMatch(/REPLY="[^"]*__complete/);
    expect(fish).not.toContain("-a '__complete'");
  });

  it("__complete profiles lists the config file's profiles, and nothing when there is none", async () => {
    const home = mkdtempSync(join(tmpdir(), "tradectl-profiles-"));
    expect((await tradectl(["__complete", "profiles"], { XDG_CONFIG_HOME: home })).stdout).toBe("");
    const { mkdirSync } = await import("node:fs");
    mkdirSync(join(home, "tradectl"), { mode: 0o700 });
    writeFileSync(
      join(home, "tradectl", "config.json"),
      JSON.stringify({ profiles: { work: {}, default: {}, "bad name; rm -rf": {} } }),
      { mode: 0o600 },
    );
    const run = await tradectl(["__complete", "profiles"], { XDG_CONFIG_HOME: home });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("default\nwork\n");
  });

  it("__complete is hidden from help", async () => {
    const run = await tradectl(["--help"]);
    expect(run.stdout).not.toContain("__complete");
  });
});

describe.runIf(has("zsh"))(
  "completion zsh (sourced in a real zsh, completion builtins stubbed)",
  () => {
    /** Runs _tradectl with `words`/CURRENT as zsh sets them; the stubs print what would be offered. */
    function zshComplete(words: string[]): string[] {
      const quoted = words.map((w) => `'${w.replace(/'/g, "'\\''")}'`).join(" ");
      const script = `
compdef() { :; }
source ${JSON.stringify(scripts.zsh)}
compadd() {
  if [[ $1 == -a ]]; then print -rl -- \${(P)2}; return; fi
  while [[ $1 == -* && $1 != -- ]]; do
    if [[ $1 == -S ]]; then print -r -- "<suffix $2>"; shift; fi
    shift
  done
  shift; print -rl -- "$@"
}
_describe() { local name=\${@[-1]}; print -rl -- \${\${(P)name}%%:*}; }
_files() { print -r -- '<files>'; }
_message() { print -r -- '<value>'; }
compset() { if [[ $2 == '*,' ]]; then print -r -- "<compset $*>"; fi; return 0; }
tradectl() { print -rl -- ${PROFILES.join(" ")}; }
words=(${quoted}); CURRENT=${words.length}
_tradectl`;
      const result = spawnSync("zsh", ["-f", "-c", script], { encoding: "utf8" });
      expect(result.stderr).toBe("");
      return result.stdout.split("\n").filter((l) => l !== "");
    }

    it("completes commands with descriptions, flags and values", () => {
      expect(zshComplete(["tradectl", ""])).toContain("declarations");
      expect(zshComplete(["tradectl", "decl", ""])).toEqual(["list", "confirm", "watch", "help"]);
      expect(zshComplete(["tradectl", "declarations", "list", "--status", ""])).toEqual([
        "Pending",
        "Confirmed",
      ]);
      expect(zshComplete(["tradectl", "-o", ""])).toEqual([
        "table",
        "json",
        "ndjson",
        "csv",
        "tsv",
      ]);
      expect(zshComplete(["tradectl", "--output=j"])).toEqual([
        "table",
        "json",
        "ndjson",
        "csv",
        "tsv",
      ]);
      expect(zshComplete(["tradectl", "--profile", ""])).toEqual(PROFILES);
      expect(zshComplete(["tradectl", "sandbox", "serve", "--state", ""])).toEqual(["<files>"]);
      expect(zshComplete(["tradectl", "declarations", "list", "-"])).toEqual(
        expect.arrayContaining(["--status", "--page-size", "--all", "--profile", "-o", "--help"]),
      );
      expect(zshComplete(["tradectl", "help", ""])).toContain("exit-codes");
    });

    it("completes each name of a --fields list: past the last comma, a comma after it", () => {
      const offered = zshComplete(["tradectl", "exchanges", "list", "--fields", "id,na"]);
      expect(offered).toEqual(["<compset -P *,>", "<suffix ,>", "id", "name"]);
    });
  },
);

describe.runIf(has("fish"))("completion fish (loaded in a real fish)", () => {
  function fishComplete(line: string): string[] {
    const home = mkdtempSync(join(tmpdir(), "tradectl-fish-"));
    const script = `source ${JSON.stringify(scripts.fish)}
function tradectl; printf '%s\\n' ${PROFILES.join(" ")}; end
complete -C ${JSON.stringify(line)}`;
    const result = spawnSync("fish", ["--no-config", "-c", script], {
      encoding: "utf8",
      env: { HOME: home, PATH: process.env.PATH },
    });
    expect(result.stderr).toBe("");
    return result.stdout
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => l.split("\t")[0]!);
  }

  it("completes each name of a --fields list, the names before the last comma kept", () => {
    expect(fishComplete("tradectl declarations list --fields amount,sy")).toEqual([
      "amount,symbol",
    ]);
  });

  it("completes commands, values and profiles", () => {
    expect(fishComplete("tradectl decl")).toEqual(["declarations"]);
    expect(fishComplete("tradectl declarations list --status ").sort()).toEqual([
      "Confirmed",
      "Pending",
    ]);
    expect(fishComplete("tradectl -o ").sort()).toEqual(["csv", "json", "ndjson", "table", "tsv"]);
    expect(fishComplete("tradectl --profile ").sort()).toEqual(PROFILES);
    expect(fishComplete("tradectl help declarations ").sort()).toEqual([
      "confirm",
      "list",
      "watch",
    ]);
    expect(fishComplete("tradectl declarations confirm --address-type ").sort()).toEqual([
      "exchange",
      "individual-wallet",
    ]);
    expect(fishComplete("tradectl auth login --")).toEqual(
      expect.arrayContaining(["--key", "--with-secret-stdin", "--profile", "--help"]),
    );
  });
});
