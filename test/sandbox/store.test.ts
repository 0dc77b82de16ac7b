import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { TradectlError } from "../../src/errors.js";
import { inEnglish } from "../../src/i18n/index.js";
import { type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { resetStateFile } from "../../src/sandbox/store.js";
import { isLosslessNumber } from "../../src/wire/json.js";
import {
  confirm,
  GOOD_DESCRIPTION,
  type RawResponse,
  send,
  spawnServe,
  tempStatePath,
} from "../helpers/sandbox.js";

type Body = { [key: string]: unknown };

const PENDING_SEEDS = [
  "734001026",
  "734001025",
  "734001024",
  "734001023",
  "734001022",
  "734001021",
  "9223372036854775807",
  "734001019",
  "734001011",
  "734001008",
  "734001035",
  "734001034",
  "734001033",
  "734001032",
  "734001031",
  "734001005",
  "734001030",
  "734001029",
  "734001028",
  "734001027",
  "734001002",
];

const confirmBody = (id: string) =>
  `{"cryptoDepositDeclarationId":${id},"isSelfSender":true,"description":"${GOOD_DESCRIPTION}","AddressType":"IndividualWallet"}`;

const idOf = (r: Body) =>
  isLosslessNumber(r.cryptoDepositDeclarationId) ? r.cryptoDepositDeclarationId.value : "";

async function statusOf(url: string, id: string): Promise<string | undefined> {
  const res = await send(url, "/api/v1/crypto-deposit-declarations?pageSize=100");
  return (res.json as Body[]).find((r) => idOf(r) === id)?.status as string | undefined;
}

let temp: ReturnType<typeof tempStatePath>;
const open: RunningSandbox[] = [];
const start = async (options: Parameters<typeof startSandbox>[0] = {}) => {
  const sandbox = await startSandbox({ statePath: temp.path, ...options });
  open.push(sandbox);
  return sandbox;
};
beforeEach(() => {
  temp = tempStatePath();
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  temp.cleanup();
});

/** The English of the hint start-up was refused with (none: ""). */
async function hintOfRefusal(): Promise<string> {
  const refusal = await start().then(
    () => null,
    (error: unknown) => error,
  );
  expect(refusal).toBeInstanceOf(TradectlError);
  const { hint } = refusal as TradectlError;
  return hint ? inEnglish(hint) : "";
}
const count = (results: RawResponse[], status: number) =>
  results.filter((r) => r.status === status).length;

describe("the state file", () => {
  test("is created from the seed when absent, private to the user, and holds only changes", async () => {
    expect(existsSync(temp.path)).toBe(false);
    await start();
    expect(statSync(temp.path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(temp.path, "utf8"))).toEqual({
      format: "tradectl-sandbox-state",
      version: 1,
      extraDeclarations: 0,
      confirmations: {},
    });
  });

  test("a confirmation survives a restart, exactly as it was", async () => {
    const first = await start();
    expect((await confirm(first.url, confirmBody("9223372036854775807"))).status).toBe(200);
    const before = await send(first.url, "/api/v1/crypto-deposit-declarations?pageSize=100");
    await first.close();
    const state = JSON.parse(readFileSync(temp.path, "utf8"));
    expect(Object.keys(state.confirmations)).toEqual(["9223372036854775807"]);
    const second = await start();
    const after = await send(second.url, "/api/v1/crypto-deposit-declarations?pageSize=100");
    expect(after.text).toBe(before.text);
    expect(await statusOf(second.url, "9223372036854775807")).toBe("Confirmed");
    expect((await confirm(second.url, confirmBody("9223372036854775807"))).status).toBe(422);
  });

  test("reset restores the seed data, also under a running sandbox in another 'process'", async () => {
    const sandbox = await start();
    const seed = (await send(sandbox.url, "/api/v1/crypto-deposit-declarations?pageSize=100")).text;
    await confirm(sandbox.url, confirmBody("734001026"));
    expect(await statusOf(sandbox.url, "734001026")).toBe("Confirmed");
    await sandbox.reset();
    expect((await send(sandbox.url, "/api/v1/crypto-deposit-declarations?pageSize=100")).text).toBe(
      seed,
    );
    await confirm(sandbox.url, confirmBody("734001025"));
    // What `tradectl sandbox reset` does: rewrite the file; the running server re-reads it.
    await resetStateFile(temp.path);
    expect(await statusOf(sandbox.url, "734001025")).toBe("Pending");
  });

  test("a damaged state file stops start-up with a hint; reset repairs it", async () => {
    const damaged = '{"format":"tradectl-sandbox-state","version":1,"confirm';
    writeFileSync(temp.path, damaged);
    await expect(start()).rejects.toThrow(/is damaged \(not valid JSON\)/);
    expect(await hintOfRefusal()).toBe(
      `run \`tradectl sandbox reset --state '${temp.path}'\` to restore the seed data`,
    );
    await resetStateFile(temp.path);
    const sandbox = await start();
    expect(await statusOf(sandbox.url, "734001026")).toBe("Pending");
  });

  test("a file that is not sandbox state is neither used nor overwritten, and no hint says reset", async () => {
    const foreign = '{"hello":"world"}\n';
    writeFileSync(temp.path, foreign, { mode: 0o644 });
    const refused = start();
    await expect(refused).rejects.toThrow(
      `${temp.path} is not a tradectl sandbox state file; refusing to use or overwrite it`,
    );
    expect(await hintOfRefusal()).not.toMatch(/reset/);
    await expect(resetStateFile(temp.path)).rejects.toThrow(/not a tradectl sandbox state file/);
    expect(readFileSync(temp.path, "utf8")).toBe(foreign);
    expect(statSync(temp.path).mode & 0o777).toBe(0o644);
    expect(existsSync(`${temp.path}.lock`)).toBe(false);
  });

  test("an empty file (as mktemp makes) is taken as no state yet", async () => {
    writeFileSync(temp.path, "");
    const sandbox = await start();
    expect(await statusOf(sandbox.url, "734001026")).toBe("Pending");
    expect(JSON.parse(readFileSync(temp.path, "utf8")).format).toBe("tradectl-sandbox-state");
  });

  test("statePath null keeps everything in memory", async () => {
    const a = await start({ statePath: null });
    await confirm(a.url, confirmBody("734001026"));
    expect(existsSync(temp.path)).toBe(false);
    const b = await start({ statePath: null });
    expect(await statusOf(b.url, "734001026")).toBe("Pending");
  });
});

describe("races", () => {
  test("many parallel confirms of one declaration: exactly one 200, the rest 422", async () => {
    const sandbox = await start();
    const results = await Promise.all(
      Array.from({ length: 40 }, () => confirm(sandbox.url, confirmBody("734001024"))),
    );
    expect(count(results, 200)).toBe(1);
    expect(count(results, 422)).toBe(39);
  });

  test("parallel confirms of different declarations: none lost", async () => {
    const sandbox = await start();
    const results = await Promise.all(
      PENDING_SEEDS.map((id) => confirm(sandbox.url, confirmBody(id))),
    );
    expect(count(results, 200)).toBe(PENDING_SEEDS.length);
    const state = JSON.parse(readFileSync(temp.path, "utf8"));
    expect(Object.keys(state.confirmations).sort()).toEqual([...PENDING_SEEDS].sort());
  });

  test("two sandbox processes on one state file: one winner, no lost update", async () => {
    // Needs the built binary (test/setup/built.ts).
    const local = await start();
    const other = await spawnServe(["--state", temp.path]);
    try {
      const both = [local.url, other.url];
      const race = await Promise.all(
        Array.from({ length: 30 }, (_, i) => confirm(both[i % 2]!, confirmBody("734001023"))),
      );
      expect(count(race, 200)).toBe(1);
      expect(count(race, 422)).toBe(29);

      const rest = PENDING_SEEDS.filter((id) => id !== "734001023");
      const spread = await Promise.all(rest.map((id, i) => confirm(both[i % 2]!, confirmBody(id))));
      expect(count(spread, 200)).toBe(rest.length);
      const state = JSON.parse(readFileSync(temp.path, "utf8"));
      expect(Object.keys(state.confirmations).sort()).toEqual([...PENDING_SEEDS].sort());
      // Each server sees the other's changes.
      for (const url of both) {
        const pending = await send(url, "/api/v1/crypto-deposit-declarations?status=Pending");
        expect(pending.text).toBe("[]");
      }
    } finally {
      expect(await other.stop()).toBe(0);
    }
  });
});

describe("the lock file", () => {
  test("a lock left by a dead process is broken and the confirm goes through", async () => {
    const sandbox = await start();
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid;
    writeFileSync(`${temp.path}.lock`, `${dead} 0123456789ab`);
    expect((await confirm(sandbox.url, confirmBody("734001026"))).status).toBe(200);
    expect(existsSync(`${temp.path}.lock`)).toBe(false);
  });

  test("an old lock with no owner recorded is broken", async () => {
    const sandbox = await start();
    writeFileSync(`${temp.path}.lock`, "");
    const past = new Date(Date.now() - 60_000);
    utimesSync(`${temp.path}.lock`, past, past);
    expect((await confirm(sandbox.url, confirmBody("734001026"))).status).toBe(200);
  });

  test("a live lock is waited for, never ignored", async () => {
    const sandbox = await start();
    writeFileSync(`${temp.path}.lock`, `${process.pid} held-by-test`);
    const pending = confirm(sandbox.url, confirmBody("734001026"));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(JSON.parse(readFileSync(temp.path, "utf8")).confirmations).toEqual({});
    unlinkSync(`${temp.path}.lock`);
    expect((await pending).status).toBe(200);
  });
});

describe("generated declarations", () => {
  test("100,000 extra: deterministic, paged newest first, seeds on top, confirmable", async () => {
    const a = await start({ statePath: null, extraDeclarations: 100_000 });
    const b = await start({ statePath: null, extraDeclarations: 100_000 });
    const page = "/api/v1/crypto-deposit-declarations?page=500&pageSize=100";
    const fromA = await send(a.url, page);
    expect(fromA.text).toBe((await send(b.url, page)).text);
    const records = fromA.json as Body[];
    expect(records).toHaveLength(100);
    const times = records.map((r) => r.createdAt as string);
    expect([...times].sort().reverse()).toEqual(times);
    const last = await send(a.url, "/api/v1/crypto-deposit-declarations?page=1001&pageSize=100");
    expect((last.json as Body[]).length).toBe(35);
    const past = await send(a.url, "/api/v1/crypto-deposit-declarations?page=1002&pageSize=100");
    expect(past.text).toBe("[]");
    const firstPage = (await send(a.url, "/api/v1/crypto-deposit-declarations?pageSize=100"))
      .json as Body[];
    expect(firstPage.slice(0, 35).map(idOf)).toContain("734001026");
    expect(idOf(firstPage[35]!)).toBe("500000000");

    const pending = (
      await send(a.url, "/api/v1/crypto-deposit-declarations?status=Pending&page=50&pageSize=100")
    ).json as Body[];
    expect(pending).toHaveLength(100);
    const target = idOf(pending[0]!);
    expect((await confirm(a.url, confirmBody(target))).status).toBe(200);
    expect((await confirm(a.url, confirmBody(target))).status).toBe(422);
    // A generated id one past the end is not there.
    expect((await confirm(a.url, confirmBody(String(500_000_000 - 100_000)))).status).toBe(404);
  });

  test("the count is kept in the state file and wins over a later option", async () => {
    const first = await start({ extraDeclarations: 50 });
    await first.close();
    expect(JSON.parse(readFileSync(temp.path, "utf8")).extraDeclarations).toBe(50);
    const second = await start({ extraDeclarations: 0 });
    const all = await send(second.url, "/api/v1/crypto-deposit-declarations?page=1&pageSize=100");
    expect((all.json as Body[]).length).toBe(85);
  });
});
