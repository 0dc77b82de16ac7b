import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type NewOutcome, openReceipts } from "../../src/config/receipts.js";
import { inEnglish, type Text } from "../../src/i18n/index.js";
import { buildReceiptsChild } from "../helpers/receipts.js";

/**
 * An append reads nothing of the file when it is as this process's last append left it; the
 * rule it must keep (docs/RECEIPTS.md): each line is chained to the last whole line of the file
 * as it is, whoever wrote it, and an edit is found by `receipts verify`.
 */
const hash = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const temp = () => join(mkdtempSync(join(tmpdir(), "tradectl-append-")), "r.ndjson");
const lines = (path: string) => readFileSync(path, "utf8").split("\n").filter(Boolean);
const inWords = (result: { ok: boolean; reason?: Text }) =>
  result.reason === undefined ? result : { ...result, reason: inEnglish(result.reason) };
const request = (id: string) => ({
  baseUrl: "http://127.0.0.1:1",
  publicKey: "pub-key-1",
  declarationId: id,
  body: `{"cryptoDepositDeclarationId":${id},"isSelfSender":true}`,
});
const CONFIRMED: NewOutcome = {
  status: 200,
  responseBody: '{"success":true}',
  outcome: "confirmed",
  verifiedBy: "answer",
  byThisRequest: true,
  message: "confirmed",
};

describe("appending after the file changed under this process", () => {
  it("a line another process appended meanwhile: the next line is chained to it", async () => {
    const path = temp();
    const receipts = openReceipts(path);
    const ref = await receipts.recordRequest(request("1"));
    // Another writer's line, chained to ours, then its head, as another tradectl leaves them.
    const other = JSON.stringify({
      prev: hash(lines(path)[0]!),
      type: "not-processed",
      requestId: ref.requestId,
      attempt: 1,
      declarationId: "1",
      time: "2026-01-01T00:00:00.000Z",
      status: 429,
      responseBody: null,
      reason: "rate_limited",
      message: "429",
    });
    appendFileSync(path, `${other}\n`);
    await receipts.recordOutcome(ref, CONFIRMED);
    const text = lines(path);
    expect(text).toHaveLength(3);
    expect(JSON.parse(text[2]!).prev).toBe(hash(other));
    // The head is not vouched for by the other line's writer here: the chain is whole.
    expect(inWords(await openReceipts(path).verify())).toMatchObject({ ok: true, count: 3 });
  });

  it("the last line edited in place, same length: the next line is chained to the file as it is, and verify still names the edit", async () => {
    const path = temp();
    const receipts = openReceipts(path);
    const ref = await receipts.recordRequest(request("2"));
    await receipts.recordOutcome(ref, CONFIRMED);
    const [first, second] = lines(path) as [string, string];
    const edited = second.replace('"outcome":"confirmed"', '"outcome":"xonfirmed"');
    expect(edited.length).toBe(second.length);
    writeFileSync(path, `${first}\n${edited}\n`);
    await receipts.recordRequest(request("3"));
    const text = lines(path);
    // Chained to what the file holds now (read again: the file changed), never to a memory of it.
    expect(JSON.parse(text[2]!).prev).toBe(hash(edited));
    // The edit itself is still found: the head recorded the line as written.
    expect(inWords(await openReceipts(path).verify())).toMatchObject({ ok: false, line: 2 });
  });

  it("a file deleted and written anew between two appends: the next line is chained to the new file's last line", async () => {
    const path = temp();
    const receipts = openReceipts(path);
    await receipts.recordRequest(request("4"));
    const kept = lines(path)[0]!;
    rmSync(path);
    rmSync(`${path}.head`);
    writeFileSync(path, `${kept}\n`, { mode: 0o600 });
    await receipts.recordRequest(request("5"));
    const text = lines(path);
    expect(text).toHaveLength(2);
    expect(JSON.parse(text[1]!).prev).toBe(hash(kept));
    expect(inWords(await openReceipts(path).verify())).toMatchObject({ ok: true, count: 2 });
  });
});

