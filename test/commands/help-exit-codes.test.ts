import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { runMain } from "../helpers/run.js";

/**
 * `help exit-codes` shows scripts how to read the error's kind. The example must work as
 * printed: stderr holds the human lines (error:, hint:) as well as the JSON line.
 */
describe("help exit-codes: the jq example is true", () => {
  it("its filter, run on a real failure's stderr, prints the kind", async () => {
    const help = await runMain(["help", "exit-codes"]);
    const example = help.stdout.split("\n").find((line) => line.includes("jq "));
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
    expect(row("unknown")).toMatch(
      /^\s+unknown\s+1\s+sent, the answer lost, not settled: it may yet be applied/,
    );
    expect(row("not_sent")).toMatch(
      /^\s+not_sent\s+130 or cause\s+no byte of the request was written/,
    );
    expect(help.stdout).toContain('unknown never means "not applied"');
  });
});
