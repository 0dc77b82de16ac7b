import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { afterHelp, commandPath, visibleCommands } from "../../../src/commands/help/help-text.js";
import { suggestion } from "../../../src/commands/help/similar.js";
import { TOPIC_PAGES } from "../../../src/commands/help/topic-pages.js";
import { HELP_TOPICS } from "../../../src/commands/help-topics.js";
import { EXIT_CODES } from "../../../src/errors.js";
import { asIs, english, inEnglish } from "../../../src/i18n/index.js";
import { OUTPUT_FORMATS } from "../../../src/output/formats.js";
import { buildProgram } from "../../../src/program.js";
import { runMain } from "../../helpers/run.js";

const tradectl = (args: string[]) => runMain(args);

/** The `$ tradectl …` lines of a command's "Examples:" block (continuation lines joined). */
function examplesOf(cmd: Command): string[] {
  const after = afterHelp(cmd);
  const start = after.search(/^Examples:\s*$/m);
  if (start < 0) return [];
  const examples: string[] = [];
  for (const line of after.slice(start).split("\n").slice(1)) {
    if (line.trim() === "") break;
    const example = line.trim();
    if (example.startsWith("$ ")) examples.push(example.slice(2));
    else if (examples.length > 0) examples[examples.length - 1] += `\n${example}`;
  }
  return examples;
}

const program = await buildProgram(async () => {});
const commands = visibleCommands(program);
const leaves = commands.filter((cmd) => visibleCommands(cmd).length === 0);

