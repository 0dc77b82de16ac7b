import { readdirSync, readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_CREDENTIALS, type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { tempHome } from "../helpers/cli.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";
import { expectReceiptsWhole } from "../helpers/receipts.js";
import { runInProcess } from "../helpers/run.js";
import { findDeclaration } from "../helpers/sandbox.js";
import { SELF_FROM_EXCHANGE } from "../helpers/seed-data.js";
import { SEED_CONFIRM } from "../helpers/seed-text.js";

const SEED = SEED_CONFIRM;

const DESCRIPTION = "Transfer from my own Binance account";
/** Pending in the sandbox's seed data. */
const PENDING = "734001026";
const PENDING_INT64_MAX = "9223372036854775807";
/** Confirmed in the seed data. */
const CONFIRMED = "734001017";

let sandbox: RunningSandbox;
/** One home per test: every receipts file a test leaves is checked whole in its teardown. */
let home: ReturnType<typeof tempHome>;
const demoEnv = () => ({
  ...home,
  TRADECTL_BASE_URL: sandbox.url,
  TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
  TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
});
const confirm = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  runInProcess(["declarations", "confirm", ...args], { env: { ...demoEnv(), ...env } });
const posts = () => sandbox.requests.filter((r) => r.method === "POST");

const declaration = (id: string) => findDeclaration(sandbox.url, id);

beforeEach(async () => {
  home = tempHome();
  sandbox = await startSandbox({ statePath: null });
});
afterEach(async () => {
  await sandbox.close();
  await expectReceiptsWhole(home);
});

/** Each line of stderr that starts with `error:`, without the prefix. */
const errorLines = (stderr: string) =>
  stderr
    .split("\n")
    .filter((l) => l.startsWith("error: "))
    .map((l) => l.slice("error: ".length));

describe("every rule of seed 7.2, checked locally: exit 2, nothing sent", () => {
  const base = [PENDING, "--self", "--address-type", "exchange", "--exchange-id", "1"];
  const cases: [string, string[], string][] = [
    [
      "names",
      [
        PENDING,
        "--first-name",
        "Ayşe",
        "--last-name",
        "",
        "--address-type",
        "individual-wallet",
        "--description",
        DESCRIPTION,
      ],
      SEED.names,
    ],
    ["description", [...base, "--description", "too short"], SEED.description],
    ["description of 101", [...base, "--description", "x".repeat(101)], SEED.description],
    [
      "either",
      [
        PENDING,
        "--self",
        "--address-type",
        "exchange",
        "--exchange-name",
        " ",
        "--description",
        DESCRIPTION,
      ],
      SEED.either,
    ],
    [
      "wallet",
      [
        PENDING,
        "--self",
        "--address-type",
        "individual-wallet",
        "--exchange-id",
        "1",
        "--description",
        DESCRIPTION,
      ],
      SEED.wallet,
    ],
    ["only one", [...base, "--exchange-name", "Other", "--description", DESCRIPTION], SEED.onlyOne],
    [
      "too long",
      [
        PENDING,
        "--self",
        "--address-type",
        "exchange",
        "--exchange-name",
        "n".repeat(201),
        "--description",
        DESCRIPTION,
      ],
      SEED.tooLong,
    ],
  ];
  it.each(cases)("%s", async (_, args, message) => {
    const result = await confirm(args);
    expect(result.code).toBe(2);
    expect(errorLines(result.stderr)).toEqual([message]);
    expect(result.stderr).toContain("hint: nothing was sent");
    expect(result.stdout).toBe("");
    // At most the listing was read (to check an exchange id); the POST never went out.
    const listingOnly = args.includes("--exchange-id") ? ["GET /api/v1/exchanges"] : [];
    expect(sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual(listingOnly);
  });

  it("exchangeId not supported: checked against the listing, the POST never sent", async () => {
    const result = await confirm([
      PENDING,
      "--self",
      "--address-type",
      "exchange",
      "--exchange-id",
      "99",
      "--description",
      DESCRIPTION,
    ]);
    expect(result.code).toBe(2);
    expect(errorLines(result.stderr)).toEqual([SEED.notSupported]);
    expect(result.stderr).toContain("`tradectl exchanges list` shows the supported exchange ids");
    expect(sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /api/v1/exchanges"]);
  });

  it("addressType must be provided: named with the flag to pass", async () => {
    const result = await confirm([PENDING, "--self", "--description", DESCRIPTION]);
    expect(result.code).toBe(2);
    expect(errorLines(result.stderr)).toEqual([
      `missing the address type: pass --address-type exchange or --address-type individual-wallet (${SEED.addressType})`,
    ]);
    expect(sandbox.requests).toEqual([]);
  });

  it("several broken rules are all reported, in the seed's order", async () => {
    const result = await confirm([
      PENDING,
      "--first-name",
      "",
      "--last-name",
      "Yılmaz",
      "--description",
      "short",
      "--address-type",
      "exchange",
      "--exchange-id",
      "99",
      "--exchange-name",
      "m".repeat(250),
      "-o",
      "json",
    ]);
    expect(result.code).toBe(2);
    const all = [SEED.names, SEED.description, SEED.onlyOne, SEED.notSupported, SEED.tooLong];
    expect(errorLines(result.stderr)).toEqual(all);
    // The machine-readable line carries them all too.
    const jsonLine = result.stderr.split("\n").find((l) => l.startsWith("{"))!;
    expect(JSON.parse(jsonLine)).toEqual({
      error: { kind: "validation", status: null, code: null, message: all.join("; ") },
    });
    expect(posts()).toEqual([]);
  });
});

describe("missing answers without a terminal: exit 2, the flags to add, nothing sent", () => {
  it("names every missing answer and its flag", async () => {
    const result = await confirm([]);
    expect(result.code).toBe(2);
    expect(errorLines(result.stderr)).toEqual([
      "missing the declaration id: pass it as the argument: `tradectl declarations confirm ID` (`tradectl declarations list --status pending` lists them)",
      `missing the sender: pass --self, or --first-name and --last-name (${SEED.names})`,
      `missing the description: pass --description TEXT (${SEED.description})`,
      `missing the address type: pass --address-type exchange or --address-type individual-wallet (${SEED.addressType})`,
    ]);
    expect(sandbox.requests).toEqual([]);
  });

  it("a half-given sender and an exchange without its name or id", async () => {
    const result = await confirm(
      [PENDING, "--first-name", "Ayşe", "--address-type", "exchange", "--description", DESCRIPTION],
      { TRADECTL_NO_INPUT: "1" },
    );
    expect(result.code).toBe(2);
    expect(errorLines(result.stderr)).toEqual([
      `missing the sender's last name: pass --last-name NAME (${SEED.names})`,
      `missing the exchange: pass --exchange-id N (\`tradectl exchanges list\` shows them) or --exchange-name NAME (${SEED.either})`,
    ]);
    expect(sandbox.requests).toEqual([]);
  });

  it("missing answers and broken rules are reported together", async () => {
    const result = await confirm([PENDING, "--self", "--description", "short", "--no-input"]);
    expect(result.code).toBe(2);
    expect(errorLines(result.stderr)).toEqual([
      `missing the address type: pass --address-type exchange or --address-type individual-wallet (${SEED.addressType})`,
      SEED.description,
    ]);
  });
});

describe("usage errors", () => {
  it.each([
    [["abc", "--self"], "declaration id 'abc' must contain decimal digits only"],
    [
      ["9223372036854775808"],
      "declaration id '9223372036854775808' is larger than the maximum 9223372036854775807",
    ],
    [
      [PENDING, "--address-type", "bank"],
      "--address-type must be exchange or individual-wallet, got 'bank'",
    ],
  ])("%j", async (args, message) => {
    const result = await confirm(args);
    expect(result.code).toBe(2);
    expect(errorLines(result.stderr)[0]).toBe(message);
    expect(sandbox.requests).toEqual([]);
  });

  it("--self with a name", async () => {
    const result = await confirm([PENDING, "--self", "--first-name", "Ayşe"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--self.*cannot be used with.*--first-name/);
    expect(sandbox.requests).toEqual([]);
  });
});

describe("sending: the seed's answers and the contract's exit codes", () => {
  const selfExchange = [
    "--self",
    "--address-type",
    "exchange",
    "--exchange-id",
    "1",
    "--description",
    DESCRIPTION,
  ];

  it("200: confirmed; the data on stdout, what changed on stderr; state Confirmed", async () => {
    const result = await confirm([PENDING, ...selfExchange]);
    expect(result.stderr).toBe(
      `Declaration ${PENDING} confirmed: the deposit will be credited to your wallet\n`,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${PENDING}\ttrue\t\t0\n`);
    expect(posts()).toHaveLength(1);
    const after = await declaration(PENDING);
    expect(after?.status).toBe("Confirmed");
    expect([after?.firstName, after?.lastName]).toEqual(["Deniz", "Demir"]);
  });

  it("-o json: the contract's object with the id's exact digits (int64 max)", async () => {
    const result = await confirm([
      PENDING_INT64_MAX,
      "--first-name",
      " Ayşe ",
      "--last-name",
      "Yılmaz",
      "--address-type",
      "IndividualWallet",
      "--description",
      "Gift from my sister's own wallet 😀",
      "-o",
      "json",
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `{"cryptoDepositDeclarationId": ${PENDING_INT64_MAX}, "success": true, "message": "", "code": 0}\n`,
    );
    const after = await declaration(PENDING_INT64_MAX);
    expect(after?.status).toBe("Confirmed");
    expect([after?.firstName, after?.lastName]).toEqual(["Ayşe", "Yılmaz"]);
  });

  it("-o table prints the sentence on stdout; -o csv the record with a header", async () => {
    const table = await confirm([PENDING, ...selfExchange, "-o", "table"]);
    expect(table.stdout).toBe(
      `Declaration ${PENDING} confirmed: the deposit will be credited to your wallet\n`,
    );
    const csv = await confirm(["734001025", ...selfExchange, "-o", "csv"]);
    expect(csv.stdout).toBe(
      "cryptoDepositDeclarationId,success,message,code\r\n734001025,true,,0\r\n",
    );
  });

  it("--fields: a 200 prints the outcome record with the fields asked for; an unknown one sends nothing", async () => {
    const unknown = await confirm([PENDING, ...selfExchange, "--fields", "success,code"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown field 'success' in --fields");
    expect(unknown.stderr).toContain(
      "valid fields (comma-separated, in the order wanted): cryptoDepositDeclarationId, outcome, verifiedBy, byThisRequest, message",
    );
    expect(sandbox.requests).toEqual([]);

    const result = await confirm([
      PENDING,
      ...selfExchange,
      "-o",
      "json",
      "--fields",
      "byThisRequest,outcome,cryptoDepositDeclarationId",
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `{"byThisRequest":true,"outcome":"confirmed","cryptoDepositDeclarationId":${PENDING}}\n`,
    );
    expect(posts()).toHaveLength(1);
    expect((await declaration(PENDING))?.status).toBe("Confirmed");
  });

  it("404: exit 3, the server's message and where to look", async () => {
    const result = await confirm(["1", ...selfExchange]);
    expect(result.code).toBe(3);
    expect(errorLines(result.stderr)).toEqual([
      "declaration 1: not found (HTTP 404): Not Found, code 404",
    ]);
    expect(result.stdout).toMatch(/^1\tnot_found\tanswer\tfalse\tdeclaration 1: not found/);
    expect(result.stderr).toContain("tradectl declarations list --status pending");
    expect(posts()).toHaveLength(1);
  });

  it("422: exit 5, already confirmed", async () => {
    const result = await confirm([CONFIRMED, ...selfExchange]);
    expect(result.code).toBe(5);
    expect(errorLines(result.stderr)).toEqual([
      `declaration ${CONFIRMED}: already confirmed (HTTP 422): Crypto deposit declaration already confirmed, code 422`,
    ]);
    expect(result.stdout).toMatch(new RegExp(`^${CONFIRMED}\talready_confirmed\tanswer\tfalse\t`));
    expect(result.stderr).toContain("tradectl declarations list --status confirmed");
    expect(posts()).toHaveLength(1);
  });

  it("401: exit 4, and the declaration stays Pending", async () => {
    const result = await confirm(
      [PENDING, "--self", "--address-type", "individual-wallet", "--description", DESCRIPTION],
      {
        TRADECTL_API_SECRET: Buffer.from("not the demo secret").toString("base64"),
      },
    );
    expect(result.code).toBe(4);
    expect(errorLines(result.stderr)[0]).toContain("Unauthorized");
    // A 401 proves nothing was processed, and its body need not say the stamp was the reason:
    // sent once more with a fresh stamp (issue 25 item 15), refused again, reported.
    expect(posts().map((r) => r.status)).toEqual([401, 401]);
    expect((await declaration(PENDING))?.status).toBe("Pending");
  });

  it("--dry-run prints the exact body and sends nothing (it reads the listing)", async () => {
    const result = await confirm([
      PENDING_INT64_MAX,
      ...selfExchange,
      "--dry-run",
      "--yes",
      "-o",
      "json",
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `{"cryptoDepositDeclarationId":${PENDING_INT64_MAX},"isSelfSender":true,"description":"${DESCRIPTION}","AddressType":"Exchange","exchangeId":1}\n`,
    );
    expect(result.stderr).toContain("nothing was sent");
    expect(sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /api/v1/exchanges"]);
    expect((await declaration(PENDING_INT64_MAX))?.status).toBe("Pending");
  });

  it("--dry-run without an exchange id: no server needed, the name is sent as not listed", async () => {
    const result = await confirm(
      [
        PENDING,
        "--first-name",
        "A",
        "--last-name",
        "B",
        "--address-type",
        "exchange",
        "--exchange-name",
        " Local exchange ",
        "--description",
        DESCRIPTION,
        "--dry-run",
        "-o",
        "ndjson",
      ],
      { TRADECTL_BASE_URL: "http://127.0.0.1:9", TRADECTL_API_KEY: "", TRADECTL_API_SECRET: "" },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      "'Local exchange' is sent as the name of an exchange that is not listed (exchangeOtherName)",
    );
    expect(result.stdout).toBe(
      `{"cryptoDepositDeclarationId":${PENDING},"isSelfSender":false,"firstName":"A","lastName":"B","description":"${DESCRIPTION}","AddressType":"Exchange","exchangeOtherName":"Local exchange"}\n`,
    );
  });
});

describe("against a scripted server: 500, a 400 the CLI could not foresee, a lost answer", () => {
  let server: TestServer;
  let reply: (method: string, url: string, res: ServerResponse) => void;
  beforeAll(async () => {
    server = await startTestServer((req, res) => reply(req.method, req.url, res));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });
  const run = (args: string[]) =>
    runInProcess(["declarations", "confirm", ...args, "--retries", "1"], {
      env: {
        ...home,
        TRADECTL_BASE_URL: server.url,
        TRADECTL_API_KEY: "k",
        TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
      },
    });
  const record = (id: string, status: string, confirmedAt: string | null = null) =>
    `{"cryptoDepositDeclarationId":${id},"createdAt":"2025-06-14T09:21:07Z","status":"${status}","confirmedAt":${confirmedAt === null ? "null" : `"${confirmedAt}"`},"confirmedBy":null,"firstName":null,"lastName":null,"amount":0.8000000000000000,"symbol":"BTC","address":"bc1q","memoTag":null,"lightningInvoice":null}`;
  const wallet = ["--self", "--address-type", "individual-wallet", "--description", DESCRIPTION];
  const postCount = () => server.requests.filter((r) => r.method === "POST").length;

  it("500: a lost answer, read back; the read fails too: unknown, exit 1, sent once, never re-sent", async () => {
    reply = (_m, _u, res) =>
      sendJson(res, 500, '{"success":false,"message":"An error occurred","code":500}');
    const result = await run([PENDING, ...wallet]);
    expect(result.code).toBe(1);
    expect(errorLines(result.stderr)).toEqual([
      `declaration ${PENDING}: sent, but the answer was lost (HTTP 500: An error occurred, code 500) and reading it back failed (An error occurred): the request may have been applied; running the same command again is safe: it reads the receipts and the list first`,
    ]);
    expect(result.stdout).toMatch(new RegExp(`^${PENDING}\tunknown\t\t\t`));
    expect(postCount()).toBe(1);
  });

  it("400 from the server (listing unavailable, so exchangeId was left to it): exit 2, its message", async () => {
    reply = (method, _u, res) =>
      method === "GET"
        ? sendJson(res, 503, '{"success":false,"message":"maintenance","code":503}')
        : sendJson(res, 400, `{"success":false,"message":"${SEED.notSupported}","code":400}`);
    const result = await run([
      PENDING,
      "--self",
      "--address-type",
      "exchange",
      "--exchange-id",
      "42",
      "--description",
      DESCRIPTION,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("could not read the exchanges listing (maintenance)");
    expect(errorLines(result.stderr)).toEqual([
      `declaration ${PENDING}: refused by the service (HTTP 400): ${SEED.notSupported}, code 400; not applied`,
    ]);
    expect(postCount()).toBe(1);
  });

  const dropPost = (method: string, res: ServerResponse) => {
    if (method !== "POST") return false;
    res.socket?.destroy();
    return true;
  };

  it("answer lost, found Confirmed just now: exit 0, a read-back record, no made-up answer", async () => {
    const justNow = new Date().toISOString();
    reply = (method, _url, res) => {
      if (dropPost(method, res)) return;
      sendJson(res, 200, `[${record(PENDING, "Confirmed", justNow)}]`);
    };
    const result = await run([PENDING, ...wallet, "-o", "json"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("its answer was lost");
    // Self-declared: the list shows no names to compare, so who confirmed it is not proven.
    expect(JSON.parse(result.stdout)).toEqual({
      cryptoDepositDeclarationId: Number(PENDING),
      outcome: "confirmed",
      verifiedBy: "read-back",
      byThisRequest: null,
      message: expect.stringContaining(`the list shows it Confirmed (at ${justNow})`),
    });
    expect(result.stdout).not.toContain('"success"');
    expect(postCount()).toBe(1);
  });

  it("answer lost on a declaration confirmed long ago: exit 5, already confirmed, no success printed", async () => {
    reply = (method, _url, res) => {
      if (dropPost(method, res)) return;
      sendJson(res, 200, `[${record(PENDING, "Confirmed", "2024-01-02T03:04:05Z")}]`);
    };
    const result = await run([PENDING, ...wallet, "-o", "json"]);
    expect(result.code).toBe(5);
    expect(result.stdout).not.toContain('"success"');
    expect(JSON.parse(result.stdout)).toMatchObject({
      outcome: "already_confirmed",
      verifiedBy: "read-back",
      byThisRequest: false,
    });
    expect(errorLines(result.stderr)[0]).toMatch(
      /the list shows it Confirmed before this request was sent \(at 2024-01-02T03:04:05Z\)$/,
    );
    expect(result.stderr).toContain('"kind":"conflict"');
    expect(postCount()).toBe(1);
  });

  it("answer lost, Confirmed with no readable confirmedAt: exit 0, byThisRequest null (not proven)", async () => {
    reply = (method, _url, res) => {
      if (dropPost(method, res)) return;
      sendJson(res, 200, `[${record(PENDING, "Confirmed")}]`);
    };
    const result = await run([PENDING, ...wallet, "-o", "json"]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      outcome: "confirmed",
      verifiedBy: "read-back",
      byThisRequest: null,
    });
  });

  it("200 with success:false: rejected by the server's answer, its message and code, exit 2", async () => {
    reply = (method, _url, res) =>
      method === "POST"
        ? sendJson(res, 200, '{"success":false,"message":"Something failed","code":1234}')
        : sendJson(res, 200, `[${record(PENDING, "Pending")}]`);
    const result = await run([PENDING, ...wallet, "-o", "json"]);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({
      outcome: "rejected",
      verifiedBy: "answer",
      byThisRequest: false,
    });
    expect(errorLines(result.stderr)[0]).toBe(
      `declaration ${PENDING}: refused by the service (HTTP 200, success false): Something failed, code 1234; not applied`,
    );
    expect(server.requests.map((r) => r.method)).toEqual(["POST"]);
  });

  it("answer lost, declaration still Pending: unknown (may yet be applied), exit 1, never 'not applied'", async () => {
    reply = (method, url, res) => {
      if (dropPost(method, res)) return;
      sendJson(res, 200, url.includes("Pending") ? `[${record(PENDING, "Pending")}]` : "[]");
    };
    const result = await run([PENDING, ...wallet]);
    expect(result.code).toBe(1);
    expect(errorLines(result.stderr)).toEqual([
      `declaration ${PENDING}: sent, but the answer was lost (connection to ${new URL(server.url).host} failed (UND_ERR_SOCKET)) and the list still shows it Pending: the request may yet be applied; running the same command again is safe: it reads the receipts and the list first`,
    ]);
    expect(result.stdout).not.toMatch(/not_sent|not applied/);
    expect(postCount()).toBe(1);
  });

  it("answer lost and the check fails too: exit 1, outcome unknown, how to check", async () => {
    reply = (method, _u, res) => {
      if (dropPost(method, res)) return;
      sendJson(res, 500, '{"success":false,"message":"An error occurred","code":500}');
    };
    const result = await run([PENDING, ...wallet]);
    expect(result.code).toBe(1);
    expect(errorLines(result.stderr)[0]).toMatch(
      /^declaration \d+: sent, but the answer was lost \(.*\) and reading it back failed \(An error occurred\): the request may have been applied/,
    );
    expect(result.stderr).toContain("running the same command again is safe");
    expect(postCount()).toBe(1);
  });
});

describe("a confirm that times out after it was sent: read back, never re-sent", () => {
  const wallet = ["--self", "--address-type", "individual-wallet", "--description", DESCRIPTION];

  it("the server confirms but answers too late; the list shows it: exit 0, a read-back record", async () => {
    let confirmedAt: string | null = null;
    const server = await startTestServer((req, res) => {
      if (req.method === "POST") {
        confirmedAt = new Date().toISOString();
        setTimeout(() => sendJson(res, 200, '{"success":true,"message":"","code":0}'), 1500);
        return;
      }
      const status = confirmedAt ? "Confirmed" : "Pending";
      const at = confirmedAt ? `"${confirmedAt}"` : "null";
      sendJson(
        res,
        200,
        `[{"cryptoDepositDeclarationId":${PENDING},"createdAt":"2025-06-14T09:21:07Z","status":"${status}","confirmedAt":${at},"confirmedBy":"Deniz Demir","firstName":null,"lastName":null,"amount":0.8,"symbol":"BTC","address":"bc1q","memoTag":null,"lightningInvoice":null}]`,
      );
    });
    try {
      const result = await runInProcess(
        ["declarations", "confirm", PENDING, ...wallet, "--timeout", "1000", "-o", "json"],
        {
          env: {
            ...home,
            TRADECTL_BASE_URL: server.url,
            TRADECTL_API_KEY: "k",
            TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
          },
        },
      );
      expect(result.stderr).toContain("its answer was lost");
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({
        outcome: "confirmed",
        verifiedBy: "read-back",
      });
      expect(server.requests.filter((r) => r.method === "POST")).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it("sandbox serve --faults latency=1500 with --timeout 1000: the state is not misreported", async () => {
    const faulty = await startSandbox({ statePath: null, faults: "latency=1500" });
    try {
      const result = await runInProcess(
        ["declarations", "confirm", PENDING, ...wallet, "--timeout", "1000", "--retries", "0"],
        { env: { ...demoEnv(), TRADECTL_BASE_URL: faulty.url } },
      );
      // Every answer is late, the read-back's too: the outcome is unknown, and said so.
      expect(result.code).toBe(1);
      expect(errorLines(result.stderr)[0]).toMatch(
        /^declaration \d+: sent, but the answer was lost \(no answer within 1000 ms after the request was sent\) and reading it back failed/,
      );
      expect(result.stderr).not.toContain("raise --timeout");
      expect(faulty.requests.filter((r) => r.method === "POST")).toHaveLength(1);
      expect((await findDeclaration(faulty.url, PENDING))?.status).toBe("Confirmed");
    } finally {
      await faulty.close();
    }
  }, 30_000);
});

// A batch writes each outcome with the next request (docs/RECEIPTS.md), and each request is
// on record before the POST before it is answered (src/declare/send-ahead.ts): when the run
// returns, in the same process (no exit yet to write what waits), every request has its
// outcome on record after it, in the order sent, and every claim is released.
it("a batch that returns has every outcome on record after its request, and no claim left", async () => {
  const ids = [PENDING, "734001025"];
  const r = await confirm([...ids, ...SELF_FROM_EXCHANGE, "--yes"]);
  expect(r.code, r.stderr).toBe(0);
  const path = join(home.XDG_STATE_HOME, "tradectl", "receipts.ndjson");
  const lines = readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { type: string; declarationId: string; outcome?: string });
  expect(lines.map((e) => `${e.type} ${e.declarationId} ${e.outcome ?? ""}`.trim())).toEqual([
    `request ${ids[0]}`,
    `request ${ids[1]}`,
    `outcome ${ids[0]} confirmed`,
    `outcome ${ids[1]} confirmed`,
  ]);
  expect(readdirSync(`${path}.claims`).filter((n) => n.endsWith(".claim"))).toEqual([]);
});
