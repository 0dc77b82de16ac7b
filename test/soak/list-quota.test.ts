import { afterAll, beforeAll, expect, it } from "vitest";
import type { RunningSandbox } from "../../src/sandbox/server.js";
import { runCli } from "../helpers/cli.js";
import { DEMO_CREDENTIALS, tempStatePath } from "../helpers/sandbox.js";

/**
 * The declarations list has no published rate limit (docs/SERVICE-NOTES.md): the client learns it from
 * the first 429's `limit` and `period` and paces the rest of the run. Before, every page after
 * the fifth of each second was refused and retried: six 429s over this walk.
 */
let sandbox: RunningSandbox;
const state = tempStatePath();

beforeAll(async () => {
  const { startSandbox } = await import("../../src/sandbox/server.js");
  sandbox = await startSandbox({
    statePath: state.path,
    // With the seed's own records: 31 pages of 100, the last one short.
    extraDeclarations: 3_030,
    faults: "quota=declarations:5/1s",
  });
});
afterAll(async () => {
  await sandbox.close();
  state.cleanup();
});

it("list --all over 31 pages at 5 requests/s collects exactly one 429, and every record once", async () => {
  const result = await runCli(
    ["--base-url", sandbox.url, "-o", "ndjson", "declarations", "list", "--all"],
    {
      env: {
        TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
        TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
      },
      timeoutMs: 60_000,
    },
  );
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  const ids = result.stdout
    .trimEnd()
    .split("\n")
    .map((line) => /"cryptoDepositDeclarationId":(\d+)/.exec(line)![1]);
  expect(new Set(ids).size).toBe(ids.length);
  const lists = sandbox.requests.filter((r) => r.path === "/api/v1/crypto-deposit-declarations");
  const pages = lists.filter((r) => r.status === 200);
  expect(pages).toHaveLength(31);
  expect(ids.length).toBeGreaterThan(3_000);
  expect(ids.length).toBeLessThan(3_100);
  expect(lists.filter((r) => r.status === 429)).toHaveLength(1);
}, 70_000);
