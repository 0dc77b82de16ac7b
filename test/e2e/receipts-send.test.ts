import { type ChildProcess, spawn } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openReceipts } from "../../src/config/receipts.js";
import { DEMO_CREDENTIALS, type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { BIN, type CliResult, outcomeLines, tempHome } from "../helpers/cli.js";
import { sendJson, startTestServer } from "../helpers/http-server.js";
import { expectReceiptsWhole } from "../helpers/receipts.js";
import { type RecordingProxy, startRecordingProxy } from "../helpers/recording-proxy.js";
import { runInProcess } from "../helpers/run.js";
import { findDeclaration } from "../helpers/sandbox.js";
import { KRAKEN_DESCRIPTION, PENDING_XRP, SELF_FROM_EXCHANGE } from "../helpers/seed-data.js";

/**
 * The send path with its receipts, end to end (issue 22; docs/OUTCOMES.md and
 * docs/RECEIPTS.md): the built CLI against the sandbox (through a proxy that records every
 * POST the server may have processed) and against a plain test server. In every test no
 * declaration is processed twice, and every receipts file left behind is a whole chain.
 */

const ANSWERS = SELF_FROM_EXCHANGE;
const XRP = PENDING_XRP;
const PENDING = "734001026";

let sandbox: RunningSandbox;
let proxy: RecordingProxy;
let home: ReturnType<typeof tempHome>;

const env = (url = proxy.url): NodeJS.ProcessEnv => ({
  ...home,
  TRADECTL_BASE_URL: url,
  TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
  TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
});
/** A run that needs no process of its own (nothing killed meanwhile): main() in this process. */
const confirm = (args: readonly string[], url?: string) =>
  runInProcess(["declarations", "confirm", ...args], { env: env(url) });
const receipts = () => openReceipts(`${home.XDG_STATE_HOME}/tradectl/receipts.ndjson`);

/** Spawns the CLI; `closed` resolves with its result once it exits. */
function start(args: readonly string[]): { child: ChildProcess; closed: Promise<CliResult> } {
  const child = spawn(process.execPath, [BIN, "declarations", "confirm", ...args], {
    env: { PATH: process.env.PATH, ...env() },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => {
    stdout += d;
  });
  child.stderr!.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
  });
  const closed = new Promise<CliResult>((resolve) => {
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, closed };
}

function expectNoneProcessedTwice(): void {
  const seen = new Set<string>();
  for (const id of proxy.processed) {
    expect(seen.has(id), `declaration ${id} was processed twice`).toBe(false);
    seen.add(id);
  }
}

beforeEach(() => {
  home = tempHome();
});
afterEach(async () => {
  if (proxy) {
    expectNoneProcessedTwice();
    await proxy.close();
  }
  await sandbox?.close();
  proxy = undefined as unknown as RecordingProxy;
  sandbox = undefined as unknown as RunningSandbox;
  await expectReceiptsWhole(home);
});

describe("against the sandbox", () => {
  beforeEach(async () => {
    sandbox = await startSandbox({ statePath: null });
    proxy = await startRecordingProxy(sandbox.url);
  });

  it("every confirmation is on record before it is sent: the exact bytes, then its outcome", async () => {
    const r = await confirm([PENDING, ...ANSWERS, "-o", "json"]);
    expect(r.code, r.stderr).toBe(0);
    const [request, outcome] = await receipts().history(PENDING);
    const post = sandbox.requests.find((q) => q.method === "POST")!;
    expect(request).toMatchObject({
      type: "request",
      attempt: 1,
      baseUrl: `${proxy.url}/`,
      publicKey: DEMO_CREDENTIALS.publicKey,
      body: `{"cryptoDepositDeclarationId":${PENDING},"isSelfSender":true,"description":"${KRAKEN_DESCRIPTION}","AddressType":"Exchange","exchangeId":3}`,
    });
    expect(post.status).toBe(200);
    expect(outcome).toMatchObject({
      type: "outcome",
      status: 200,
      outcome: "confirmed",
      verifiedBy: "answer",
      byThisRequest: true,
    });
    expect(JSON.stringify(await receipts().history(PENDING))).not.toContain(
      DEMO_CREDENTIALS.secret,
    );
  });

  it("a single confirm killed (SIGKILL) mid-request, then the same command again: one POST in all", async () => {
    let run: ReturnType<typeof start>;
    await proxy.close();
    proxy = await startRecordingProxy(sandbox.url, {
      beforePost: async () => {
        // The request is written; the run dies before any answer; the server then applies it.
        run.child.kill("SIGKILL");
        await run.closed;
      },
    });
    run = start([PENDING, ...ANSWERS, "-o", "ndjson"]);
    const killed = await run.closed;
    expect(killed.signal).toBe("SIGKILL");
    // Applied by the server once the proxy passed it on.
    await proxy.close();
    expect((await findDeclaration(sandbox.url, PENDING))?.status).toBe("Confirmed");
    const [cut] = await receipts().requests(PENDING);
    expect(cut!.outcome).toBeNull();

    proxy = await startRecordingProxy(sandbox.url);
    const again = await confirm([PENDING, ...ANSWERS, "-o", "ndjson"]);
    // Settled from the record and the list before anything was sent: nothing is sent.
    expect(proxy.forwarded).toEqual([]);
    expect(again.code).toBe(5);
    expect(outcomeLines(again)).toEqual([
      expect.objectContaining({
        outcome: "already_confirmed",
        verifiedBy: "read-back",
        byThisRequest: false,
      }),
    ]);
    const [settled] = await receipts().requests(PENDING);
    expect(settled!.outcome).toMatchObject({ outcome: "confirmed", verifiedBy: "read-back" });
  });

  it("a batch killed mid-request before the server saw it, then run again: that item sent once", async () => {
    let run: ReturnType<typeof start>;
    await proxy.close();
    proxy = await startRecordingProxy(sandbox.url, {
      action: (n) => (n === 2 ? "drop" : "forward"),
      beforePost: async (n) => {
        if (n !== 2) return;
        run.child.kill("SIGKILL");
        await run.closed;
      },
    });
    const ids = XRP.slice(0, 3);
    run = start([...ids, ...ANSWERS, "--yes", "-o", "ndjson"]);
    await run.closed;
    const first = proxy.processed.slice();
    expect(first).toEqual([ids[0]]);
    await proxy.close();

    proxy = await startRecordingProxy(sandbox.url);
    const again = await confirm([...ids, ...ANSWERS, "--yes", "-o", "ndjson"]);
    expect(again.code, again.stderr).toBe(0);
    expect(proxy.processed).toEqual([ids[1], ids[2]]);
    // The cut-off request read back Pending is on record as unknown, then the new one confirmed.
    const requests = await receipts().requests(ids[1]);
    expect(requests.map((s) => s.outcome?.outcome)).toEqual(["unknown", "confirmed"]);
  });

  it("Ctrl-C twice while the POST is in flight: one line names the declaration; the next run settles it", async () => {
    let run: ReturnType<typeof start>;
    await proxy.close();
    proxy = await startRecordingProxy(sandbox.url, {
      beforePost: async () => {
        // Signals sent back to back may arrive as one: Ctrl-C again until the run leaves.
        run.child.kill("SIGINT");
        const again = setInterval(() => run.child.kill("SIGINT"), 50);
        await run.closed;
        clearInterval(again);
      },
    });
    run = start([PENDING, ...ANSWERS, "-o", "ndjson"]);
    const interrupted = await run.closed;
    expect(interrupted.code).toBe(130);
    expect(interrupted.stderr).toContain(
      `tradectl: interrupted with the confirmation of declaration ${PENDING} in flight: it may have been applied; running the same command again reads it back before sending anything\n`,
    );
    await proxy.close();
    expect((await receipts().requests(PENDING))[0]!.outcome).toBeNull();

    proxy = await startRecordingProxy(sandbox.url);
    const again = await confirm([PENDING, ...ANSWERS, "-o", "ndjson"]);
    expect(proxy.forwarded).toEqual([]);
    expect(outcomeLines(again)[0]).toMatchObject({ outcome: "already_confirmed" });
  });

  it("three processes racing over one pending set, with lost answers: one POST per declaration, at most one byThisRequest", async () => {
    await proxy.close();
    proxy = await startRecordingProxy(sandbox.url, {
      action: (n) => (n % 2 === 0 ? "lose-answer" : "forward"),
    });
    const args = ["--pending", "--symbol", "XRP", ...ANSWERS, "--yes", "-o", "ndjson"];
    const runs = await Promise.all([start(args), start(args), start(args)].map((r) => r.closed));
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).not.toMatch(/not_sent|unknown|not applied/);
    }
    for (const id of XRP)
      expect((await findDeclaration(sandbox.url, id))?.status).toBe("Confirmed");
    expect(proxy.processed.slice().sort()).toEqual(XRP.slice().sort());
    const all = runs.flatMap(outcomeLines);
    for (const id of XRP) {
      const mine = all.filter((o) => String(o.cryptoDepositDeclarationId) === id);
      expect(mine.filter((o) => o.byThisRequest === true).length).toBeLessThanOrEqual(1);
      expect(mine.filter((o) => o.outcome === "confirmed")).toHaveLength(1);
    }
  }, 60_000);
});

