import type { ServerResponse } from "node:http";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { watchVerb } from "../../../src/commands/declarations/watch-spec.js";
import { optionsFromArgv } from "../../../src/commands/verb.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { type Fifo, hasGnuTail, makeFifo } from "../../helpers/fifo.js";
import {
  type RecordedRequest,
  sendJson,
  startTestServer,
  type TestServer,
} from "../../helpers/http-server.js";
import { type RunningMain, startMain } from "../../helpers/run.js";
import { confirm, GOOD_DESCRIPTION, withSandbox } from "../../helpers/sandbox.js";

/**
 * `declarations watch` in-process against real HTTP: a small server whose Pending list the test
 * changes between polls, and the sandbox with deposits arriving. Time is a fake clock the test
 * moves: a poll starts when the test says, so nothing here waits on real time.
 */
const DEMO_ENV = {
  TRADECTL_API_KEY: "sandbox-public-key",
  TRADECTL_API_SECRET: "c2FuZGJveC1wcml2YXRlLWtleQ==",
};

beforeAll(() => {
  process.env.TZ = "UTC";
});

/** A running watch on a fake clock: polls happen when the test moves time, never on their own. */
interface Watch extends RunningMain {
  clock: FakeClock;
  /** Moves time to the end of the watch's wait (the next poll starts), then waits for it to end. */
  poll(): Promise<void>;
  /** Polls until `test(stdout)` holds. */
  pollUntil(test: (stdout: string) => boolean): Promise<void>;
}

function watch(
  baseUrl: string,
  args: string[],
  options: { tty?: boolean; stdout?: NodeJS.WritableStream } = {},
): Watch {
  const clock = new FakeClock();
  const run = startMain(["--base-url", baseUrl, "declarations", "watch", ...args], {
    env: DEMO_ENV,
    tty: options.tty,
    clock,
    stdout: options.stdout,
  });
  const poll = async () => {
    await clock.next();
    await clock.sleeping();
  };
  return Object.assign(run, {
    clock,
    poll,
    async pollUntil(test: (stdout: string) => boolean) {
      await clock.sleeping();
      while (!test(run.stdout.text)) await poll();
    },
  });
}

const ids = (ndjson: string) =>
  ndjson
    .trim()
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => /"cryptoDepositDeclarationId":(\d+)/.exec(l)![1]!);

const lineCount = (n: number) => (text: string) => text.split("\n").length > n;

// ---- a Pending list the test controls --------------------------------------------------------

/** Declaration n: created n seconds after a fixed time, so a higher n is newer. */
function record(n: number): string {
  const created = new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString();
  return `{"cryptoDepositDeclarationId":${n},"createdAt":"${created}","status":"Pending","confirmedAt":null,"confirmedBy":null,"firstName":null,"lastName":null,"amount":0.${String(n).padStart(8, "0")}0000,"symbol":"BTC","address":"bc1qwatch${String(n).padStart(30, "0")}","memoTag":null,"lightningInvoice":null}`;
}

interface PendingServer extends TestServer {
  /** The Pending ids, any order (served newest first). */
  pending: Set<number>;
  /** Runs before each answer; returning true means it answered itself. */
  intercept: ((req: RecordedRequest, res: ServerResponse, n: number) => boolean) | null;
  /** The list requests' query strings. */
  queries(): string[];
}

async function pendingServer(initial: Iterable<number>): Promise<PendingServer> {
  const pending = new Set(initial);
  let count = 0;
  const controls: Pick<PendingServer, "intercept"> = { intercept: null };
  const server = await startTestServer((req, res) => {
    count++;
    if (controls.intercept?.(req, res, count)) return;
    const url = new URL(req.url, "http://127.0.0.1");
    const page = Number(url.searchParams.get("page"));
    const size = Number(url.searchParams.get("pageSize"));
    const sorted = [...pending].sort((a, b) => b - a);
    const slice = sorted.slice((page - 1) * size, page * size);
    sendJson(res, 200, `[${slice.map(record).join(",")}]`);
  });
  const queries = () =>
    server.requests.map((r) => new URL(r.url, "http://127.0.0.1").search.slice(1));
  // The handler reads `intercept` from this very object, so a test can swap it at any time.
  return Object.assign(controls, server, { pending, queries }) as PendingServer;
}

