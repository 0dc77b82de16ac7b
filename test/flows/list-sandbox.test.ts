import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_DECLARATIONS } from "../../src/sandbox/data.js";
import { DEMO_CREDENTIALS, type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { runInProcess } from "../helpers/run.js";

// The seed's messages (7.1), typed out: the CLI must print the seed's words.
const SEED = {
  page: "page must be greater than 0",
  pageSize: "pageSize must be between 1 and 100",
  unknown: "status must not contain Unknown",
};
const EXTRA = 3000;
const TOTAL = SEED_DECLARATIONS.length + EXTRA;

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ statePath: null, extraDeclarations: EXTRA });
});

afterAll(async () => {
  await sandbox.close();
});

const list = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  runInProcess(["--base-url", sandbox.url, "declarations", "list", ...args], {
    env: {
      TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
      TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
      ...env,
    },
  });

/** Runs `fn` and returns the list requests the sandbox received meanwhile. */
async function counted<T>(fn: () => Promise<T>) {
  const before = sandbox.requests.length;
  const result = await fn();
  const requests = sandbox.requests
    .slice(before)
    .filter((r) => r.path.startsWith("/api/v1/crypto-deposit-declarations"));
  return { result, requests };
}

const rows = (tsv: string) =>
  tsv
    .trimEnd()
    .split("\n")
    .map((line) => line.split("\t"));

describe("tradectl declarations list against the sandbox", () => {
  it.each([
    [["--page", "0"], [SEED.page]],
    [["--page-size", "0"], [SEED.pageSize]],
    [["--page-size", "101"], [SEED.pageSize]],
    [["--status", "UNKNOWN"], [SEED.unknown]],
    [["--status", "open"], ["status 'open' is not valid; allowed: Pending, Confirmed"]],
    [["--limit", "-1"], ["--limit must be a whole number of at least 1, got '-1'"]],
    [
      ["--page", "-1", "--page-size", "1000", "--status", "Unknown"],
      [SEED.page, SEED.pageSize, SEED.unknown],
    ],
  ])("refuses %j before sending anything (exit 2)", async (flags, messages) => {
    const { result, requests } = await counted(() => list(flags));
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(
      result.stderr
        .split("\n")
        .filter((l) => l.startsWith("error: "))
        .map((l) => l.slice(7)),
    ).toEqual(messages);
    expect(requests).toHaveLength(0);
  });

  it("--all walks thousands of records: every id exactly once, pages of 100", async () => {
    const { result, requests } = await counted(() => list(["--all", "-o", "ndjson"]));
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(TOTAL);
    const ids = lines.map((line) => /^\{"cryptoDepositDeclarationId":(\d+),/.exec(line)![1]!);
    expect(new Set(ids).size).toBe(TOTAL);
    for (const d of SEED_DECLARATIONS) expect(ids).toContain(d.id);
    // Every line parses (JSON.parse rounds the huge ids; the regex above kept their digits).
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(requests).toHaveLength(Math.floor(TOTAL / 100) + 1);
    expect(requests.map((r) => new URL(r.url, sandbox.url).searchParams.get("pageSize"))).toEqual(
      requests.map(() => "100"),
    );
  });

  it("filters by status, and the two statuses together are the whole history", async () => {
    const pending = rows((await list(["--all", "--status", "pending", "-o", "tsv"])).stdout);
    const confirmed = rows((await list(["--all", "--status", "CONFIRMED", "-o", "tsv"])).stdout);
    expect(pending.length).toBeGreaterThan(0);
    expect(confirmed.length).toBeGreaterThan(0);
    expect(pending.every((r) => r[2] === "Pending")).toBe(true);
    expect(confirmed.every((r) => r[2] === "Confirmed")).toBe(true);
    expect(pending.length + confirmed.length).toBe(TOTAL);
  });

  it("--page and --page-size select the same records as the whole walk", async () => {
    const first = rows((await list(["--page-size", "21", "-o", "tsv"])).stdout);
    const third = rows((await list(["--page", "3", "--page-size", "7", "-o", "tsv"])).stdout);
    expect(first).toHaveLength(21);
    expect(third).toEqual(first.slice(14, 21));
  });

  it.each([
    [["--all", "--limit", "150"], 150, 2],
    [["--all", "--limit", "100"], 100, 1],
    [["--all", "--limit", "1"], 1, 1],
    [["--limit", "5"], 5, 1],
  ])("%j prints %i records and sends %i requests", async (flags, records, sent) => {
    const { result, requests } = await counted(() => list([...flags, "-o", "ndjson"]));
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split("\n")).toHaveLength(records);
    expect(requests).toHaveLength(sent);
  });

  it("keeps the exact digits of int64 ids and long amounts, and neutralises server text", async () => {
    const { stdout } = await list(["--page-size", "100", "-o", "tsv"]);
    const byId = new Map(rows(stdout).map((r) => [r[0], r]));
    expect(byId.get("9223372036854775807")?.[7]).toBe("12.345678901234567890");
    expect(byId.get("9007199254740993")?.[7]).toBe("3.1415926535897932384");
    expect(byId.get("734001026")?.[7]).toBe("0.8000000000000000");
    const mallory = [...byId.values()].find((r) => r[5] === "Mallory");
    expect(mallory?.[6]).toBe("Kaya\\x1b]0;pwned\\x07\\x1b[31m");
    expect(stdout).not.toContain("\x1b");
  });

  it("the 80-column table for people", async () => {
    const { stdout, stderr, code } = await list(["-o", "table", "--page-size", "5"], {
      TZ: "UTC",
      COLUMNS: "80",
    });
    expect(code).toBe(0);
    expect(stderr).toBe("");
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^ID +CREATED +STATUS +AMOUNT +ADDRESS$/);
    expect(lines).toHaveLength(6);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
    expect(lines[1]).toMatch(
      /^734001026 +2025-06-14 09:21 +Pending +0\.8000000000000000 BTC +bc1q/,
    );
  });

  it("says when nothing matches, on stderr, exit 0", async () => {
    const result = await list(["-o", "table", "--page", "999"]);
    expect(result).toMatchObject({
      code: 0,
      stdout: "",
      stderr: "No declarations found (page 999 at 20 per page)\n",
    });
  });
});