describe("a quota on the confirm path", () => {
  beforeEach(async () => {
    sandbox = await startSandbox({ statePath: null, faults: "quota=confirm:2/1s" });
    proxy = await startRecordingProxy(sandbox.url);
  });

  it("every item confirmed, at most one refusal, nothing sent into the blocked window; its receipt shows both attempts", async () => {
    const r = await confirm([...XRP, ...ANSWERS, "--yes", "-o", "ndjson"]);
    expect(r.code, r.stderr).toBe(0);
    expect(outcomeLines(r).map((o) => o.outcome)).toEqual(Array(XRP.length).fill("confirmed"));
    const statuses = sandbox.requests.filter((q) => q.method === "POST").map((q) => q.status);
    expect(statuses.filter((s) => s === 429).length).toBeLessThanOrEqual(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(XRP.length);
    expect(r.stderr).toContain("the service answered 429 (not processed)");
    const refused = (await receipts().requests()).filter((s) => s.notProcessed.length > 0);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ attempts: 2, outcome: { outcome: "confirmed" } });
    expect(refused[0]!.notProcessed[0]).toMatchObject({ status: 429, reason: "rate_limited" });
  }, 30_000);
});

describe("applied, then a late answer, with a short --timeout", () => {
  beforeEach(async () => {
    sandbox = await startSandbox({ statePath: null, faults: "latency=1500" });
    proxy = await startRecordingProxy(sandbox.url);
  });

  it("unknown (may yet be applied), then the next run settles it with no second POST", async () => {
    const first = await confirm([
      PENDING,
      ...ANSWERS,
      "--timeout",
      "1000",
      "--retries",
      "0",
      "-o",
      "ndjson",
    ]);
    expect(first.code).toBe(1);
    expect(outcomeLines(first)).toEqual([
      expect.objectContaining({ outcome: "unknown", verifiedBy: null, byThisRequest: null }),
    ]);
    expect(first.stdout).not.toMatch(/not_sent|not applied/);
    expect(first.stderr).toContain("running the same command again is safe");

    const again = await confirm([PENDING, ...ANSWERS, "--timeout", "5000", "-o", "ndjson"]);
    expect(proxy.forwarded).toEqual([PENDING]);
    expect(outcomeLines(again)).toEqual([
      expect.objectContaining({ outcome: "already_confirmed", verifiedBy: "read-back" }),
    ]);
    expect((await receipts().requests(PENDING))[0]!.outcome).toMatchObject({
      outcome: "confirmed",
      verifiedBy: "read-back",
    });
  }, 30_000);
});