describe("help topics", () => {
  it("exit-codes lists every code and kind the tool uses", async () => {
    const run = await tradectl(["help", "exit-codes"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    for (const [kind, code] of Object.entries(EXIT_CODES)) {
      expect(run.stdout).toMatch(new RegExp(`^  ${code}\\s+.*\\b${kind}\\b`, "m"));
    }
    expect(run.stdout).toMatch(/^ {2}0\s+success/m);
    expect(run.stdout).toContain('{"error":{"kind":KIND');
  });

  it("environment names every variable the tool reads, with the defaults", async () => {
    const run = await tradectl(["help", "environment"]);
    expect(run.code).toBe(0);
    for (const name of [
      "TRADECTL_API_KEY",
      "TRADECTL_API_SECRET",
      "TRADECTL_PROFILE",
      "TRADECTL_NO_INPUT",
      "TRADECTL_DEBUG",
      "NO_COLOR",
      "XDG_CONFIG_HOME",
      "XDG_STATE_HOME",
    ]) {
      expect(run.stdout).toMatch(new RegExp(`^  ${name}\\b`, "m"));
    }
    expect(run.stdout).toMatch(
      /TRADECTL_BASE_URL\s+same as --base-url \(default: https:\/\/api\.btcturk\.com\)/,
    );
    expect(run.stdout).toContain("flags > environment > profile");
  });

  it("formats describes every output format", async () => {
    const run = await tradectl(["help", "formats"]);
    expect(run.code).toBe(0);
    for (const format of OUTPUT_FORMATS)
      expect(run.stdout).toMatch(new RegExp(`^  ${format}\\s+\\S`, "m"));
    expect(run.stdout).toContain("9223372036854775807");
  });

  it("sandbox explains the modes and the --faults syntax from `sandbox serve`", async () => {
    const run = await tradectl(["help", "sandbox"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("tradectl --sandbox COMMAND");
    expect(run.stdout).toContain("--faults SPEC");
    expect(run.stdout).toMatch(/latency=/);
    expect(run.stdout).toMatch(/skew=/);
    // The refusals `auth doctor` explains, each played by a fault.
    for (const fault of [
      "key=unknown",
      "key=wrong-secret",
      "key=other-ip",
      "deny=PERMISSION",
      "401=empty, 401=html",
    ]) {
      expect(run.stdout).toMatch(new RegExp(`^  ${fault} +\\S`, "m"));
    }
    expect(run.stdout).toContain("`tradectl auth doctor` names the cause of each");
  });

  it("the program's help lists the topics, and examples to start from", async () => {
    const run = await tradectl(["--help"]);
    for (const topic of HELP_TOPICS)
      expect(run.stdout).toMatch(new RegExp(`^  ${topic.name}\\s+\\S`, "m"));
    expect(run.stdout).toContain("$ tradectl --sandbox declarations list");
  });
});

describe("help [command]", () => {
  it("help alone prints the program's help, like --help", async () => {
    const help = await tradectl(["help"]);
    const flag = await tradectl(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe(flag.stdout);
  });

  it("help COMMAND and help COMMAND SUBCOMMAND print the same as --help", async () => {
    for (const path of [["order"], ["declarations", "list"], ["decl", "ls"], ["auth", "login"]]) {
      const help = await tradectl(["help", ...path]);
      const flag = await tradectl([...path, "--help"]);
      expect(help.code).toBe(0);
      expect(help.stdout).toBe(flag.stdout);
      expect(help.stdout).toContain("Usage: tradectl");
    }
  });

  it("commander's own `help` of a group keeps working", async () => {
    const run = await tradectl(["declarations", "help", "confirm"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Usage: tradectl declarations confirm");
  });

  it("an unknown command or topic is a usage error with the nearest name", async () => {
    const typo = await tradectl(["help", "declaratons"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("(Did you mean declarations?)");
    const topic = await tradectl(["help", "exit-code"]);
    expect(topic.stderr).toContain("(Did you mean exit-codes?)");
    const sub = await tradectl(["help", "declarations", "lst"]);
    expect(sub.code).toBe(2);
    expect(sub.stderr).toContain(
      "'lst' is not a subcommand of 'declarations' (Did you mean list?)",
    );
    const far = await tradectl(["help", "xyzzy"]);
    expect(far.stderr).not.toContain("Did you mean");
    expect(far.stderr).toContain("exit-codes, environment, formats, sandbox");
  });
});

describe("typos suggest the nearest command or flag", () => {
  it.each([
    [["declaratons", "list"], "(Did you mean declarations?)"],
    [["declarations", "lst"], "list"],
    [["order", "gte", "1"], "(Did you mean get?)"],
    [["auth", "logni"], "(Did you mean login?)"],
    [["declarations", "list", "--stauts", "pending"], "(Did you mean --status?)"],
    [["declarations", "confirm", "--adress-type", "exchange"], "(Did you mean --address-type?)"],
    [["declarations", "list", "--jsno"], "(Did you mean --json?)"],
    [["--profle", "work", "auth", "status"], "(Did you mean --profile?)"],
  ])("%j → %s", async (args, expected) => {
    const run = await tradectl(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("Did you mean");
    expect(run.stderr).toContain(expected);
    expect(run.stderr).toContain("(add --help for usage and examples)");
  });

  it("suggestion() stays quiet when nothing is near", () => {
    expect(inEnglish(suggestion("lsit", ["list", "confirm"]) || asIs(""))).toBe(
      " (Did you mean list?)",
    );
    expect(suggestion("zzzzzz", ["list", "confirm"])).toBe("");
  });
});

/** Splits the tradectl part of an example into argv: quotes honoured, pipes and redirects cut. */
function exampleArgv(example: string): string[] {
  const line = example.replace(/\\\n\s*/g, " ");
  const start = line.search(/(^|[\s(|])tradectl\s/);
  const argv: string[] = [];
  let word = "";
  let quote: string | null = null;
  let inWord = false;
  for (let i = start + (line[start] === "t" ? 0 : 1) + "tradectl".length; i < line.length; i++) {
    const ch = line[i]!;
    if (quote) {
      if (ch === quote) quote = null;
      else word += ch;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      inWord = true;
      continue;
    }
    if (/[|;)#&]/.test(ch) || ch === ">" || (/\d/.test(ch) && line[i + 1] === ">" && !inWord))
      break;
    if (/\s/.test(ch)) {
      if (inWord) argv.push(word);
      word = "";
      inWord = false;
      continue;
    }
    word += ch;
    inWord = true;
  }
  if (inWord) argv.push(word);
  return argv;
}

/** Parses argv with the real definitions and a runner that runs nothing. */
async function parses(argv: string[]): Promise<string | null> {
  let ran: string | null = null;
  const parser = await buildProgram(async (command) => {
    ran = commandPath(command);
  });
  const quiet = (cmd: Command) => {
    cmd.exitOverride();
    cmd.configureOutput({ writeOut: () => {}, writeErr: () => {} });
    for (const sub of cmd.commands) quiet(sub);
  };
  quiet(parser);
  await parser.parseAsync(argv, { from: "user" });
  return ran;
}

describe("every command's help teaches", () => {
  it.each(commands.map((cmd) => [commandPath(cmd), cmd] as const))(
    "%s: a one-line summary and described options",
    (_path, cmd) => {
      const summary = cmd.description();
      expect(summary.trim().length).toBeGreaterThan(10);
      expect(summary).not.toContain("\n");
      for (const option of cmd.createHelp().visibleOptions(cmd)) {
        expect(option.description.length, option.flags).toBeGreaterThan(5);
      }
    },
  );

  it.each(leaves.map((cmd) => [commandPath(cmd), cmd] as const))(
    "%s: two or more examples, each a command line the tool accepts",
    async (path, cmd) => {
      const examples = examplesOf(cmd);
      expect(examples.length, afterHelp(cmd)).toBeGreaterThanOrEqual(2);
      for (const example of examples) {
        const argv = exampleArgv(example);
        expect(await parses(argv), example).toBe(path);
      }
    },
  );

  it("the examples of the program and of the topics are accepted too", async () => {
    const texts = [
      afterHelp(program),
      ...HELP_TOPICS.map((topic) => TOPIC_PAGES[topic.name](program, english, 80)),
    ];
    let checked = 0;
    for (const text of texts) {
      const lines = text.split("\n");
      for (const [i, line] of lines.entries()) {
        const match = /^ {2}\$ (.*)$/.exec(line);
        if (!match) continue;
        let example = match[1]!;
        for (let j = i + 1; example.endsWith("\\") && j < lines.length; j++) {
          example += `\n${lines[j]}`;
        }
        const ran = await parses(exampleArgv(example));
        expect(ran, example).not.toBeNull();
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it("options show their defaults", async () => {
    const run = await tradectl(["declarations", "list", "--help"]);
    expect(run.stdout).toMatch(/--page-size <N>.*\(default: 20/s);
    const serve = await tradectl(["sandbox", "serve", "--help"]);
    expect(serve.stdout).toMatch(/--host <HOST>.*\(default:\s+"127\.0\.0\.1"\)/s);
    expect(serve.stdout).toMatch(/--timeout <MS>.*\(default:\s+30000\)/s);
  });
});
