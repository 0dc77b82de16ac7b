// A batch's answer read and judged while the next request is flushed; the next POST only once that request is on disk.
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LosslessNumber } from "lossless-json";
import { afterEach, expect, it, vi } from "vitest";
import type { SendItem } from "../../src/declare/send-types.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";
import { turns } from "../helpers/turns.js";

/** The receipts' flushes (fs.fsync): the sizes flushed; from the `holdFrom`th on, each waits for `gate`. */
const disk = vi.hoisted(() => ({
  flushed: [] as number[],
  begun: 0,
  holdFrom: 0,
  gate: null as Promise<void> | null,
  /** Who waits for the `count`th flush to begin. */
  waiters: [] as { count: number; begin: () => void }[],
}));
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  return {
    ...fs,
    fsync(fd: number, callback: (error: NodeJS.ErrnoException | null) => void) {
      disk.begun++;
      for (const waiter of disk.waiters.filter((w) => w.count <= disk.begun)) waiter.begin();
      const held = disk.holdFrom > 0 && disk.begun >= disk.holdFrom ? disk.gate : null;
      fs.fsync(fd, (error) => {
        const done = () => {
          if (!error) disk.flushed.push(fs.fstatSync(fd).size);
          callback(error);
        };
        if (held) void held.then(done);
        else done();
      });
    },
  };
});

const servers: TestServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const itemOf = (id: string): SendItem => ({
  body: {
    cryptoDepositDeclarationId: new LosslessNumber(id),
    isSelfSender: true,
    description: "Own wallet at another exchange",
    AddressType: "Exchange",
    exchangeId: new LosslessNumber("1"),
  },
});

/** Until the `count`th flush has begun (however many turns the thread pool takes on a busy machine). */
const untilBegun = (count: number) =>
  new Promise<void>((begin) => {
    if (disk.begun >= count) begin();
    else disk.waiters.push({ count, begin });
  });

it("answer 1 is judged while item 2's request is flushed, and POST 2 leaves only once that flush is done", async () => {
  // Loaded after the mock: the receipts' append flushes through the fs.fsync above.
  vi.resetModules();
  const { sendAhead } = await import("../../src/declare/send-ahead.js");
  const { sendDepsOnClock } = await import("../helpers/send-deps.js");
  const dir = mkdtempSync(join(tmpdir(), "tradectl-send-ahead-flush-"));
  dirs.push(dir);
  const path = join(dir, "receipts.ndjson");
  /** Per POST: its declaration, and the receipts' size flushed when it arrived. */
  const posts: { id: string; flushedTo: number }[] = [];
  const server = await startTestServer(async (req, res) => {
    const id = String(JSON.parse(req.body).cryptoDepositDeclarationId);
    posts.push({ id, flushedTo: disk.flushed.at(-1) ?? 0 });
    // Answer 1 once item 2's flush has begun: it is read and judged while that flush is held.
    if (id === "7001") await untilBegun(2);
    sendJson(res, 200, `{"success":true,"message":"","code":0}`);
  });
  servers.push(server);
  const { deps, client } = sendDepsOnClock(server.url, path, {
    start: Date.UTC(2026, 0, 1),
    outcomesWithNext: true,
  });
  const sender = sendAhead(deps);
  // Item 1's request flushed as ever; item 2's (the second flush) held until `open`.
  let open!: () => void;
  disk.gate = new Promise((resolve) => {
    open = resolve;
  });
  disk.holdFrom = 2;
  const [one, two] = [itemOf("7001"), itemOf("7002")];
  try {
    const first = await sender.post(one, [two]);
    // Answer 1 judged, item 2's request written and its flush under way: POST 2 not sent.
    expect(first).toMatchObject({ id: "7001", judgement: { outcome: "confirmed" } });
    expect(disk.begun).toBe(2);
    expect(disk.flushed).toHaveLength(1);
    const second = sender.post(two, []);
    await turns(5);
    expect(posts.map((p) => p.id)).toEqual(["7001"]);

    open();
    expect(await second).toMatchObject({ id: "7002", judgement: { outcome: "confirmed" } });
    // Each POST arrived with its own request on disk: the file flushed up to its line.
    const requestEnd = (id: string) => {
      const text = readFileSync(path, "utf8");
      const at = text.indexOf(`"declarationId":"${id}"`);
      return text.indexOf("\n", at) + 1;
    };
    expect(posts.map((p) => p.id)).toEqual(["7001", "7002"]);
    for (const post of posts) expect(post.flushedTo).toBeGreaterThanOrEqual(requestEnd(post.id));
    expect(statSync(path).size).toBeGreaterThan(0);
  } finally {
    await sender.end();
    await client.close();
  }
});