describe("against a plain test server: answers without meaning after the confirmation was applied", () => {
  it.each([
    ["a 302", 302, "", { location: "https://elsewhere.example/login" }],
    ["an HTML page", 200, "<html><body>OK</body></html>", { "content-type": "text/html" }],
    ["a 502 gateway page", 502, "<html>Bad Gateway</html>", { "content-type": "text/html" }],
  ])("%s: read back, confirmed (exit 0), one POST", async (_what, status, body, headers) => {
    let confirmedAt: string | null = null;
    const server = await startTestServer((req, res) => {
      if (req.method === "POST") {
        confirmedAt = new Date().toISOString();
        res.writeHead(status, headers);
        res.end(body);
        return;
      }
      const state = confirmedAt ? "Confirmed" : "Pending";
      const at = confirmedAt ? `"${confirmedAt}"` : "null";
      sendJson(
        res,
        200,
        `[{"cryptoDepositDeclarationId":${PENDING},"createdAt":"2025-06-14T09:21:07Z","status":"${state}","confirmedAt":${at},"confirmedBy":"Deniz Demir","firstName":"Deniz","lastName":"Demir","amount":0.8,"symbol":"BTC","address":"bc1q","memoTag":null,"lightningInvoice":null}]`,
      );
    });
    try {
      const r = await confirm(
        [
          PENDING,
          ...ANSWERS.filter(
            (a) => a !== "exchange" && a !== "3" && a !== "--exchange-id" && a !== "--address-type",
          ),
          "--address-type",
          "individual-wallet",
          "-o",
          "ndjson",
        ],
        server.url,
      );
      expect(r.code, r.stderr).toBe(0);
      expect(outcomeLines(r)).toEqual([
        expect.objectContaining({
          outcome: "confirmed",
          verifiedBy: "read-back",
          byThisRequest: true,
        }),
      ]);
      expect(server.requests.filter((q) => q.method === "POST")).toHaveLength(1);
      expect((await receipts().requests(PENDING))[0]!.outcome).toMatchObject({
        status,
        outcome: "confirmed",
      });
    } finally {
      await server.close();
    }
  });
});