const types = (path: string) =>
  lines(path).map((line) => `${JSON.parse(line).type} ${JSON.parse(line).declarationId}`);
const claimOptions = { timeoutMs: 0, now: () => 0, sleep: async () => {} };

/**
 * A batch writes each outcome with its next request (one lock, one write, one flush), and
 * releases the declaration's claim only after. What must hold (docs/RECEIPTS.md): another
 * process that takes the claim finds the outcome on record; an exit writes what waits; a kill
 * -9 before the next write leaves the request without an outcome, which says no more than
 * known ("sent, the outcome not known": read back by the next run).
 */
describe("an outcome written with the next request", () => {
  it("waits for the next entry, goes to disk in the same write before it, and only then is the claim released", async () => {
    const path = temp();
    const receipts = openReceipts(path);
    const claim = await receipts.claim("1", claimOptions);
    const ref = await receipts.recordRequest(request("1"));
    let released = false;
    await receipts.recordOutcome(ref, CONFIRMED, async () => {
      released = true;
      await claim.release();
    });
    // Not written yet, and the claim still held: no other process acts on the request meanwhile.
    expect(types(path)).toEqual(["request 1"]);
    expect(released).toBe(false);
    expect(existsSync(`${path}.claims/1.claim`)).toBe(true);
    await receipts.recordRequest(request("2"));
    expect(types(path)).toEqual(["request 1", "outcome 1", "request 2"]);
    expect(released).toBe(true);
    expect(existsSync(`${path}.claims/1.claim`)).toBe(false);
    expect(await openReceipts(path).verify()).toMatchObject({ ok: true, count: 3 });
  });

  it("is written before its declaration is read, and before the whole file is read or verified", async () => {
    const path = temp();
    const receipts = openReceipts(path);
    const ref = await receipts.recordRequest(request("3"));
    await receipts.recordOutcome(ref, CONFIRMED, async () => {});
    expect(await receipts.unsettled("3")).toEqual([]);
    expect(types(path)).toEqual(["request 3", "outcome 3"]);
    const other = await receipts.recordRequest(request("4"));
    await receipts.recordOutcome(other, CONFIRMED, async () => {});
    expect((await receipts.requests()).map((r) => r.outcome?.outcome)).toEqual([
      "confirmed",
      "confirmed",
    ]);
    await receipts.writeWaiting(); // nothing left: no line added
    expect(types(path)).toEqual(["request 3", "outcome 3", "request 4", "outcome 4"]);
  });
});

describe("an outcome waiting when the process ends", () => {
  let child: string;
  beforeAll(async () => {
    child = await buildReceiptsChild();
  });
  const run = (...args: string[]) =>
    spawn(process.execPath, [child, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  const said = async (proc: ChildProcess, text: string) => {
    let out = "";
    for await (const chunk of proc.stdout!) {
      out += chunk;
      if (out.includes(text)) return;
    }
  };

  it("process.exit (a second Ctrl-C, an error on the way out): the outcome is written as it exits", async () => {
    const path = temp();
    const proc = run("exit-waiting", path, "5");
    const [code] = await once(proc, "exit");
    expect(code).toBe(0);
    expect(types(path)).toEqual(["request 5", "outcome 5"]);
    // The lock it took to write them leaves no file of its own behind.
    expect(readdirSync(dirname(path)).filter((n) => n.startsWith(".lock-own."))).toEqual([]);
    expect(await openReceipts(path).verify()).toMatchObject({ ok: true, count: 2 });
  }, 30_000);

  it("kill -9 before the next write: the request alone, on record as unsettled (sent, outcome not known)", async () => {
    const path = temp();
    const proc = run("hang-waiting", path, "6");
    await said(proc, "waiting");
    proc.kill("SIGKILL");
    await once(proc, "exit");
    expect(types(path)).toEqual(["request 6"]);
    const receipts = openReceipts(path);
    const [open] = await receipts.unsettled("6");
    expect(open?.outcome).toBeNull();
    expect(await receipts.verify()).toMatchObject({ ok: true, count: 1 });
  }, 30_000);
});
