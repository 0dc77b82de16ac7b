import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { runMain } from "../../helpers/run.js";

/**
 * `help exit-codes` shows scripts how to read the error's kind. The example must work as
 * printed: stderr holds the human lines (error:, hint:) as well as the JSON line.
 */
describe("help exit-codes: the jq example is true", () => {
  it("its filter, run on a real failure's stderr, prints the kind", async () => {
    const help = await runMain(["help", "exit-codes"]);
    // A long example is broken where the shell allows (` \` at a line's end): joined back first.
    const lines = help.stdout.replace(/ \\\n\s+/g, " ").split("\n");
    const example = lines.find((line) => line.includes("jq "));
    expect(example).toBeDefined();
    const filter = /jq -Rr '([^']+)'/.exec(example!)?.[1];
    expect(filter, example).toBe("fromjson? | .error.kind");
    // The example's command against the sandbox, with an order id that does not exist there.
    const failed = await runMain(["--sandbox", "order", "get", "1", "-o", "json"]);
    expect(failed.code).toBe(3);
    expect(failed.stderr).toContain("error: ");

    const jq = spawnSync("jq", ["-Rr", filter!], { input: failed.stderr, encoding: "utf8" });
    if (jq.error === undefined) {
      expect(jq.status).toBe(0);
      expect(jq.stdout).toBe("not_found\n");
      // The old example (jq on the whole file) fails on the human lines.
      const old = spawnSync("jq", ["-r", ".error.kind"], {
        input: failed.stderr,
        encoding: "utf8",
      });
      expect(old.status).not.toBe(0);
    } else {
      // No jq here: what `fromjson?` does, line by line.
      const kinds = failed.stderr.split("\n").flatMap((line) => {
        try {
          return [JSON.parse(line).error.kind];
        } catch {
          return [];
        }
      });
      expect(kinds).toEqual(["not_found"]);
    }
  });
});

describe("help exit-codes: the outcomes of a confirmation", () => {
  it("lists every outcome of the contract's table with its exit code", async () => {
    const help = await runMain(["help", "exit-codes"]);
    const row = (outcome: string) =>
      help.stdout.split("\n").find((line) => line.trimStart().startsWith(`${outcome} `));
    expect(row("confirmed")).toMatch(/^\s+confirmed\s+0\s+200 success:true/);
    expect(row("already_confirmed")).toMatch(/^\s+already_confirmed\s+5, batch 0\s+422/);
    expect(row("rejected")).toMatch(/^\s+rejected\s+2\s+/);
    expect(row("not_found")).toMatch(/^\s+not_found\s+3\s+404/);
    // The table fits 80 columns: its last cell wraps onto the next line.
    expect(row("unknown")).toMatch(/^\s+unknown\s+1\s+sent, the answer lost, not settled: it may/);
    expect(help.stdout).toMatch(/it may\s+yet be applied/);
    expect(row("not_sent")).toMatch(
      /^\s+not_sent\s+130 or cause\s+no byte of the request was written/,
    );
    expect(help.stdout).toContain('unknown never means "not applied"');
  });
});

describe("help exit-codes -o json: the error catalog", () => {
  it("lists every kind with its exit code (the contract's table), whether to retry and what to do", async () => {
    const json = await runMain(["help", "exit-codes", "-o", "json"]);
    expect(json.code).toBe(0);
    const entries = JSON.parse(json.stdout) as {
      kind: string;
      exitCode: number;
      retryable: boolean;
      action: string;
    }[];
    // The contract's "Exit codes" table, typed out.
    const table: Record<string, number> = {
      server: 1,
      network: 1,
      unknown: 1,
      integrity: 1,
      // Not in the first table: a full disk or a failing device (docs/EXIT-CODES.md).
      io: 1,
      usage: 2,
      validation: 2,
      not_found: 3,
      auth: 4,
      conflict: 5,
      rate_limited: 6,
      cancelled: 130,
    };
    expect(Object.fromEntries(entries.map((e) => [e.kind, e.exitCode]))).toEqual(table);
    expect(entries.find((e) => e.kind === "auth")!.action).toContain("tradectl auth doctor");
    expect(entries.find((e) => e.kind === "rate_limited")!.retryable).toBe(true);
    expect(entries.find((e) => e.kind === "usage")!.retryable).toBe(false);
    // Machine output: the same bytes in Turkish.
    const tr = await runMain(["--lang", "tr", "help", "exit-codes", "-o", "json"]);
    expect(tr.stdout).toBe(json.stdout);
  });
});
