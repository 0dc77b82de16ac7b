import { describe, expect, it } from "vitest";
import { runCli, tempHome } from "../helpers/cli.js";
import {
  checked,
  confirmArgs,
  confirmations,
  serve,
  summary,
  tempState,
} from "../helpers/fault-suite.js";
import { demoEnv } from "../helpers/sandbox.js";
import {
  createState,
  idsInState,
  type LoggedRequest,
  settledLog,
} from "../reliability/sandbox-log.js";

/**
 * A race between processes: 20 built CLIs confirm at once against `tradectl sandbox serve`
 * spawned as a process, sharing one state directory (the stamps each key used). The other fault
 * scenarios need no process of their own and run in process: test/flows/faults.test.ts.
 */

describe("parallel confirms", () => {
  it("20 CLI processes confirm 20 different declarations at once: all succeed, the state holds all 20", async () => {
    const state = tempState();
    await createState(state, 100);
    const pending = (await idsInState(state, ["Pending"])).slice(0, 20);
    expect(pending).toHaveLength(20);
    const server = await serve(state);
    // One user's processes on one machine share the state directory, where the stamps each
    // key used are kept, so no two of them sign with the same millisecond.
    const machineState = tempHome().XDG_STATE_HOME;
    const results = await Promise.all(
      pending.map((id) =>
        runCli(["-o", "json", ...confirmArgs(id)], {
          env: { ...demoEnv(server.url), XDG_STATE_HOME: machineState },
          timeoutMs: 60_000,
        }),
      ),
    );
    let secretsLeaked = 0;
    results.forEach((result, i) => {
      secretsLeaked += checked(result).secretsLeaked;
      expect(result.code, `confirm ${pending[i]}: ${result.stderr}`).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ success: true, code: 0 });
      expect(result.stdout).toMatch(new RegExp(`"cryptoDepositDeclarationId": ?${pending[i]},`));
    });
    expect(Object.keys(confirmations(state)).sort()).toEqual([...pending].sort());
    const log: LoggedRequest[] = await settledLog(server);
    const posts = log.filter((r) => r.method === "POST");
    // Every declaration confirmed by exactly one accepted POST; a refused stamp (two processes
    // in one millisecond) is the only thing allowed to make a process send twice.
    expect(posts.filter((r) => r.status === 200)).toHaveLength(20);
    expect(posts.filter((r) => r.status !== 200).every((r) => r.status === 401)).toBe(true);
    summary("20 parallel confirms", {
      processes: 20,
      "requests made": log.length,
      "confirmed in the state file": Object.keys(confirmations(state)).length,
      "stamps refused and re-sent": posts.length - 20,
      "secrets leaked": secretsLeaked,
    });
  });
});
