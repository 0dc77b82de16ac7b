import { Writable } from "node:stream";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DEMO_ENV,
  EXPECTED,
  FIXTURE_RECORDS,
  generatedDeclaration,
  pageOf,
  pagingHandler,
  queries,
  serveFixture,
} from "../../fixtures/declarations-list.js";
import { startTestServer, type TestServer } from "../../helpers/http-server.js";
import { type MainOptions, type RunningMain, runMain, startMain } from "../../helpers/run.js";
import { SEED_LIST } from "../../helpers/seed-text.js";

/** Runs the CLI in-process, as `tradectl --base-url <server> …`, over in-memory streams. */
const tradectl = (server: TestServer, args: string[], options: MainOptions = {}) =>
  runMain(["--base-url", server.url, ...args], {
    ...options,
    env: { ...DEMO_ENV, ...options.env },
  });

const PATH = "/api/v1/crypto-deposit-declarations";
let server: TestServer;

beforeAll(() => {
  // Tables show local time; pin the zone so the expected text holds on every machine.
  process.env.TZ = "UTC";
});

afterEach(async () => {
  await server?.close();
});

describe("declarations list: flags are checked before anything is sent", () => {
  beforeEach(async () => {
    server = await startTestServer((_req, res) => serveFixture(res));
  });

  const cases: [string, string[], string[], "validation" | "usage"][] = [
    ["page 0", ["--page", "0"], [SEED_LIST.pageTooSmall], "validation"],
    ["page -3", ["--page=-3"], [SEED_LIST.pageTooSmall], "validation"],
    ["page size 0", ["--page-size", "0"], [SEED_LIST.pageSizeOutOfRange], "validation"],
    ["page size 101", ["--page-size", "101"], [SEED_LIST.pageSizeOutOfRange], "validation"],
    ["status Unknown", ["--status", "unknown"], [SEED_LIST.statusUnknown], "validation"],
    [
      "an unknown status",
      ["--status", "Done"],
      ["status 'Done' is not valid; allowed: Pending, Confirmed"],
      "usage",
    ],
    ["page not a number", ["--page", "two"], ["page must be a whole number, got 'two'"], "usage"],
    [
      "limit 0",
      ["--limit", "0"],
      ["--limit must be a whole number of at least 1, got '0'"],
      "usage",
    ],
    [
      "limit not whole",
      ["--limit", "1.5"],
      ["--limit must be a whole number of at least 1, got '1.5'"],
      "usage",
    ],
    [
      "--all with another page size",
      ["--all", "--page-size", "50"],
      [
        "--page-size cannot be used with --all: --all always reads pages of 100, the most the service gives",
      ],
      "usage",
    ],
    [
      "every rule at once",
      [
        "--page",
        "0",
        "--page-size",
        "500",
        "--status",
        "Unknown",
        "--status",
        "later",
        "--limit",
        "x",
      ],
      [
        SEED_LIST.pageTooSmall,
        SEED_LIST.pageSizeOutOfRange,
        SEED_LIST.statusUnknown,
        "status 'later' is not valid; allowed: Pending, Confirmed",
        "--limit must be a whole number of at least 1, got 'x'",
      ],
      "usage",
    ],
    [
      "seed rules only",
      ["--page", "0", "--page-size", "0", "--status", "Pending", "--status", "UNKNOWN"],
      [SEED_LIST.pageTooSmall, SEED_LIST.pageSizeOutOfRange, SEED_LIST.statusUnknown],
      "validation",
    ],
  ];

  it.each(cases)(
    "%s: exit 2, every message, nothing sent",
    async (_name, flags, messages, kind) => {
      const result = await tradectl(server, ["-o", "json", "declarations", "list", ...flags]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
      const lines = result.stderr.trimEnd().split("\n");
      expect(lines.filter((l) => l.startsWith("error: "))).toEqual(
        messages.map((m) => `error: ${m}`),
      );
      expect(lines.some((l) => l.startsWith("hint: "))).toBe(true);
      const jsonLine = JSON.parse(lines.at(-1)!);
      expect(jsonLine).toEqual({
        error: { kind, status: null, code: null, message: messages.join("; ") },
      });
      expect(server.requests).toHaveLength(0);
    },
  );

  it("accepts --all with --page-size 100, the size it uses anyway", async () => {
    const result = await tradectl(server, ["declarations", "list", "--all", "--page-size", "100"]);
    expect(result.code).toBe(0);
    expect(queries(server.requests)).toEqual([
      "status=Pending&status=Confirmed&page=1&pageSize=100",
    ]);
  });
});

describe("declarations list: the query on the wire", () => {
  beforeEach(async () => {
    server = await startTestServer((_req, res) => serveFixture(res));
  });

  it("asks for both statuses, page 1, 20 per page by default", async () => {
    const result = await tradectl(server, ["declarations", "list"]);
    expect(result.code).toBe(0);
    expect(server.requests.map((r) => r.url)).toEqual([
      `${PATH}?status=Pending&status=Confirmed&page=1&pageSize=20`,
    ]);
    expect(server.requests[0]!.method).toBe("GET");
    expect(server.requests[0]!.headers["x-pck"]).toBe(DEMO_ENV.TRADECTL_API_KEY);
  });

  it("sends each status once, case-insensitively, as repeated parameters", async () => {
    await tradectl(server, [
      "declarations",
      "list",
      "--status",
      "confirmed",
      "--status",
      "PENDING",
      "--status",
      "Confirmed",
      "--page",
      "3",
      "--page-size",
      "7",
    ]);
    expect(queries(server.requests)).toEqual(["status=Confirmed&status=Pending&page=3&pageSize=7"]);
  });

  it("without --all, --limit cuts the one page and sends one request", async () => {
    const result = await tradectl(server, ["-o", "ndjson", "declarations", "list", "--limit", "2"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(EXPECTED.ndjson.split("\n").slice(0, 2).join("\n").concat("\n"));
    expect(queries(server.requests)).toEqual([
      "status=Pending&status=Confirmed&page=1&pageSize=20",
    ]);
  });
});

describe("declarations list: every format, byte for byte", () => {
  beforeEach(async () => {
    server = await startTestServer((_req, res) => serveFixture(res));
  });

  it.each(["tsv", "csv", "json", "ndjson"] as const)("-o %s", async (format) => {
    const result = await tradectl(server, ["-o", format, "declarations", "list"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe(EXPECTED[format]);
  });

  it("defaults to tsv when stdout is not a terminal", async () => {
    const result = await tradectl(server, ["declarations", "list"]);
    expect(result.stdout).toBe(EXPECTED.tsv);
  });

  it("--json is -o json, and every line of ndjson parses", async () => {
    const json = await tradectl(server, ["--json", "declarations", "list"]);
    expect(json.stdout).toBe(EXPECTED.json);
    const ndjson = await tradectl(server, ["-o", "ndjson", "declarations", "list"]);
    for (const line of ndjson.stdout.trimEnd().split("\n"))
      expect(() => JSON.parse(line)).not.toThrow();
  });

  it("keeps escape sequences from the server away from the terminal in every format", async () => {
    for (const format of ["table", "tsv", "csv", "json", "ndjson"]) {
      const result = await tradectl(server, ["-o", format, "declarations", "list", "--all"], {
        tty: true,
        columns: 200,
      });
      // The only ESC bytes allowed are our own colour codes (CSI … m).
      expect(result.stdout.replace(/\x1b\[[0-9;]*m/g, "")).not.toMatch(
        /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/,
      );
      expect(result.stderr.replace(/\x1b\[[0-9;]*m|\r\x1b\[K/g, "")).not.toMatch(
        /[\x00-\x08\x0b-\x1f\x7f]/,
      );
    }
  });
});

describe("declarations list: the table for people", () => {
  beforeEach(async () => {
    server = await startTestServer((_req, res) => serveFixture(res));
  });

  const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "");

  it("fits an 80-column terminal and keeps what identifies a deposit", async () => {
    const result = await tradectl(server, ["declarations", "list"], { tty: true, columns: 80 });
    expect(result.code).toBe(0);
    const lines = strip(result.stdout).trimEnd().split("\n");
    // The widest possible id and a 27-digit amount: the date gives way, the address shortens.
    expect(lines).toEqual([
      "ID                   STATUS     AMOUNT                            ADDRESS",
      "9223372036854775807  Pending    0.8000000000000000 BTC            bc1qar0…wf5mdq",
      "4711                 Confirmed  123456789.123456789012345678 XRP  rEb8TK3…8DuaLh",
      "12                   Pending    0.00010000 BTC                    bc1q9h0…z2nzn2",
    ]);
  });

  it("keeps the date without the time when the time does not fit", async () => {
    await server.close();
    server = await startTestServer((_req, res) =>
      serveFixture(res, pageOf(FIXTURE_RECORDS.slice(1))),
    );
    // On 80 columns the time of day still fits once the address is at its least (11).
    const at80 = await tradectl(server, ["declarations", "list"], { tty: true, columns: 80 });
    expect(strip(at80.stdout).trimEnd().split("\n")).toEqual([
      "ID    CREATED           STATUS     AMOUNT                            ADDRESS",
      "4711  2026-11-19 08:00  Confirmed  123456789.123456789012345678 XRP  rEb8T…DuaLh",
      "12    2026-11-22 08:00  Pending    0.00010000 BTC                    bc1q9…2nzn2",
    ]);
    const result = await tradectl(server, ["declarations", "list"], { tty: true, columns: 76 });
    expect(strip(result.stdout).trimEnd().split("\n")).toEqual([
      "ID    CREATED     STATUS     AMOUNT                            ADDRESS",
      "4711  2026-11-19  Confirmed  123456789.123456789012345678 XRP  rEb8TK…8DuaLh",
      "12    2026-11-22  Pending    0.00010000 BTC                    bc1q9h…z2nzn2",
    ]);
  });

  it("keeps the date on 80 columns for everyday ids and amounts", async () => {
    await server.close();
    server = await startTestServer(pagingHandler(3));
    const result = await tradectl(server, ["declarations", "list"], { tty: true, columns: 80 });
    expect(strip(result.stdout)).toBe(
      [
        "ID       CREATED           STATUS     AMOUNT                  ADDRESS",
        "1000000  2026-01-01 10:00  Pending    0.0000000000000000 BTC  bc1qgener…00000000",
        "1000001  2026-01-01 10:01  Confirmed  0.0000000000000001 BTC  bc1qgener…00000001",
        "1000002  2026-01-01 10:02  Confirmed  0.0000000000000002 BTC  bc1qgener…00000002",
        "",
      ].join("\n"),
    );
  });

  it("gives the room of a wider terminal to the memo before the address, which shrinks first", async () => {
    const result = await tradectl(server, ["declarations", "list"], { tty: true, columns: 120 });
    expect(strip(result.stdout).trimEnd().split("\n")).toEqual([
      "ID                   CREATED           STATUS     AMOUNT                            ADDRESS        MEMO/LN",
      "9223372036854775807  2026-11-20 14:05  Pending    0.8000000000000000 BTC            bc1qar…wf5mdq",
      "4711                 2026-11-19 08:00  Confirmed  123456789.123456789012345678 XRP  rEb8TK…8DuaLh  \\x1b]52;c;…x1b[2J1234",
      "12                   2026-11-22 08:00  Pending    0.00010000 BTC                    bc1q9h…z2nzn2  ⚡ lightning",
    ]);
  });

  it("shows every column on a wide terminal: memo (sanitised), lightning, sender, confirmed", async () => {
    const result = await tradectl(server, ["declarations", "list"], { tty: true, columns: 200 });
    expect(strip(result.stdout).trimEnd().split("\n")).toEqual([
      "ID                   CREATED           STATUS     AMOUNT                            ADDRESS                                     MEMO/LN                        SENDER            CONFIRMED",
      "9223372036854775807  2026-11-20 14:05  Pending    0.8000000000000000 BTC            bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
      "4711                 2026-11-19 08:00  Confirmed  123456789.123456789012345678 XRP  rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh          \\x1b]52;c;aGk=\\x07\\x1b[2J1234  Ayşe Yılmaz, Jr.  2026-11-21 06:30",
      "12                   2026-11-22 08:00  Pending    0.00010000 BTC                    bc1q9h0yjdupyfpxfjg24rpx755xrplvzd9hz2nzn2  ⚡ lightning",
    ]);
  });

  it("makes Pending stand out in yellow bold and Confirmed green", async () => {
    const result = await tradectl(server, ["declarations", "list"], { tty: true, columns: 200 });
    // The colour covers the word, not the padding after it.
    expect(result.stdout).toContain("\x1b[33m\x1b[1mPending\x1b[22m\x1b[39m    ");
    expect(result.stdout).toContain("\x1b[32mConfirmed\x1b[39m");
  });

  it("has no colour with --no-color or NO_COLOR", async () => {
    const flag = await tradectl(server, ["--no-color", "declarations", "list"], { tty: true });
    const env = await tradectl(server, ["declarations", "list"], {
      tty: true,
      env: { NO_COLOR: "1" },
    });
    for (const r of [flag, env]) expect(r.stdout).not.toContain("\x1b[");
  });

  it("ends with a hint on how to confirm when pending ones are shown (terminal only)", async () => {
    const tty = await tradectl(server, ["--no-color", "declarations", "list"], { tty: true });
    expect(tty.stderr).toBe("2 pending: confirm one with `tradectl declarations confirm <ID>`\n");
    const quiet = await tradectl(server, ["-q", "declarations", "list"], { tty: true });
    expect(quiet.stderr).toBe("");
    const piped = await tradectl(server, ["-o", "table", "declarations", "list"]);
    expect(piped.stderr).toBe("");
    expect(strip(piped.stdout)).toContain("9223372036854775807");
  });

  it("wraps its hint at spaces on a narrow terminal", async () => {
    const tty = await tradectl(server, ["--no-color", "declarations", "list"], {
      tty: true,
      columns: 40,
    });
    expect(tty.stderr).toBe("2 pending: confirm one with\n`tradectl declarations confirm <ID>`\n");
  });

  it("names the id when only one pending declaration is shown", async () => {
    await server.close();
    server = await startTestServer((_req, res) =>
      serveFixture(res, pageOf(FIXTURE_RECORDS.slice(1))),
    );
    const result = await tradectl(server, ["--no-color", "declarations", "list"], { tty: true });
    expect(result.stderr).toBe("1 pending: confirm it with `tradectl declarations confirm 12`\n");
  });
});

describe("declarations list: nothing found", () => {
  beforeEach(async () => {
    server = await startTestServer((_req, res) => serveFixture(res, "[]"));
  });

  it("says so on stderr with the filter, exit 0", async () => {
    const result = await tradectl(server, [
      "-o",
      "table",
      "declarations",
      "list",
      "--status",
      "pending",
      "--page",
      "4",
    ]);
    expect(result).toEqual({
      code: 0,
      stdout: "",
      stderr: "No declarations found (status Pending, page 4 at 20 per page)\n",
    });
  });

  it("prints an empty document for scripts, and no chatter when stderr is not a terminal", async () => {
    expect(await tradectl(server, ["-o", "json", "declarations", "list"])).toEqual({
      code: 0,
      stdout: "[]\n",
      stderr: "",
    });
    expect((await tradectl(server, ["-o", "csv", "declarations", "list"])).stdout).toBe(
      `${EXPECTED.csv.split("\r\n")[0]}\r\n`,
    );
    expect((await tradectl(server, ["-o", "ndjson", "declarations", "list", "--all"])).stdout).toBe(
      "",
    );
  });
});

describe("declarations list --all", () => {
  it("walks every page at size 100 until a short page; each record exactly once", async () => {
    server = await startTestServer(pagingHandler(1234));
    const result = await tradectl(server, ["-o", "ndjson", "declarations", "list", "--all"]);
    expect(result.code).toBe(0);
    const ids = result.stdout
      .trimEnd()
      .split("\n")
      .map((line) => /"cryptoDepositDeclarationId":(\d+)/.exec(line)![1]);
    expect(ids).toHaveLength(1234);
    expect(new Set(ids).size).toBe(1234);
    expect(ids[0]).toBe("1000000");
    expect(ids.at(-1)).toBe("1001233");
    expect(queries(server.requests)).toEqual(
      Array.from(
        { length: 13 },
        (_, i) => `status=Pending&status=Confirmed&page=${i + 1}&pageSize=100`,
      ),
    );
    expect(result.stderr).toBe("");
  });

  it("asks for one more page when the last one was exactly full", async () => {
    server = await startTestServer(pagingHandler(200));
    const result = await tradectl(server, ["-o", "tsv", "declarations", "list", "--all"]);
    expect(result.stdout.trimEnd().split("\n")).toHaveLength(200);
    expect(server.requests).toHaveLength(3);
  });

  it("filters by status on every page", async () => {
    server = await startTestServer(pagingHandler(1000));
    const result = await tradectl(server, [
      "-o",
      "tsv",
      "declarations",
      "list",
      "--all",
      "--status",
      "pending",
    ]);
    const rows = result.stdout.trimEnd().split("\n");
    expect(rows).toHaveLength(334);
    expect(rows.every((r) => r.split("\t")[2] === "Pending")).toBe(true);
    // A Pending walk can lose records while it reads (confirmed ones leave the filter), so its
    // pages overlap by a record: offsets 0, 99, 196, 291 (see api/walk.ts).
    expect(queries(server.requests)).toEqual([
      "status=Pending&page=1&pageSize=100",
      "status=Pending&page=2&pageSize=99",
      "status=Pending&page=3&pageSize=98",
      "status=Pending&page=4&pageSize=97",
    ]);
  });

  it("--page starts the walk at that page (of 100)", async () => {
    server = await startTestServer(pagingHandler(450));
    const result = await tradectl(server, [
      "-o",
      "tsv",
      "declarations",
      "list",
      "--all",
      "--page",
      "3",
    ]);
    const rows = result.stdout.trimEnd().split("\n");
    expect(rows).toHaveLength(250);
    expect(rows[0]!.split("\t")[0]).toBe("1000200");
    expect(queries(server.requests).map((q) => new URLSearchParams(q).get("page"))).toEqual([
      "3",
      "4",
      "5",
    ]);
  });

  it.each([
    [150, 2],
    [100, 1],
    [200, 2],
    [1, 1],
    [5000, 13],
  ])("--limit %i sends %i requests and prints no more", async (limit, requests) => {
    server = await startTestServer(pagingHandler(1234));
    const result = await tradectl(server, [
      "-o",
      "ndjson",
      "declarations",
      "list",
      "--all",
      "--limit",
      String(limit),
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split("\n")).toHaveLength(Math.min(limit, 1234));
    expect(server.requests).toHaveLength(requests);
  });

  it("prints the pages that arrived, then the error, when a later page fails", async () => {
    server = await startTestServer((req, res) => {
      if (req.url.includes("page=3")) {
        res.writeHead(400, { "content-type": "application/json" });
        res.end('{"success":false,"message":"page must be greater than 0","code":400}');
        return;
      }
      pagingHandler(1000)(req, res);
    });
    const result = await tradectl(server, ["-o", "ndjson", "declarations", "list", "--all"]);
    expect(result.code).toBe(2);
    expect(result.stdout.trimEnd().split("\n")).toHaveLength(200);
    expect(result.stderr).toContain(
      "error: stopped after 200 records from 2 pages; the output is incomplete",
    );
  });

  it("stops instead of looping when the server ignores the page", async () => {
    server = await startTestServer((_req, res) => {
      const page = Array.from({ length: 100 }, (_, i) => generatedDeclaration(i));
      serveFixture(res, `[${page.join(",")}]`);
    });
    const result = await tradectl(server, ["-o", "tsv", "declarations", "list", "--all"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("the server sent the same records for page 2 as for page 1");
    expect(server.requests).toHaveLength(2);
  });

  it("shows progress on a terminal's stderr and clears it at the end", async () => {
    server = await startTestServer(pagingHandler(250));
    const result = await tradectl(
      server,
      ["--no-color", "-o", "ndjson", "declarations", "list", "--all"],
      { tty: true },
    );
    expect(result.stderr).toContain("\r\x1b[Kfetched 1 page, 100 records…");
    expect(result.stderr).toContain("\r\x1b[Kfetched 3 pages, 250 records…");
    expect(result.stderr.endsWith("\r\x1b[K")).toBe(true);
    const quiet = await tradectl(server, ["-q", "-o", "ndjson", "declarations", "list", "--all"], {
      tty: true,
    });
    expect(quiet.stderr).toBe("");
  });

  it("asks for the next page while the current one is being written", async () => {
    const paging = pagingHandler(250);
    let secondArrived!: () => void;
    const second = new Promise<void>((resolve) => {
      secondArrived = resolve;
    });
    server = await startTestServer((req, res) => {
      if (server.requests.length === 2) secondArrived();
      return paging(req, res);
    });
    let requestsSeenByFirstWrite = -1;
    // The first page's write completes only once the second request has arrived: without
    // prefetching, that request would wait for the write, and this test would never end.
    const stdout = new Writable({
      highWaterMark: 1,
      write(_chunk, _enc, done) {
        if (requestsSeenByFirstWrite !== -1) return done();
        void second.then(() => {
          requestsSeenByFirstWrite = server.requests.length;
          done();
        });
      },
    });
    const { code } = await runMain(
      ["--base-url", server.url, "-o", "ndjson", "declarations", "list", "--all"],
      { env: DEMO_ENV, stdout },
    );
    expect(code).toBe(0);
    expect(requestsSeenByFirstWrite).toBe(2);
    expect(server.requests).toHaveLength(3);
  });

  it("stops quietly when the reader of stdout goes away", async () => {
    server = await startTestServer(pagingHandler(5000));
    let writes = 0;
    const stdout = new Writable({
      write(_chunk, _enc, done) {
        writes++;
        done(writes === 1 ? null : Object.assign(new Error("EPIPE"), { code: "EPIPE" }));
      },
    });
    const { code, stderr } = await runMain(
      ["--base-url", server.url, "-o", "ndjson", "declarations", "list", "--all"],
      { env: DEMO_ENV, stdout },
    );
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(server.requests.length).toBeLessThan(50);
  });
});

describe("declarations list --fields", () => {
  beforeEach(async () => {
    server = await startTestServer((_req, res) => serveFixture(res));
  });
  const fields = ["--fields", "amount,cryptoDepositDeclarationId,firstName"];

  it("chooses and orders the columns of tsv and csv, exact digits", async () => {
    const tsv = await tradectl(server, ["-o", "tsv", "declarations", "list", ...fields]);
    expect(tsv.stdout).toBe(
      "0.8000000000000000\t9223372036854775807\t\n123456789.123456789012345678\t4711\tAyşe\n0.00010000\t12\t\n",
    );
    const csv = await tradectl(server, ["-o", "csv", "declarations", "list", ...fields]);
    expect(csv.stdout).toBe(
      "amount,cryptoDepositDeclarationId,firstName\r\n0.8000000000000000,9223372036854775807,\r\n123456789.123456789012345678,4711,Ayşe\r\n0.00010000,12,\r\n",
    );
  });

  it("chooses and orders the keys of json and ndjson, numbers as sent", async () => {
    const ndjson = await tradectl(server, ["-o", "ndjson", "declarations", "list", ...fields]);
    expect(ndjson.stdout).toBe(
      '{"amount":0.8000000000000000,"cryptoDepositDeclarationId":9223372036854775807,"firstName":null}\n{"amount":123456789.123456789012345678,"cryptoDepositDeclarationId":4711,"firstName":"Ayşe"}\n{"amount":0.00010000,"cryptoDepositDeclarationId":12,"firstName":null}\n',
    );
    const json = await tradectl(server, ["--json", "declarations", "list", "--fields", "status"]);
    expect(json.stdout).toBe(
      '[\n  {\n    "status": "Pending"\n  },\n  {\n    "status": "Confirmed"\n  },\n  {\n    "status": "Pending"\n  }\n]\n',
    );
  });

  it("a table of the chosen fields, with short labels", async () => {
    const result = await tradectl(server, ["--no-color", "declarations", "list", ...fields], {
      tty: true,
      columns: 100,
    });
    expect(result.stdout).toBe(
      [
        "AMOUNT                        ID                   FIRST NAME",
        "0.8000000000000000            9223372036854775807",
        "123456789.123456789012345678  4711                 Ayşe",
        "0.00010000                    12",
        "",
      ].join("\n"),
    );
  });

  it("an unknown name: exit 2, the valid names listed, nothing sent", async () => {
    for (const list of ["amount,Amount", "id", "amount,amount", "", ","]) {
      const result = await tradectl(server, ["declarations", "list", "--fields", list]);
      expect(result.code, list).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain(
        "hint: valid fields (comma-separated, in the order wanted): cryptoDepositDeclarationId, createdAt, status, confirmedAt, confirmedBy, firstName, lastName, amount, symbol, address, memoTag, lightningInvoice\n",
      );
    }
    const typo = await tradectl(server, ["declarations", "list", "--fields", "Amount"]);
    expect(typo.stderr).toContain(
      "error: unknown field 'Amount' in --fields (did you mean amount? names are case-sensitive)\n",
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe("declarations list: csv and tsv keep spreadsheets and line readers safe", () => {
  const hostile = pageOf([
    [
      ["cryptoDepositDeclarationId", "77"],
      ["createdAt", '"2026-11-20T14:05:09Z"'],
      ["status", '"Confirmed"'],
      ["confirmedAt", '"2026-11-21T09:30:00Z"'],
      ["confirmedBy", '"+SUM(1)"'],
      ["firstName", '"@x"'],
      ["lastName", '"-2+3"'],
      ["amount", "-0.5"],
      ["symbol", '"=1+1"'],
      ["address", String.raw`"=HYPERLINK(\"http://x\",\"y\")"`],
      ["memoTag", String.raw`"\tTAB"`],
      ["lightningInvoice", String.raw`"a\\b\u2028c\u2029d"`],
    ],
  ]);
  beforeEach(async () => {
    server = await startTestServer((_req, res) => serveFixture(res, hostile));
  });

  it("csv: text a spreadsheet would run gets a leading ', numbers stay numbers", async () => {
    const result = await tradectl(server, ["-o", "csv", "declarations", "list"]);
    expect(result.stdout.split("\r\n")[1]).toBe(
      `77,2026-11-20T14:05:09.000Z,Confirmed,2026-11-21T09:30:00.000Z,'+SUM(1),'@x,'-2+3,-0.5,'=1+1,"'=HYPERLINK(""http://x"",""y"")",'\\x09TAB,a\\b\\u{2028}c\\u{2029}d`,
    );
  });

  it("tsv: backslashes doubled, so every escape reads back; U+2028/U+2029 escaped", async () => {
    const result = await tradectl(server, ["-o", "tsv", "declarations", "list"]);
    expect(result.stdout).toBe(
      `77\t2026-11-20T14:05:09.000Z\tConfirmed\t2026-11-21T09:30:00.000Z\t+SUM(1)\t@x\t-2+3\t-0.5\t=1+1\t=HYPERLINK("http://x","y")\t\\x09TAB\ta\\\\b\\u{2028}c\\u{2029}d\n`,
    );
    expect(result.stdout.split("\n")).toHaveLength(2);
    expect(result.stdout.split("\t")).toHaveLength(12);
  });
});

describe("declarations list --all -o table: page by page", () => {
  it("prints the first page before the last is asked for, the header once, widths fixed", async () => {
    let printedBeforeLastPage = false;
    let run: RunningMain | null = null;
    server = await startTestServer(async (req, res) => {
      const page = new URL(req.url, "http://127.0.0.1").searchParams.get("page");
      if (page === "3") {
        // Page 3 is answered only once page 1's rows are out: without streaming, the table
        // would wait for this page first, and this test would never end.
        await run!.until((text) => text.includes("1000000"));
        printedBeforeLastPage = true;
      }
      pagingHandler(250)(req, res);
    });
    run = startMain(["--base-url", server.url, "--no-color", "declarations", "list", "--all"], {
      env: DEMO_ENV,
      tty: true,
      columns: 200,
    });
    expect(await run.done).toBe(0);
    expect(printedBeforeLastPage).toBe(true);
    const lines = run.stdout.text.trimEnd().split("\n");
    expect(lines).toHaveLength(251);
    expect(lines.filter((l) => l.startsWith("ID "))).toHaveLength(1);
    // Every row has the first page's layout: the address starts in the same column.
    const at = lines[1]!.indexOf("bc1q");
    for (const line of lines.slice(1)) expect(line.indexOf("bc1q")).toBe(at);
  });
});

describe("our own list rules in the run's language (issue 33, Low 14)", () => {
  it("--lang tr: a status that is not one is said in Turkish; the JSON line keeps the English", async () => {
    const r = await runMain([
      "--lang",
      "tr",
      "--sandbox",
      "declarations",
      "list",
      "--status",
      "bogus",
      "-o",
      "json",
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "hata: 'bogus' geçerli bir durum (status) değil; geçerli olanlar: Pending, Confirmed",
    );
    expect(r.stderr).toContain(
      `"message":"status 'bogus' is not valid; allowed: Pending, Confirmed"`,
    );
  });
});
