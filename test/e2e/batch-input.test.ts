import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CREDENTIALS, type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { feedStdin } from "../helpers/child-stdin.js";
import { BIN, runCli, tempHome } from "../helpers/cli.js";
import { findDeclaration } from "../helpers/sandbox.js";

/**
 * `declarations confirm --from` as a hostile user feeds it (issue 25 items 1, 3 and 7): the built
 * CLI against the sandbox; every case here is refused or dry, so the sandbox is never changed.
 */
const ANSWERS = [
  "--self",
  "--address-type",
  "exchange",
  "--exchange-id",
  "3",
  "--description",
  "My own XRP from my Kraken account",
];
const XRP = "734001023";
const BTC = "734001026";

let sandbox: RunningSandbox;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  sandbox = await startSandbox({ statePath: null });
  env = {
    ...tempHome(),
    TRADECTL_BASE_URL: sandbox.url,
    TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
    TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
  };
});
afterAll(async () => {
  await sandbox.close();
});

const confirm = (args: readonly string[], input?: string) =>
  runCli(["declarations", "confirm", ...args], { env, input, timeoutMs: 30_000 });
const file = (name: string, text: string) => {
  const path = join(mkdtempSync(join(tmpdir(), "tradectl-input-")), name);
  writeFileSync(path, text);
  return path;
};

describe("--from CSV with a column twice", () => {
  it("the same name twice is refused like a name twice in another case: exit 2, nothing sent", async () => {
    const same = file("same.csv", `cryptoDepositDeclarationId,exchangeId,exchangeId\n${XRP},3,8\n`);
    const r = await confirm(["--from", same, ...ANSWERS, "--yes"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("field exchangeId is given twice in the header (columns 2 and 3)");
    expect(r.stderr).toContain("nothing was sent");
    const cased = file(
      "cased.csv",
      `cryptoDepositDeclarationId,exchangeId,ExchangeId\n${XRP},3,8\n`,
    );
    const c = await confirm(["--from", cased, ...ANSWERS, "--yes"]);
    expect(c.code).toBe(2);
    expect(c.stderr).toContain("field exchangeId is given twice");
    expect((await findDeclaration(sandbox.url, XRP))?.status).toBe("Pending");
  });
});

describe("a CSV tradectl wrote reads back exactly", () => {
  it("--dry-run -o csv through --from: the spreadsheet guard's ' is not part of the data", async () => {
    const answers = [
      "--first-name",
      "=Ali",
      "--last-name=-Veli",
      "--description",
      "+500 USDT from my own Kraken account",
      "--address-type",
      "exchange",
      "--exchange-id",
      "3",
      "--dry-run",
    ];
    const csv = await confirm([XRP, BTC, ...answers, "-o", "csv"]);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toContain("'=Ali,'-Veli,'+500 USDT");
    const ndjson = await confirm([XRP, BTC, ...answers, "-o", "ndjson"]);
    const back = await confirm(["--from", "-", "--dry-run", "-o", "ndjson"], csv.stdout);
    expect(back.code, back.stderr).toBe(0);
    expect(back.stdout).toBe(ndjson.stdout);
    expect(back.stdout).toContain('"firstName":"=Ali","lastName":"-Veli"');
  });

  it("text that begins with ' before a formula character keeps it (one more ' is written)", async () => {
    const answers = [
      "--first-name",
      "'=Ali",
      "--last-name",
      "Kaya",
      "--description",
      "My own XRP from my Kraken account",
      "--address-type",
      "exchange",
      "--exchange-id",
      "3",
      "--dry-run",
    ];
    const csv = await confirm([XRP, ...answers, "-o", "csv"]);
    expect(csv.stdout).toContain("''=Ali,Kaya");
    const back = await confirm(["--from", "-", "--dry-run", "-o", "ndjson"], csv.stdout);
    expect(back.stdout).toContain(`"firstName":"'=Ali"`);
  });
});

describe("a long list of problems", () => {
  it("5,000 unknown ids: the first 50 named, then 'and 4950 more', in the JSON error line too", async () => {
    const rows = Array.from(
      { length: 5_000 },
      (_, i) => `{"cryptoDepositDeclarationId":${900_000_000 + i}}`,
    ).join("\n");
    const r = await confirm(["--from", "-", ...ANSWERS, "--yes", "-o", "json"], rows);
    expect(r.code).toBe(3);
    const lines = r.stderr.trim().split("\n");
    const errors = lines.filter((l) => l.startsWith("error: "));
    expect(errors).toHaveLength(51);
    expect(errors[49]).toContain("900000049");
    expect(errors[50]).toBe("error: and 4950 more");
    expect(r.stderr).toContain("fix all 5000");
    const json = JSON.parse(lines.at(-1)!);
    expect(json.error.message.split("; ")).toHaveLength(51);
    expect(json.error.message).toMatch(/; and 4950 more$/);
    expect(r.stderr.length).toBeLessThan(20_000);
  });

  it("stderr arrives whole through a pipe whose reader is slow: nothing is lost at exit", async () => {
    // 50 problems of 3 KB each, listed twice (lines and the JSON line): far more than a pipe
    // holds (64 KB).
    const long = "x".repeat(3_000);
    const rows = Array.from(
      { length: 60 },
      (_, i) => `{"cryptoDepositDeclarationId":${i + 1},"${long}":1}`,
    ).join("\n");
    const child = spawn(
      process.execPath,
      [BIN, "declarations", "confirm", "--from", "-", ...ANSWERS, "--yes", "-o", "json"],
      { env: { PATH: process.env.PATH, ...env }, stdio: ["pipe", "ignore", "pipe"] },
    );
    feedStdin(child, rows);
    // The slow reader: it starts a second after the start, or once the process has exited,
    // whichever comes first. A process that left without waiting for its stderr has lost what
    // the pipe could not hold by then; one that waits is still there when the reading begins.
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 1_000))]);
    let stderr = "";
    child.stderr.setEncoding("utf8");
    for await (const chunk of child.stderr) stderr += chunk;
    const code = await exited;
    expect(code).toBe(2);
    expect(stderr.length).toBeGreaterThan(200_000);
    const last = stderr.trimEnd().split("\n").at(-1)!;
    expect(JSON.parse(last).error.message).toMatch(/; and 10 more$/);
  });
});
