import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { DEMO_CREDENTIALS, type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { tempHome } from "../helpers/cli.js";
import { OWN_TRANSFER } from "../helpers/http-server.js";
import { expectReceiptsWhole } from "../helpers/receipts.js";
import { runMain } from "../helpers/run.js";

// A batch writes each outcome with the next request (docs/RECEIPTS.md): when the run returns,
// in the same process (no exit yet to write what waits), every request has its outcome on
// record, in order, and every claim is released.

let sandbox: RunningSandbox;
let home: ReturnType<typeof tempHome>;
beforeEach(async () => {
  home = tempHome();
  sandbox = await startSandbox({ statePath: null });
});
afterEach(async () => {
  await sandbox.close();
  await expectReceiptsWhole(home);
});

it("a batch that returns has every outcome on record after its request, and no claim left", async () => {
  const ids = ["734001026", "734001025"];
  const env = {
    TRADECTL_BASE_URL: sandbox.url,
    TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
    TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
  };
  const r = await runMain(["declarations", "confirm", ...ids, ...OWN_TRANSFER, "--yes"], {
    home,
    env,
  });
  expect(r.code, r.stderr).toBe(0);
  const path = join(home.XDG_STATE_HOME, "tradectl", "receipts.ndjson");
  const lines = readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { type: string; declarationId: string; outcome?: string });
  expect(lines.map((e) => `${e.type} ${e.declarationId} ${e.outcome ?? ""}`.trim())).toEqual([
    `request ${ids[0]}`,
    `outcome ${ids[0]} confirmed`,
    `request ${ids[1]}`,
    `outcome ${ids[1]} confirmed`,
  ]);
  expect(readdirOrEmpty(`${path}.claims`).filter((n) => n.endsWith(".claim"))).toEqual([]);
});

function readdirOrEmpty(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
