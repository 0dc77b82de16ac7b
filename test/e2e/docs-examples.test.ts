import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, ROOT, tempHome } from "../helpers/cli.js";

/**
 * Every `$ tradectl --sandbox …` line of README.md and docs/COMMANDS.md is run, in the order
 * the file gives them, with one fresh home (config and sandbox state) per file, and its exit
 * code checked (issue 25 item 13), so the examples stay true.
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
 */
interface Example {
  file: string;
  line: number;
  command: string;
  expected: number;
}

const REFERENCE_EXPECTED: Record<string, number> = { "declarations confirm": 2 };

function examples(file: string): Example[] {
  const lines = readFileSync(join(ROOT, file), "utf8").split("\n");
  const found: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const start = /^\s*\$ (tradectl --sandbox .*)$/.exec(lines[i]!);
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
    found.push({ file, line: first + 1, command, expected });
  }
  return found;
}

/** Runs `command` through bash, `tradectl` being the built binary; its own exit code. */
function run(
  command: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<{ code: number; stderr: string }> {
  const script = `tradectl() { "${process.execPath}" "${BIN}" "$@"; }\n${command}`;
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", script], {
      cwd,
      env: { PATH: process.env.PATH, TZ: "UTC", ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stderr });
    });
  });
}

describe.each(["README.md", "docs/COMMANDS.md"])("the examples of %s", (file) => {
  const found = examples(file);
  const home = tempHome();
  const scratch = mkdtempSync(join(home.HOME, "cwd-"));

  it("has some", () => {
    expect(found.length).toBeGreaterThan(5);
  });

  // In order, one after the other: a later example may rely on what an earlier one did.
  it.each(found)(
    "line $line: $command (exit $expected)",
    async ({ command, expected }) => {
      const r = await run(command, home, scratch);
      expect(r.code, r.stderr).toBe(expected);
    },
    40_000,
  );
});
