import { PassThrough } from "node:stream";
import { Command } from "commander";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { envFlag } from "../src/config/env.js";
import { createIO } from "../src/output/io.js";
import { refuseRepeatedOptions } from "../src/program.js";
import { sendJson, startTestServer, type TestServer } from "./helpers/http-server.js";
import { Sink } from "./helpers/memory-io.js";
import { runMain, STACK_FRAME, TEST_CREDENTIALS } from "./helpers/run.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((_req, res) => sendJson(res, 200, "[]"));
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const env = () => ({ ...TEST_CREDENTIALS, TRADECTL_BASE_URL: server.url });

describe("environment on/off variables: one reading for all", () => {
  it.each([
    ["1", true],
    ["true", true],
    ["TRUE", true],
    ["yes", true],
    ["on", true],
    [" true ", true],
    ["0", false],
    ["false", false],
    ["no", false],
    ["off", false],
    ["", false],
    [undefined, false],
  ])("%j is %s", (value, on) => {
    expect(envFlag(value)).toBe(on);
  });

  it.each(["1", "true", "yes"])("TRADECTL_NO_INPUT=%s stops prompts on a terminal", (value) => {
    const tty = () => Object.assign(new Sink(), { isTTY: true });
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const io = (variable: string | undefined) =>
      createIO({
        stdout: tty(),
        stderr: tty(),
        stdin,
        env: variable === undefined ? {} : { TRADECTL_NO_INPUT: variable },
      });
    expect(io(undefined).canPrompt()).toBe(true);
    expect(io("0").canPrompt()).toBe(true);
    expect(io(value).canPrompt()).toBe(false);
  });

  it.each(["1", "true", "yes"])("TRADECTL_DEBUG=%s traces the exchange", async (value) => {
    const r = await runMain(["declarations", "list"], {
      env: { ...env(), TRADECTL_DEBUG: value },
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("[debug] > GET ");
    const off = await runMain(["declarations", "list"], {
      env: { ...env(), TRADECTL_DEBUG: "false" },
    });
    expect(off.stderr).not.toContain("[debug]");
  });
});

describe("conflicting and repeated options: exit 2, nothing sent", () => {
  it.each([
    [["--json", "-o", "csv"], "--json and -o csv ask for different formats"],
    [["-o", "tsv", "--json"], "--json and -o tsv ask for different formats"],
  ])("%j", async (flags, message) => {
    const r = await runMain([...flags, "declarations", "list"], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: ${message}`);
    expect(server.requests).toHaveLength(0);
  });

  it("--json -o json agree", async () => {
    const r = await runMain(["--json", "-o", "json", "declarations", "list"], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("[]\n");
  });

  it.each([
    [["declarations", "list", "--page", "1", "--page", "2"], "--page"],
    [["declarations", "list", "--page-size", "5", "--page-size=6"], "--page-size"],
    [
      [
        "--base-url",
        "http://127.0.0.1:1",
        "--base-url",
        "http://127.0.0.1:2",
        "declarations",
        "list",
      ],
      "--base-url",
    ],
    [["-o", "json", "--output", "csv", "declarations", "list"], "--output"],
    [["--timeout", "100", "declarations", "list", "--timeout", "200"], "--timeout"],
    [["--profile", "a", "--profile", "b", "auth", "status"], "--profile"],
  ])("%j names %s", async (argv, flag) => {
    const r = await runMain(argv, { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: ${flag} was given more than once`);
    expect(r.stdout + r.stderr).not.toMatch(STACK_FRAME);
    expect(server.requests).toHaveLength(0);
  });

  it("with -o json the refusal is also one JSON line", async () => {
    const r = await runMain(["-o", "json", "declarations", "list", "--page", "1", "--page", "2"], {
      env: env(),
    });
    expect(r.code).toBe(2);
    const lines = r.stderr
      .trim()
      .split("\n")
      .filter((line) => line.startsWith("{"));
    expect(lines.map((line) => JSON.parse(line).error.kind)).toEqual(["usage"]);
  });

  it("a repeatable option (--status) still collects", async () => {
    const r = await runMain(
      ["declarations", "list", "--status", "pending", "--status", "confirmed"],
      { env: env() },
    );
    expect(r.code).toBe(0);
    expect(server.requests[0]!.url).toContain("status=Pending&status=Confirmed");
  });
});

describe("the repeated-option rule, on options of any parser", () => {
  function program() {
    const cmd = new Command("t").exitOverride();
    cmd
      .command("run")
      .option("--fields <LIST>", "a list in one value", (v: string) => v.split(","))
      .option("--tag <T>", "repeatable", (v: string, prev: string[] = []) => [...prev, v])
      .option("--name <N>")
      .action(() => {});
    refuseRepeatedOptions(cmd);
    return cmd;
  }
  const parse = (args: string[]) => program().parse(["run", ...args], { from: "user" });

  it("a parser that returns a list of its own is still one value: refused when repeated", () => {
    expect(() => parse(["--fields", "a,b", "--fields", "c"])).toThrow(
      "--fields was given more than once",
    );
  });
  it("a collector may repeat, even with the same value twice", () => {
    expect(() => parse(["--tag", "x", "--tag", "x", "--tag", "y"])).not.toThrow();
  });
  it("a plain option, and the --name=value spelling, count alike", () => {
    expect(() => parse(["--name", "a", "--name=a"])).toThrow("--name was given more than once");
    expect(() => parse(["--name", "a", "--fields", "a"])).not.toThrow();
  });
});
