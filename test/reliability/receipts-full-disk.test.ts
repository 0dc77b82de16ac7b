import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { tempHome } from "../helpers/cli.js";
import {
  OWN_TRANSFER,
  oneDeclarationList,
  sendJson,
  startTestServer,
  type TestServer,
} from "../helpers/http-server.js";

/**
 * A full disk (issue 33, High 1 and Low 13), through a seam in node:fs: a write that takes
 * fewer bytes than it was given, then ENOSPC, as a nearly full file system does. The contract:
 * a request is "flushed to disk before the request is sent"; a request that is not on disk whole
 * is not sent; what could not be recorded is still printed.
 */
const disk = vi.hoisted(() => ({
  /** The next write of a line holding this text takes `room` bytes, then the disk is full. */
  full: null as string | null,
  room: 0,
  /** False: after the short write the disk has room again (a short count, not a full disk). */
  staysFull: true,
}));
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const writeSync = ((fd: number, given: unknown, ...rest: unknown[]) => {
    // A string is written as its UTF-8 bytes from the start (the rest is then a position).
    const data = typeof given === "string" ? Buffer.from(given) : given;
    if (disk.full !== null && Buffer.isBuffer(data) && data.includes(disk.full)) {
      const [offset = 0, length = data.length - offset] =
        typeof given === "string" ? [] : (rest as number[]);
      if (disk.room > 0) {
        const n = Math.min(disk.room, length);
        disk.room = 0;
        if (!disk.staysFull) disk.full = null;
        return fs.writeSync(fd, data, offset, n);
      }
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), {
        code: "ENOSPC",
      });
    }
    return (fs.writeSync as (...a: unknown[]) => number)(fd, given, ...rest);
  }) as typeof fs.writeSync;
  return { ...fs, writeSync };
});

const ID = "734001022";
const A = OWN_TRANSFER;

let server: TestServer;
let confirmedAt: string | null;
beforeEach(async () => {
  disk.full = null;
  disk.staysFull = true;
  confirmedAt = null;
  server = await startTestServer((req, res) => {
    if (req.method === "POST") {
      confirmedAt ??= new Date().toISOString();
      sendJson(res, 200, '{"success":true,"message":"","code":0}');
      return;
    }
    sendJson(res, 200, oneDeclarationList(ID, confirmedAt));
  });
});
afterEach(() => server.close());

/** The CLI, loaded again so that it sees the node:fs seam (the setup files loaded the real one). */
async function cli() {
  vi.resetModules();
  const { runMain, TEST_CREDENTIALS } = await import("../helpers/run.js");
  const { openReceipts } = await import("../../src/config/receipts.js");
  const home = tempHome();
  const path = join(home.XDG_STATE_HOME, "tradectl", "receipts.ndjson");
  const run = () =>
    runMain(["declarations", "confirm", ID, ...A, "--yes", "-o", "json"], {
      home,
      env: { ...TEST_CREDENTIALS, TRADECTL_BASE_URL: server.url },
    });
  return { run, path, receipts: () => openReceipts(path) };
}
const posts = () => server.requests.filter((r) => r.method === "POST").length;

describe("a full disk", () => {
  it("a request line that does not fit whole: not sent, no torn line left, and the output says so (kind io, exit 1)", async () => {
    const { run, path, receipts } = await cli();
    disk.full = '"type":"request"';
    disk.room = 100;
    const r = await run();
    expect(posts(), "no POST without its whole request line on disk").toBe(0);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ outcome: "not_sent" });
    expect(out.message).toContain("no space left on device");
    expect(r.stderr).toContain('"kind":"io"');
    expect(r.stderr).not.toContain('"kind":"usage"');
    // Nothing half-written stays on disk.
    let text = "";
    try {
      text = readFileSync(path, "utf8");
    } catch {}
    expect(text === "" || text.endsWith("\n")).toBe(true);
    expect(await receipts().verify()).toMatchObject({ ok: true });

    // Space again: the same command sends it, once.
    disk.full = null;
    const again = await run();
    expect(again.code, again.stderr).toBe(0);
    expect(posts()).toBe(1);
  });

  it("a short write is written on, not taken for the whole line", async () => {
    const { run, path, receipts } = await cli();
    disk.full = '"type":"request"';
    disk.room = 100;
    disk.staysFull = false;
    const r = await run();
    expect(r.code, r.stderr).toBe(0);
    expect(posts()).toBe(1);
    const [request] = await receipts().requests(ID);
    expect(request!.first.declarationId).toBe(ID);
    expect(readFileSync(path, "utf8").split("\n")[0]!.length).toBeGreaterThan(100);
    expect(await receipts().verify()).toMatchObject({ ok: true, count: 2 });
  });

  it("an outcome line that does not fit: the outcome is still printed, with a warning; the next run settles it with no second POST", async () => {
    const { run, receipts } = await cli();
    disk.full = '"type":"outcome"';
    disk.room = 0;
    const r = await run();
    expect(posts()).toBe(1);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"success": true');
    expect(r.stderr).toContain("could not be put on record");
    expect(r.stderr).toContain("no space left on device");
    const [request] = await receipts().requests(ID);
    expect(request!.outcome).toBeNull();

    disk.full = null;
    const again = await run();
    expect(posts(), "settled by reading back, not sent again").toBe(1);
    expect(again.stdout).toContain('"outcome":"already_confirmed"');
    expect(await receipts().verify()).toMatchObject({ ok: true });
  });
});