/** The first request for page 2 is answered `status`; the rest as usual. */
function failPageTwoOnce(s: PendingServer, status: number): { failed: boolean } {
  const state = { failed: false };
  s.intercept = (req, res) => {
    if (state.failed || !req.url.includes("page=2")) return false;
    state.failed = true;
    sendJson(res, status, `{"success":false,"message":"failure ${status}","code":${status}}`);
    return true;
  };
  return state;
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

let server: PendingServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe("declarations watch: flags checked before anything is sent", () => {
  it("the spec makes the run's options: every 30 s by default, seconds as given", () => {
    expect(optionsFromArgv(watchVerb, [])).toEqual({
      intervalMs: 30_000,
      newOnly: false,
      once: false,
    });
    expect(optionsFromArgv(watchVerb, ["--interval", "2.5", "--new-only", "--once"])).toEqual({
      intervalMs: 2_500,
      newOnly: true,
      once: true,
    });
  });

  // "--interval 1m is refused today while rules add --until 24h works": one duration reading.
  it.each([
    ["1m", 60_000],
    ["90s", 90_000],
    ["1m30s", 90_000],
    ["2h", 7_200_000],
    ["1d", 86_400_000],
    ["45", 45_000],
  ])("--interval %s is a duration as every other flag reads one: %i ms", (text, ms) => {
    expect(optionsFromArgv(watchVerb, ["--interval", text])).toMatchObject({ intervalMs: ms });
  });

  const BAD = (value: string) =>
    `--interval must be seconds or a duration (30, 90s, 1m) from 1 to 86400 seconds, got '${value}'`;
  it.each([
    [["--interval", "0"], BAD("0")],
    [["--interval", "0.5"], BAD("0.5")],
    [["--interval", "500ms"], BAD("500ms")],
    [["--interval", "2d"], BAD("2d")],
    [["--interval", "soon"], BAD("soon")],
    [["-o", "json"], "-o json cannot be used with declarations watch"],
    [["--json"], "-o json cannot be used with declarations watch"],
  ])("%j: exit 2, nothing sent", async (args, message) => {
    server = await pendingServer([1]);
    const w = watch(server.url, args);
    expect(await w.done).toBe(2);
    expect(w.stderr.text).toContain(message);
    expect(server.requests).toHaveLength(0);
  });

  it("-o json points to ndjson", async () => {
    server = await pendingServer([1]);
    const w = watch(server.url, ["-o", "json"]);
    await w.done;
    expect(w.stderr.text).toMatch(/hint: use -o ndjson/);
  });
});

describe("declarations watch against a list that changes", () => {
  it("prints the backlog once, then each new one once, oldest first; one request per quiet poll", async () => {
    server = await pendingServer(range(1, 150));
    const w = watch(server.url, ["--interval", "1", "-o", "ndjson"]);
    await w.until(lineCount(150));
    // Two quiet polls.
    await w.clock.sleeping();
    await w.poll();
    await w.poll();
    const quiet = server.queries().slice(2);
    expect(quiet).toEqual([
      "status=Pending&page=1&pageSize=100",
      "status=Pending&page=1&pageSize=100",
    ]);
    // Each wait is the interval (the poll took no time on this clock).
    expect(w.clock.slept).toEqual([1_000, 1_000, 1_000]);

    server.pending.add(151).add(152);
    await w.poll();
    await w.until(lineCount(152));
    expect(await w.interrupt()).toBe(130);
    const printed = ids(w.stdout.text);
    expect(printed.slice(0, 100)).toEqual(range(51, 150).reverse().map(String));
    expect(printed.slice(150)).toEqual(["151", "152"]);
    expect(new Set(printed).size).toBe(printed.length);
    // The backlog: the client's walker, two requests (its second window overlaps the first, so
    // a declaration confirmed meanwhile cannot make it skip one).
    expect(server.queries()[0]).toBe("status=Pending&page=1&pageSize=100");
    expect(server.queries()[1]).toMatch(/^status=Pending&page=2&pageSize=\d+$/);
  });

  it("pages shifting under the backlog walk and under polls print nothing twice", async () => {
    server = await pendingServer(range(1, 150));
    const s = server;
    s.intercept = (req) => {
      // Between page 1 and page 2 of the walk, 30 deposits arrive: page 2 repeats page 1's tail.
      if (req.url.includes("page=2") && !s.pending.has(1001))
        for (const n of range(1001, 1030)) s.pending.add(n);
      return false;
    };
    const w = watch(s.url, ["--interval", "1", "-o", "ndjson"]);
    // The 30 that arrived above the walk are the first poll's.
    await w.pollUntil(lineCount(180));
    s.intercept = null;
    // Confirmed elsewhere: the newest 60 go, so older ones the walk saw come up onto page 1.
    for (const n of [...range(1001, 1030), ...range(121, 150)]) s.pending.delete(n);
    await w.clock.sleeping();
    await w.poll();
    await w.poll();
    s.pending.add(2000);
    await w.poll();
    await w.until(lineCount(181));
    await w.poll();
    await w.interrupt();
    const printed = ids(w.stdout.text);
    expect(new Set(printed).size).toBe(printed.length);
    expect(new Set(printed)).toEqual(
      new Set([...range(1, 150), ...range(1001, 1030), 2000].map(String)),
    );
  });

  it("more new than a page holds: reads on while every record of a page is new", async () => {
    server = await pendingServer(range(1, 10));
    const w = watch(server.url, ["--interval", "1", "-o", "ndjson"]);
    await w.until(lineCount(10));
    await w.clock.sleeping();
    const before = server.requests.length;
    for (const n of range(101, 350)) server.pending.add(n);
    await w.poll();
    await w.until(lineCount(260));
    await w.interrupt();
    const printed = ids(w.stdout.text);
    expect(printed.slice(10)).toEqual(range(101, 350).map(String));
    // One poll: page 1, then on through the walker's windows until one holds records already
    // seen (the 10 of the backlog): three requests for 260 pending.
    const poll = server.queries().slice(before, before + 3);
    expect(poll[0]).toBe("status=Pending&page=1&pageSize=100");
    for (const q of poll.slice(1)) expect(q).toMatch(/^status=Pending&page=[23]&pageSize=\d+$/);
  });

  it("--new-only skips the backlog; --once then exits 0 after the first that arrives", async () => {
    server = await pendingServer(range(1, 5));
    const w = watch(server.url, ["--interval", "1", "--new-only", "--once", "-o", "tsv"]);
    // The first poll only takes note of what is pending.
    await w.clock.sleeping();
    expect(w.stdout.text).toBe("");
    await w.poll();
    expect(w.stdout.text).toBe("");
    server.pending.add(42);
    await w.clock.next();
    expect(await w.done).toBe(0);
    expect(w.stdout.text.split("\t")[0]).toBe("42");
    expect(w.stdout.text.trim().split("\n")).toHaveLength(1);
  });

  it("--once without --new-only exits 0 after the backlog", async () => {
    server = await pendingServer(range(1, 3));
    const w = watch(server.url, ["--once", "-o", "ndjson"]);
    expect(await w.done).toBe(0);
    expect(ids(w.stdout.text)).toEqual(["3", "2", "1"]);
    expect(server.requests).toHaveLength(1);
  });

  it("--once with nothing pending waits for the first one", async () => {
    server = await pendingServer([]);
    const w = watch(server.url, ["--once", "--interval", "1", "-o", "ndjson"]);
    await w.clock.sleeping();
    server.pending.add(7);
    await w.clock.next();
    expect(await w.done).toBe(0);
    expect(ids(w.stdout.text)).toEqual(["7"]);
  });

  it("csv: the header once, however many polls print", async () => {
    server = await pendingServer([1]);
    const w = watch(server.url, ["--interval", "1", "-o", "csv"]);
    await w.until(lineCount(2));
    await w.clock.sleeping();
    server.pending.add(2);
    await w.poll();
    await w.until(lineCount(3));
    await w.interrupt();
    const lines = w.stdout.text.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^cryptoDepositDeclarationId,createdAt,status,/);
    expect(lines.filter((l) => l.startsWith("cryptoDepositDeclarationId"))).toHaveLength(1);
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(["1", "2"]);
  });

  it("table on a terminal: a header once, then a line per declaration with the time it was seen, within 80 columns", async () => {
    server = await pendingServer([1, 2]);
    const w = watch(server.url, ["--interval", "1", "--no-color"], { tty: true });
    await w.until(lineCount(3));
    await w.clock.sleeping();
    server.pending.add(3);
    await w.poll();
    await w.until(lineCount(4));
    await w.interrupt();
    const lines = w.stdout.text.trimEnd().split("\n");
    // The declarations table's columns and narrowing (output/table.ts), less what no Pending
    // declaration has (STATUS, SENDER, CONFIRMED), after the time it was seen.
    expect(lines[0]).toMatch(/^SEEN +ID +(CREATED +)?AMOUNT +ADDRESS +MEMO\/LN$/);
    expect(lines).toHaveLength(4);
    for (const line of lines.slice(1)) {
      expect(line).toMatch(
        /^\d\d:\d\d:\d\d +\d+ +(\d{4}-\d\d-\d\d \d\d:\d\d +)?0\.\d+ BTC +bc1qwatch/,
      );
      expect(line.length).toBeLessThanOrEqual(80);
    }
    expect(lines.map((l) => l.split(/ +/)[1])).toEqual(["ID", "2", "1", "3"]);
  });
});

