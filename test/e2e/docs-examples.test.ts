import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, ROOT, tempHome } from "../helpers/cli.js";

/**
 * Every `$ tradectl --sandbox …` (or `$ npx tradectl --sandbox …`) line of README.md, of the
 * docs a newcomer is sent to first and of docs/COMMANDS.md (the help of every command) is run,
 * in the order the file gives them, with one fresh home (config and sandbox state) per file:
 * its exit code is checked, and the shape of what it prints against what the file shows after
 * it, so the examples stay true.
 *
 * The rules, kept simple:
 * - A line may go on over lines ending in `\`; everything after an unquoted `|` (a pipe into
 *   jq, say) is left out: only tradectl's own exit code is checked. `> file` writes into a
 *   scratch directory.
 * - The expected exit code is 0, unless the line ends with a comment that says `exit N`
 *   (`# asks on a terminal; without one, exit 2`): there is no terminal here (stdin is empty),
 *   so a command that would ask exits 2.
 * - docs/COMMANDS.md is generated from --help and carries no comments: there, the bare wizard
 *   (`declarations confirm` with nothing else) is expected to exit 2, the same way.
 * - `declarations watch` runs until stopped: it gets `--once`, so it ends after the backlog.
 * - The shape: where the file shows a table under the command (a header row of capitals such
 *   as `ID  CREATED  STATUS`), the command, run with `-o table` when it names no format, prints
 *   a row with the column names of one of them (the others may be on a terminal only); `-o json` prints one JSON text, `-o ndjson` one JSON object
 *   a line, and `-o csv` the header row the file shows.
 */
interface Example {
  file: string;
  line: number;
  command: string;
  expected: number;
  /** The lines the file shows right after the command, up to the next command or the fence. */
  shown: string[];
}

const REFERENCE_EXPECTED: Record<string, number> = { "declarations confirm": 2 };

const FILES = ["README.md", "docs/BATCH.md", "docs/COMMANDS.md"];

function examples(file: string): Example[] {
  const lines = readFileSync(join(ROOT, file), "utf8").split("\n");
  const found: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const start = /^\s*\$ (?:npx )?(tradectl --sandbox .*)$/.exec(lines[i]!);
    if (!start) continue;
    let text = start[1]!;
    const first = i;
    while (text.endsWith("\\") && i + 1 < lines.length)
      text = `${text.slice(0, -1)} ${lines[++i]!.trim()}`;
    const comment = /\s#\s.*\bexit (\d+)\s*$/.exec(text);
    let command = comment ? text.slice(0, comment.index) : text;
    command = command.replace(/\s\|\s.*$/, "").trim();
    if (/ declarations watch\b/.test(command) && !command.includes("--once")) command += " --once";
    const args = command.replace(/^tradectl --sandbox /, "");
    const expected = comment
      ? Number(comment[1])
      : file.endsWith("COMMANDS.md")
        ? (REFERENCE_EXPECTED[args] ?? 0)
        : 0;
    const shown: string[] = [];
    for (let j = i + 1; j < lines.length && !/^\s*(\$ |```)/.test(lines[j]!); j++)
      shown.push(lines[j]!);
    found.push({ file, line: first + 1, command, expected, shown });
  }
  return found;
}

/** Runs `command` through bash, `tradectl` being the built binary; its exit code and output. */
function run(
  command: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const script = `tradectl() { "${process.execPath}" "${BIN}" "$@"; }\n${command}`;
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", script], {
      cwd,
      env: { PATH: process.env.PATH, TZ: "UTC", COLUMNS: "100", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d) => {
      stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

/** The column names of a table's header row (`ID  CREATED  STATUS`), or null for other lines. */
function headerOf(line: string): string[] | null {
  const cells = line.trim().split(/\s{2,}/);
  if (cells.length < 3) return null;
  return cells.every((c) => /^[A-Z][A-Z0-9 /.]*$/.test(c)) ? cells : null;
}

const formatOf = (command: string) => /(?:-o|--output) (\w+)/.exec(command)?.[1] ?? null;

/** Checks what `example` printed against the shape its file shows. */
function checkShape(example: Example, stdout: string): void {
  const format = formatOf(example.command) ?? (example.command.includes("--json") ? "json" : null);
  if (/>\s*\S+\s*$/.test(example.command)) return; // written to a file: nothing on stdout
  if (format === "json") expect(() => JSON.parse(stdout), stdout).not.toThrow();
  if (format === "ndjson")
    for (const line of stdout.split("\n").filter(Boolean))
      expect(() => JSON.parse(line), line).not.toThrow();
  const shownFirst = example.shown.find((l) => l.trim() !== "");
  if (format === "csv" && shownFirst) expect(stdout.split(/\r?\n/)[0]).toBe(shownFirst);
  // The file may show a table printed only on a terminal (a plan before its question) as well.
  const shownHeaders = example.shown.map(headerOf).filter((h) => h !== null);
  if (shownHeaders.length > 0 && (format === null || format === "table")) {
    const printed = stdout
      .split("\n")
      .map(headerOf)
      .filter((h) => h !== null);
    const common = shownHeaders.filter((h) => printed.some((p) => p.join() === h.join()));
    expect(common.length, `${stdout}\nnone of: ${shownHeaders.join(" / ")}`).toBeGreaterThan(0);
  }
}

describe.each(FILES)("the examples of %s", (file) => {
  const found = examples(file);
  const home = tempHome();
  const scratch = mkdtempSync(join(home.HOME, "cwd-"));

  it("has some", () => {
    expect(found.length).toBeGreaterThan(3);
  });

  // In order, one after the other: a later example may rely on what an earlier one did.
  it.each(found)(
    "line $line: $command (exit $expected)",
    async (example) => {
      const { command, expected } = example;
      // A table where the file shows one: the default on a terminal, which this is not.
      const asShown =
        formatOf(command) || command.includes("--json") ? command : `${command} -o table`;
      const r = await run(/>/.test(command) ? command : asShown, home, scratch);
      expect(r.code, r.stderr).toBe(expected);
      if (expected === 0) checkShape(example, r.stdout);
    },
    40_000,
  );
});

describe("the docs stand on their own", () => {
  const DOCS = [
    "README.md",
    "CHANGELOG.md",
    ...readdirSync(join(ROOT, "docs"))
      .filter((f) => f.endsWith(".md"))
      .map((f) => `docs/${f}`),
  ];

  it.each(DOCS)("%s: every relative link names a file of the repository", (file) => {
    const text = readFileSync(join(ROOT, file), "utf8");
    for (const [, target] of text.matchAll(/\]\(([^)#:\s]+)(?:#[^)]*)?\)/g)) {
      expect(existsSync(join(ROOT, dirname(file), target!)), `${file} → ${target}`).toBe(true);
    }
  });

  it("nothing points at notes outside the repository", () => {
    // Spelled in two parts, so this file does not name them itself.
    const outside = new RegExp(["CLI-CON", "TRACT|API-NO", "TES"].join(""));
    const grep = spawnSync(
      "git",
      ["grep", "-l", "-E", outside.source, "--", "src", "docs", "test", "README.md"],
      { cwd: ROOT, encoding: "utf8" },
    );
    // git grep exits 1 when nothing matches.
    expect([grep.status, grep.stdout]).toEqual([1, ""]);
  });
});
