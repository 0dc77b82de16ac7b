import { expect, it } from "vitest";
import { jsonPaths } from "../../src/wire/json.js";
import { runMain } from "../helpers/run.js";
import { DEMO_CREDENTIALS, withSandbox } from "../helpers/sandbox.js";

/**
 * The JSON fast paths (wire/json.ts) are there for speed: the slow paths give the same values,
 * so every other test passes with them bypassed. This one does not: a walk of the list and its
 * ndjson output must go through the fast paths only,
 * and a compact body's records are printed as their own text.
 */
it("a list walk parses and writes every body and record through the fast paths", async () => {
  await withSandbox(
    async (sandbox) => {
      const before = { ...jsonPaths };
      const { code, stdout } = await runMain(
        ["--base-url", sandbox.url, "-o", "ndjson", "declarations", "list", "--all"],
        {
          env: {
            TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
            TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
          },
        },
      );
      expect(code).toBe(0);
      const records = stdout.trimEnd().split("\n").length;
      expect(records).toBeGreaterThan(300);
      expect(jsonPaths.parseFast - before.parseFast).toBeGreaterThanOrEqual(4);
      expect(jsonPaths.parseSlow - before.parseSlow).toBe(0);
      // Each page is parsed with the pass the client made over it before (its depth, its count).
      expect(jsonPaths.scanGiven - before.scanGiven).toBe(jsonPaths.parseFast - before.parseFast);
      // The sandbox sends compact JSON: a record is printed as its own text from the body, but
      // one with an escape in it (the seed's hostile names) is written again from its value.
      const own = jsonPaths.stringifyOwn - before.stringifyOwn;
      const plain = stdout.split("\n").filter((line) => line !== "" && !line.includes("\\"));
      expect(own).toBeGreaterThanOrEqual(plain.length);
      expect(own + jsonPaths.stringifyFast - before.stringifyFast).toBeGreaterThanOrEqual(records);
      expect(jsonPaths.stringifySlow - before.stringifySlow).toBe(0);
    },
    { extraDeclarations: 300 },
  );
});