describe("declarations watch: the reader of stdout leaves (`| head -1`)", () => {
  it("while the watch waits for its next poll (a write failed): exit 0 at once, no further poll", async () => {
    server = await pendingServer(range(1, 3));
    const w = watch(server.url, ["--interval", "60", "-o", "ndjson"]);
    await w.clock.sleeping();
    w.stdout.emit("error", Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
    expect(await w.done).toBe(0);
    expect(w.clock.pending).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(w.stderr.text).toBe("");
  });

  let fifo: Fifo | null = null;
  afterEach(() => {
    fifo?.cleanup();
    fifo = null;
  });

  // stdout a real pipe: nothing is written while the watch waits, so no write can fail; the
  // pipe's watcher (output/pipe-reader.ts, GNU tail) is what notices.
  it.skipIf(process.platform !== "linux" || !hasGnuTail())(
    "stdout a pipe whose reader leaves while nothing is written: exit 0, no further poll",
    async () => {
      server = await pendingServer(range(1, 3));
      fifo = makeFifo();
      const w = watch(server.url, ["--interval", "60", "-o", "ndjson"], { stdout: fifo.writer() });
      // The whole backlog read: every write is done, and the watch waits a minute.
      const text = await fifo.until((t) => t.split("\n").length > 3);
      expect(ids(text)).toEqual(["3", "2", "1"]);
      await w.clock.sleeping();
      fifo.reader.destroy();
      expect(await w.done).toBe(0);
      expect(w.clock.slept).toEqual([60_000]);
      expect(w.clock.pending).toBe(0);
      expect(server.requests).toHaveLength(1);
      expect(w.stderr.text).toBe("");
    },
  );
});

describe("declarations watch: failures", () => {
  it("failed polls (5xx, reset, unreadable body) are reported once per streak and survived", async () => {
    server = await pendingServer([1]);
    const s = server;
    const w = watch(s.url, ["--interval", "1", "--retries", "0", "-o", "ndjson"]);
    await w.until(lineCount(1));
    let failing = 0;
    s.intercept = (req, res) => {
      failing++;
      if (failing === 1) sendJson(res, 503, '{"success":false,"message":"Service Unavailable"}');
      else if (failing === 2) req.headers && res.socket?.destroy();
      else if (failing === 3) sendJson(res, 200, '[{"cryptoDepositDeclarationId":');
      else return false;
      return true;
    };
    s.pending.add(2);
    await w.pollUntil(lineCount(2));
    await w.interrupt();
    expect(ids(w.stdout.text)).toEqual(["1", "2"]);
    expect(failing).toBe(4);
    const warnings = w.stderr.text.split("\n").filter((l) => l.includes("poll failed"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/still watching/);
    expect(w.stderr.text).toMatch(/polls work again after 3 failed polls/);
  });

  it("a 429 that outlives the retries: the next poll waits its Retry-After, not just the interval", async () => {
    server = await pendingServer([1]);
    const s = server;
    const w = watch(s.url, ["--interval", "1", "--retries", "0", "-o", "ndjson"]);
    await w.until(lineCount(1));
    let refused = 0;
    s.intercept = (_req, res) => {
      if (refused > 0) return false;
      refused++;
      res.writeHead(429, { "content-type": "application/json", "retry-after": "3" });
      res.end('{"message":"TOO_MANY_REQUESTS","success":false,"code":429}');
      return true;
    };
    s.pending.add(2);
    await w.clock.sleeping();
    const requests = s.requests.length;
    await w.poll();
    expect(refused).toBe(1);
    expect(s.requests).toHaveLength(requests + 1);
    // The service asked to be left alone for 3 s, though polls are 1 s apart: the next wait is 3 s.
    expect(await w.clock.next()).toBe(3_000);
    await w.until(lineCount(2));
    await w.interrupt();
    expect(w.clock.slept.slice(0, 2)).toEqual([1_000, 3_000]);
    expect(w.stderr.text).toMatch(/poll failed/);
  });

  it("a 401 ends the watch with exit 4", async () => {
    server = await pendingServer([1]);
    const s = server;
    const w = watch(s.url, ["--interval", "1", "-o", "ndjson"]);
    await w.until(lineCount(1));
    s.intercept = (_req, res) => {
      sendJson(res, 401, '{"success":false,"message":"Unauthorized","code":401}');
      return true;
    };
    await w.clock.next();
    expect(await w.done).toBe(4);
    expect(w.stderr.text).toMatch(/^error: /m);
  });

  it("a poll that fails on its second page marks nothing seen: the next poll prints all of them", async () => {
    server = await pendingServer([1]);
    const s = server;
    const w = watch(s.url, ["--interval", "1", "--retries", "0", "-o", "ndjson"]);
    await w.until(lineCount(1));
    const failure = failPageTwoOnce(s, 502);
    for (const n of range(101, 250)) s.pending.add(n);
    await w.pollUntil(lineCount(151));
    await w.interrupt();
    expect(failure.failed).toBe(true);
    expect(ids(w.stdout.text)).toEqual(["1", ...range(101, 250).map(String)]);
  });

  it("a failure in the backlog walk is retried from the start; nothing is printed twice", async () => {
    server = await pendingServer(range(1, 150));
    const s = server;
    failPageTwoOnce(s, 500);
    const w = watch(s.url, ["--interval", "1", "--retries", "0", "-o", "ndjson"]);
    await w.pollUntil(lineCount(150));
    await w.interrupt();
    const printed = ids(w.stdout.text);
    expect(printed).toHaveLength(150);
    expect(new Set(printed).size).toBe(150);
  });
});

describe("declarations watch against the sandbox", () => {
  it("the seed's pending ones, then arrivals, each once; a confirm elsewhere changes nothing printed", async () => {
    await withSandbox(async (sandbox) => {
      const w = watch(sandbox.url, ["--interval", "1", "-o", "ndjson"]);
      // The backlog is read once the watch waits for its first poll.
      await w.clock.sleeping();
      const backlog = ids(w.stdout.text);
      const arrived = (await sandbox.arrive(2)).map((d) => d.id);
      await w.poll();
      await w.until(lineCount(backlog.length + 2));
      // Confirmed elsewhere while the watch runs.
      const confirmed = await confirm(sandbox.url, {
        cryptoDepositDeclarationId: Number(arrived[0]),
        isSelfSender: true,
        description: GOOD_DESCRIPTION,
        AddressType: "IndividualWallet",
      });
      expect(confirmed.status).toBe(200);
      const third = (await sandbox.arrive(1)).map((d) => d.id);
      await w.poll();
      await w.until(lineCount(backlog.length + 3));
      await w.poll();
      expect(await w.interrupt()).toBe(130);
      const printed = ids(w.stdout.text);
      expect(printed).toEqual([...backlog, ...arrived, ...third]);
      expect(backlog.length).toBeGreaterThan(0);
    });
  });
});

describe("declarations watch --fields", () => {
  it("csv prints only the chosen fields, in the order given, header once", async () => {
    server = await pendingServer([1, 2]);
    const w = watch(server.url, [
      "--interval",
      "1",
      "-o",
      "csv",
      "--fields",
      "amount,cryptoDepositDeclarationId",
    ]);
    await w.until(lineCount(3));
    await w.clock.sleeping();
    server.pending.add(3);
    await w.poll();
    await w.until(lineCount(4));
    await w.interrupt();
    expect(w.stdout.text.trimEnd().split("\r\n")).toEqual([
      "amount,cryptoDepositDeclarationId",
      "0.000000020000,2",
      "0.000000010000,1",
      "0.000000030000,3",
    ]);
  });

  it("the table shows the chosen fields after the time seen, and keeps a column the first record leaves empty", async () => {
    server = await pendingServer([1]);
    const w = watch(
      server.url,
      ["--interval", "1", "--no-color", "--fields", "cryptoDepositDeclarationId,memoTag"],
      {
        tty: true,
      },
    );
    await w.until(lineCount(2));
    await w.interrupt();
    expect(w.stdout.text.split("\n")[0]).toMatch(/^SEEN +ID +MEMO$/);
  });

  it("an unknown field is exit 2 with the valid names, and nothing is sent", async () => {
    server = await pendingServer([1]);
    const w = watch(server.url, ["--fields", "amount,nope", "-o", "ndjson"]);
    expect(await w.done).toBe(2);
    expect(w.stderr.text).toMatch(/unknown field 'nope'/);
    expect(w.stderr.text).toMatch(/cryptoDepositDeclarationId/);
    expect(server.requests).toHaveLength(0);
  });
});
