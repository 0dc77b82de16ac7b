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
