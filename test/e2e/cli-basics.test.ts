import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runCli } from "../helpers/cli.js";

const VERSION = (
  JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }
).version;

/** The binary's own surface: version, help, suggestions and exit codes, spawned as a user would. */
describe.concurrent("tradectl basics", () => {
  it("--version and -V print the package version on stdout, exit 0", async () => {
    for (const flag of ["--version", "-V"]) {
      const r = await runCli([flag]);
      expect(r).toMatchObject({ code: 0, stdout: `${VERSION}\n`, stderr: "" });
    }
  });

  it("--help lists the commands and the global options of the contract, exit 0", async () => {
    const r = await runCli(["--help"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    for (const word of [
      "declarations",
      "order",
      "exchanges",
      "auth",
      "sandbox",
      "completion",
      "--base-url",
      "--profile",
      "--sandbox",
      "-o, --output",
      "--json",
      "--no-color",
      "--no-input",
      "--debug",
      "--timeout",
      "--retries",
      "-q, --quiet",
    ]) {
      expect(r.stdout).toContain(word);
    }
  });

  it("no arguments prints the help and exits 0", async () => {
    const r = await runCli([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: tradectl/);
  });

  it("order get --help shows its usage and examples", async () => {
    const r = await runCli(["order", "get", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Usage: tradectl order get [options] <ORDER_ID...>");
    expect(r.stdout).toContain("$ tradectl order get 21545488");
  });

  it("a mistyped command suggests the nearest one, exit 2, nothing on stdout", async () => {
    const r = await runCli(["ordr", "get", "1"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("error: unknown command 'ordr'");
    expect(r.stderr).toContain("(Did you mean order?)");
  });

  it("a mistyped subcommand suggests too", async () => {
    const r = await runCli(["order", "gte", "1"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("error: unknown command 'gte'");
    expect(r.stderr).toContain("(Did you mean get?)");
  });

  it("an unknown option is a usage error (exit 2)", async () => {
    const r = await runCli(["order", "get", "--frobnicate", "1"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--frobnicate'");
  });

  it("a mistyped option's value is not echoed back: it may be a secret pasted in the wrong place", async () => {
    const secret = "c2VjcmV0LXZhbHVlLXRoYXQtbXVzdC1ub3QtbGVhaw==";
    const r = await runCli(["-o", "json", "auth", "login", `--secret=${secret}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--secret=…'");
    expect(r.stderr).not.toContain(secret);
  });

  it("a missing argument is a usage error, with the JSON line under -o json", async () => {
    const r = await runCli(["-o", "json", "order", "get"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    const last = r.stderr.trim().split("\n").at(-1)!;
    expect(JSON.parse(last)).toMatchObject({ error: { kind: "usage", status: null, code: null } });
  });

  it("plain http to a remote host is refused before anything is sent (exit 2)", async () => {
    const r = await runCli(["--base-url", "http://example.com", "order", "get", "1"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: refusing plain http:\/\/ for example\.com/);
  });

  it("errors never carry a stack trace", async () => {
    const r = await runCli(["--base-url", "::not a url::", "order", "get", "1"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("error: --base-url '::not a url::' is not a valid URL\n");
  });
});
