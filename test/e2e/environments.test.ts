import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, type CliResult, runCli, tempHome } from "../helpers/cli.js";

/**
 * Ordinary environments the tool must survive with one clear line: a full disk on stdout, a
 * state directory it may not write, a bad TRADECTL_BASE_URL exported for something else, a
 * --state that points at someone's file.
 */

const STACK_FRAME = /^\s+at\s/m;

/** Runs `argv` (a command line, `node` first) with stdout on `stdoutPath`, stderr captured. */
function runWithStdout(
  argv: string[],
  stdoutPath: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stderr: string }> {
  const out = openSync(stdoutPath, "w");
  const child = spawn(argv[0]!, argv.slice(1), {
    env: { PATH: process.env.PATH, ...env },
    stdio: ["ignore", out, "pipe"],
  });
  closeSync(out);
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (d) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("stdout on a full disk (/dev/full)", () => {
  it
    .skipIf(!existsSync("/dev/full"))
    .each([
      [["--help"]],
      [["--sandbox", "declarations", "list"]],
      [["--sandbox", "declarations", "list", "--all", "-o", "ndjson"]],
    ])("%j: one line on stderr, exit 1, no stack", async (args) => {
    const r = await runWithStdout([process.execPath, BIN, ...args], "/dev/full", tempHome());
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "error: could not write to standard output: ENOSPC (no space left on device)\n",
    );
  });
});

/**
 * A directory this process may not write: `chmod 555` for an ordinary user; root ignores
 * permission bits, so there a read-only bind mount in a private mount namespace stands in (a
 * read-only file system is a real case of its own). Returns the command line that runs
 * tradectl with `dir` read-only, or null where neither is possible.
 */
function readOnlyCommand(dir: string, args: string[]): string[] | null {
  if (process.getuid?.() !== 0) {
    chmodSync(dir, 0o555);
    return [process.execPath, BIN, ...args];
  }
  const probe = spawnSync("unshare", ["-m", "true"]);
  if (probe.status !== 0) return null;
  const q = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
  return [
    "unshare",
    "-m",
    "sh",
    "-c",
    `mount --bind ${q(dir)} ${q(dir)} && mount -o remount,bind,ro ${q(dir)} ${q(dir)} && exec ${[process.execPath, BIN, ...args].map(q).join(" ")}`,
  ];
}

describe("a state directory tradectl may not write", () => {
  it("--sandbox names the directory and the reason, exit 2, no stack", async () => {
    const home = tempHome();
    const dir = join(home.XDG_STATE_HOME, "tradectl");
    mkdirSync(dir, { recursive: true });
    // A state file from an earlier run: reading it works, writing beside it does not.
    const seeded = await runCli(["--sandbox", "declarations", "list", "--page-size", "1"], {
      env: home,
    });
    expect(seeded.code).toBe(0);
    const before = readFileSync(join(dir, "sandbox.json"), "utf8");
    const argv = readOnlyCommand(dir, [
      "--sandbox",
      "declarations",
      "confirm",
      "734001026",
      "--self",
      "--address-type",
      "individual-wallet",
      "--description",
      "my own wallet, moved to my exchange account",
      "--yes",
    ]);
    if (argv === null) return;
    const r = await runWithStdout(argv, "/dev/null", home);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(r.stderr).not.toContain("unexpected failure");
    expect(r.stderr).not.toContain("failed on its side");
    expect(r.stderr).toMatch(
      new RegExp(
        `^error: cannot write in ${dir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: (permission denied \\(EACCES\\)|read-only file system \\(EROFS\\))\\n`,
      ),
    );
    expect(r.stderr).toContain("hint: make it writable by this user, or point");
    expect(r.code).toBe(2);
    expect(readFileSync(join(dir, "sandbox.json"), "utf8")).toBe(before);
    if (process.getuid?.() !== 0) chmodSync(dir, 0o755);
  });
});

describe("a bad TRADECTL_BASE_URL only matters to commands that send", () => {
  const bad = { TRADECTL_BASE_URL: "::not a url::" };
  it.each([
    [["help"]],
    [["--help"]],
    [["completion", "bash"]],
    [["sandbox", "reset"]],
    [["auth", "logout"]],
  ])("%j exits 0", async (args) => {
    const r: CliResult = await runCli(args, { env: bad });
    expect(r.stderr).not.toContain("not a valid URL");
    expect(r.code).toBe(0);
  });

  it("a command that sends names the variable: exit 2", async () => {
    const r = await runCli(["declarations", "list"], {
      env: { ...bad, TRADECTL_API_KEY: "k", TRADECTL_API_SECRET: "c2VjcmV0" },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("error: TRADECTL_BASE_URL '::not a url::' is not a valid URL\n");
  });
});

describe("sandbox --state pointing at someone's file", () => {
  let home: ReturnType<typeof tempHome>;
  let file: string;
  const content = "name,amount\nalice,3\n";
  beforeAll(() => {
    home = tempHome();
    file = join(home.HOME, "ledger.csv");
    writeFileSync(file, content, { mode: 0o644 });
  });
  afterAll(() => {
    expect(readFileSync(file, "utf8")).toBe(content);
  });

  it("sandbox reset --state FILE refuses it and leaves it as it was", async () => {
    const r = await runCli(["sandbox", "reset", "--state", file], { env: home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: ${file} is not a tradectl sandbox state file`);
    expect(readFileSync(file, "utf8")).toBe(content);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it("sandbox serve --state FILE refuses it without telling the user to reset it", async () => {
    const r = await runCli(["sandbox", "serve", "--state", file], { env: home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: ${file} is not a tradectl sandbox state file`);
    expect(r.stderr).not.toContain("sandbox reset");
  });
});
