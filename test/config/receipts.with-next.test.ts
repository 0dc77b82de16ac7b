import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { type NewOutcome, openReceipts } from "../../src/config/receipts.js";

/**
 * A batch writes each outcome with its next request (one lock, one write, one flush), and
 * releases the declaration's claim only after. What must hold (docs/RECEIPTS.md): another
 * process that takes the claim finds the outcome on record; an exit writes what waits; a kill
 * -9 before the next write leaves the request without an outcome, which says no more than
 * known ("sent, the outcome not known": read back by the next run).
 */
const temp = () => join(mkdtempSync(join(tmpdir(), "tradectl-with-next-")), "r.ndjson");
const types = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => `${JSON.parse(line).type} ${JSON.parse(line).declarationId}`);
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
const claimOptions = { timeoutMs: 0, now: () => 0, sleep: async () => {} };

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
    child = join(mkdtempSync(join(tmpdir(), "tradectl-with-next-")), "receipts-child.mjs");
    await build({
      entryPoints: [join(import.meta.dirname, "receipts-child.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      outfile: child,
      logLevel: "silent",
    });
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
