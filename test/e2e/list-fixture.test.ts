import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_ENV,
  EXPECTED,
  pagingHandler,
  queries,
  serveFixture,
} from "../fixtures/declarations-list.js";
import { BIN, runCli, tempHome } from "../helpers/cli.js";
import { startTestServer, type TestServer } from "../helpers/http-server.js";

// The built binary against small servers that answer fixed bytes: what a user's shell gets.
let fixture: TestServer;
let paging: TestServer;

beforeAll(async () => {
  fixture = await startTestServer((_req, res) => serveFixture(res));
  paging = await startTestServer(pagingHandler(5000));
});

afterAll(async () => {
  await fixture.close();
  await paging.close();
});

const list = (server: TestServer, args: string[], env: NodeJS.ProcessEnv = {}) =>
  runCli(["--base-url", server.url, ...args, "declarations", "list"], {
    env: { ...DEMO_ENV, ...env },
  });

describe("tradectl declarations list (built binary, fixture server)", () => {
  it.each(["tsv", "csv", "json", "ndjson"] as const)(
    "-o %s prints the fixture byte for byte",
    async (format) => {
      const result = await list(fixture, ["-o", format]);
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(EXPECTED[format]);
    },
  );

  it("prints tsv into a pipe by default, with the query of the seed on the wire", async () => {
    const before = fixture.requests.length;
    const result = await list(fixture, []);
    expect(result.stdout).toBe(EXPECTED.tsv);
    expect(queries(fixture.requests.slice(before))).toEqual([
      "status=Pending&status=Confirmed&page=1&pageSize=20",
    ]);
  });

  it("-o table in a pipe: no colour, no footer, fitted to COLUMNS", async () => {
    const result = await list(fixture, ["-o", "table"], { TZ: "UTC", COLUMNS: "80" });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe(
      [
        "ID                   STATUS     AMOUNT                            ADDRESS",
        "9223372036854775807  Pending    0.8000000000000000 BTC            bc1qar0…wf5mdq",
        "4711                 Confirmed  123456789.123456789012345678 XRP  rEb8TK3…8DuaLh",
        "12                   Pending    0.00010000 BTC                    bc1q9h0…z2nzn2",
        "",
      ].join("\n"),
    );
  });

  it("refuses bad flags with exit 2 and sends nothing", async () => {
    const before = fixture.requests.length;
    const result = await runCli(
      ["--base-url", fixture.url, "declarations", "list", "--page", "0", "--status", "Unknown"],
      { env: DEMO_ENV },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("error: page must be greater than 0\n");
    expect(result.stderr).toContain("error: status must not contain Unknown\n");
    expect(fixture.requests.length).toBe(before);
  });

  it("`--all -o ndjson | head -1` prints one line and ends with exit 0 and no error text", async () => {
    const home = tempHome();
    const errFile = join(home.HOME, "stderr.txt");
    const before = paging.requests.length;
    const script = `"${process.execPath}" "${BIN}" --base-url "${paging.url}" declarations list --all -o ndjson 2>"${errFile}" | head -1; echo "tradectl exit \${PIPESTATUS[0]}" >&2`;
    const result = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn("bash", ["-c", script], {
        env: { PATH: process.env.PATH, ...home, ...DEMO_ENV },
      });
      let stdout = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").on("data", (d) => {
        stdout += d;
      });
      child.stderr.setEncoding("utf8").on("data", (d) => {
        stderr += d;
      });
      child.on("error", reject);
      child.on("close", () => resolve({ stdout, stderr }));
    });
    expect(result.stderr).toBe("tradectl exit 0\n");
    expect(readFileSync(errFile, "utf8")).toBe("");
    const lines = result.stdout.split("\n");
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!).cryptoDepositDeclarationId).toBe(1_000_000);
    // It stopped early: 5000 records are 51 pages, and the pipe closed after the first line.
    expect(paging.requests.length - before).toBeLessThan(51);
  });
});
