import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type NewOutcome, openReceipts, receiptsPath } from "../../src/config/receipts.js";
import { GENESIS, verifyLines } from "../../src/config/receipts-chain.js";
import { declaredAnswers, otherRequests } from "../../src/config/receipts-queries.js";
import { isTradectlError } from "../../src/errors.js";
import { createTranslator, inEnglish, type Text } from "../../src/i18n/index.js";
import { buildReceiptsChild } from "../helpers/receipts.js";

/** A verify result with its reason in English, as `receipts verify --json` reports it. */
const inWords = (result: { ok: boolean; reason?: Text }) =>
  result.reason === undefined ? result : { ...result, reason: inEnglish(result.reason) };

const hash = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const temp = () => mkdtempSync(join(tmpdir(), "tradectl-receipts-"));
const BODY =
  '{"cryptoDepositDeclarationId":9223372036854775807,"isSelfSender":false,"firstName":"Ayşe","lastName":"Yılmaz","description":"Gift from my sister\'s wallet","AddressType":"Exchange","exchangeId":3}';
const REQUEST = {
  baseUrl: "https://api.btcturk.com",
  publicKey: "pub-key-1",
  declarationId: "9223372036854775807",
  body: BODY,
};
const CONFIRMED: NewOutcome = {
  status: 200,
  responseBody: '{"success":true,"message":"","code":0}',
  outcome: "confirmed",
  verifiedBy: "answer",
  byThisRequest: true,
  message: "declaration 9223372036854775807 confirmed",
};
const lines = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l !== "");

describe("receiptsPath", () => {
  it("is $XDG_STATE_HOME/tradectl/receipts.ndjson, else under ~/.local/state", () => {
    expect(receiptsPath({ XDG_STATE_HOME: "/s" })).toBe("/s/tradectl/receipts.ndjson");
    expect(receiptsPath({ HOME: "/home/u" })).toBe("/home/u/.local/state/tradectl/receipts.ndjson");
  });
  it("keeps --sandbox receipts beside the sandbox state, apart from a real account's", () => {
    expect(receiptsPath({ XDG_STATE_HOME: "/s" }, { sandbox: true })).toBe(
      "/s/tradectl/sandbox.receipts.ndjson",
    );
    expect(receiptsPath({}, { sandbox: true, sandboxStatePath: "/x/state/mine.json" })).toBe(
      "/x/state/mine.receipts.ndjson",
    );
  });
});

describe("recording", () => {
  it("writes the request before anything else, with its exact body and sha256, mode 0600", async () => {
    const dir = temp();
    const path = join(dir, "state", "tradectl", "receipts.ndjson");
    const receipts = openReceipts(path, { now: () => Date.parse("2026-11-24T10:00:00Z") });
    const ref = await receipts.recordRequest({ ...REQUEST, rule: "kraken-xrp" });
    const [first] = lines(path);
    const request = JSON.parse(first!);
    expect(request).toMatchObject({
      prev: GENESIS,
      type: "request",
      requestId: ref.requestId,
      attempt: 1,
      time: "2026-11-24T10:00:00.000Z",
      baseUrl: "https://api.btcturk.com",
      publicKey: "pub-key-1",
      declarationId: "9223372036854775807",
      body: BODY,
      bodySha256: hash(BODY),
      rule: "kraken-xrp",
    });
    expect(JSON.stringify(request)).not.toMatch(/secret/i);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, "state", "tradectl")).mode & 0o777).toBe(0o700);

    await receipts.recordOutcome(ref, CONFIRMED);
    const [, second] = lines(path);
    expect(JSON.parse(second!)).toMatchObject({
      prev: hash(first!),
      type: "outcome",
      requestId: ref.requestId,
      status: 200,
      responseBody: '{"success":true,"message":"","code":0}',
      outcome: "confirmed",
      verifiedBy: "answer",
      byThisRequest: true,
    });
    expect(await receipts.verify()).toMatchObject({ ok: true, count: 2 });
  });

  it("tightens a receipts file whose mode was widened", async () => {
    const path = join(temp(), "receipts.ndjson");
    writeFileSync(path, "", { mode: 0o644 });
    await openReceipts(path).recordRequest(REQUEST);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("gives request ids that differ", async () => {
    const receipts = openReceipts(join(temp(), "r.ndjson"));
    const a = await receipts.recordRequest(REQUEST);
    const b = await receipts.recordRequest(REQUEST);
    expect(a.requestId).not.toBe(b.requestId);
  });

  it("keeps both attempts of a request the service did not process (429), with one outcome", async () => {
    const receipts = openReceipts(join(temp(), "r.ndjson"));
    const first = await receipts.recordRequest(REQUEST);
    await receipts.recordNotProcessed(first, {
      status: 429,
      responseBody: '{"details":"Quota exceeded"}',
      reason: "rate_limited",
      message: "HTTP 429",
    });
    expect(await receipts.unsettled(REQUEST.declarationId)).toEqual([]);
    const second = await receipts.recordRequest(REQUEST, first);
    expect(second).toEqual({ ...first, attempt: 2 });
    expect((await receipts.unsettled(REQUEST.declarationId)).map((s) => s.requestId)).toEqual([
      first.requestId,
    ]);
    await receipts.recordOutcome(second, CONFIRMED);
    const [summary] = await receipts.requests(REQUEST.declarationId);
    expect(summary).toMatchObject({ attempts: 2, requestId: first.requestId });
    expect(summary!.notProcessed).toHaveLength(1);
    expect(summary!.outcome?.outcome).toBe("confirmed");
    expect(await receipts.unsettled(REQUEST.declarationId)).toEqual([]);
    expect((await receipts.history(REQUEST.declarationId)).map((e) => e.type)).toEqual([
      "request",
      "not-processed",
      "request",
      "outcome",
    ]);
  });

  it("names a request with no outcome (a killed run) as unsettled, for the next run to read back", async () => {
    const receipts = openReceipts(join(temp(), "r.ndjson"));
    const done = await receipts.recordRequest({ ...REQUEST, declarationId: "1" });
    await receipts.recordOutcome(done, CONFIRMED);
    const cut = await receipts.recordRequest({ ...REQUEST, declarationId: "2" });
    expect(await receipts.unsettled("1")).toEqual([]);
    const mine = await receipts.recordRequest({ ...REQUEST, declarationId: "2" });
    expect(otherRequests(await receipts.requests("2"), mine.requestId)).toEqual([
      { requestId: cut.requestId, outcome: null, byThisRequest: null },
    ]);
    await receipts.recordOutcome(mine, CONFIRMED);
    const [open] = await receipts.unsettled("2");
    expect(open?.requestId).toBe(cut.requestId);
    expect(open?.last.body).toBe(BODY);
  });

  it("reads the answers back from a body, ids as their digits", () => {
    expect(declaredAnswers(BODY)).toEqual({
      isSelfSender: false,
      firstName: "Ayşe",
      lastName: "Yılmaz",
      description: "Gift from my sister's wallet",
      AddressType: "Exchange",
      exchangeId: "3",
      exchangeOtherName: null,
    });
    expect(declaredAnswers("not json").firstName).toBeNull();
  });

  it("sets aside a line a crash cut short, goes on from the last whole line, and verify names it (issue 33, item 7)", async () => {
    const path = join(temp(), "r.ndjson");
    const receipts = openReceipts(path);
    await receipts.recordRequest(REQUEST);
    const whole = readFileSync(path, "utf8");
    writeFileSync(path, `${whole}{"prev":"ab`, { flag: "w" });
    // Before the next append: verify passes and names the torn last line.
    expect(await receipts.verify()).toMatchObject({ ok: true, count: 1, tornLine: 2 });
    await receipts.recordRequest(REQUEST);
    expect(lines(path)).toHaveLength(2);
    expect(readFileSync(path, "utf8").startsWith(whole)).toBe(true);
    expect(JSON.parse(readFileSync(`${path}.torn`, "utf8"))).toMatchObject({
      offset: Buffer.byteLength(whole),
      text: '{"prev":"ab',
    });
    expect(await receipts.verify()).toMatchObject({ ok: true, count: 2, setAside: 1 });
  });
});

describe("reading: only what was added since the last read", () => {
  it("sees what another process appended, and a file replaced by a shorter one", async () => {
    const path = join(temp(), "r.ndjson");
    const mine = openReceipts(path);
    const other = openReceipts(path);
    const ref = await mine.recordRequest(REQUEST);
    expect(await mine.requests(REQUEST.declarationId)).toHaveLength(1);
    await other.recordOutcome(ref, CONFIRMED);
    const [summary] = await mine.requests(REQUEST.declarationId);
    expect(summary!.outcome).toMatchObject({ outcome: "confirmed" });
    // The file replaced by a shorter one (restored from a backup): read again from the start.
    const first = lines(path)[0]!;
    writeFileSync(path, `${first}\n`);
    expect((await mine.requests(REQUEST.declarationId))[0]!.outcome).toBeNull();
  });

  it("one declaration's lines, then several (a batch), each time with what was appended since (issue 33, item 17)", async () => {
    const path = join(temp(), "r.ndjson");
    const mine = openReceipts(path);
    const other = openReceipts(path);
    const a = await other.recordRequest({ ...REQUEST, declarationId: "11" });
    await other.recordRequest({ ...REQUEST, declarationId: "1" });
    expect((await mine.requests("1")).map((r) => r.declarationId)).toEqual(["1"]);
    await other.recordOutcome(a, CONFIRMED);
    await other.recordRequest({ ...REQUEST, declarationId: "1" });
    expect(await mine.requests("1")).toHaveLength(2);
    const [eleven] = await mine.requests("11");
    expect(eleven!.outcome).toMatchObject({ outcome: "confirmed" });
    await other.recordRequest({ ...REQUEST, declarationId: "11" });
    expect(await mine.requests("11")).toHaveLength(2);
    expect(await mine.requests("1")).toHaveLength(2);
    expect((await mine.history("11")).map((e) => e.type)).toEqual([
      "request",
      "outcome",
      "request",
    ]);
  });

  it("a line longer than the pieces it is read in is found whole", async () => {
    const path = join(temp(), "r.ndjson");
    const receipts = openReceipts(path);
    const long = `{"description":"${"x".repeat(3 * 1024 * 1024)}"}`;
    await receipts.recordRequest({ ...REQUEST, declarationId: "5", body: long });
    await receipts.recordRequest({ ...REQUEST, declarationId: "6" });
    const [five] = await openReceipts(path).requests("5");
    expect(five!.first.body).toBe(long);
    expect(await openReceipts(path).requests("6")).toHaveLength(1);
    const both = openReceipts(path);
    expect(await both.requests("6")).toHaveLength(1);
    expect(await both.requests("5")).toHaveLength(1);
  });

  it("a last line cut short by a crash blocks nothing: the whole lines are read, the torn one left out", async () => {
    const path = join(temp(), "r.ndjson");
    const receipts = openReceipts(path);
    await receipts.recordRequest(REQUEST);
    expect(await receipts.requests()).toHaveLength(1);
    writeFileSync(path, `${readFileSync(path, "utf8")}{"prev":"ab`, { flag: "w" });
    expect(await receipts.requests()).toHaveLength(1);
    expect(await openReceipts(path).requests()).toHaveLength(1);
  });
});

describe("verify: the chain finds an edited, removed or reordered line", () => {
  async function fiveLines(): Promise<{ path: string; text: string[] }> {
    const path = join(temp(), "r.ndjson");
    const receipts = openReceipts(path);
    for (const id of ["1", "2"]) {
      const ref = await receipts.recordRequest({ ...REQUEST, declarationId: id });
      await receipts.recordOutcome(ref, CONFIRMED);
    }
    await receipts.recordRequest({ ...REQUEST, declarationId: "3" });
    return { path, text: lines(path) };
  }
  const write = (path: string, text: string[]) => writeFileSync(path, `${text.join("\n")}\n`);

  it("a whole chain: ok and the count", async () => {
    const { path } = await fiveLines();
    expect(inWords(await openReceipts(path).verify())).toMatchObject({ ok: true, count: 5 });
    expect(verifyLines([])).toEqual({ ok: true, count: 0 });
  });

  it("the end is anchored apart (issue 33, item 3): an edited last line, lines dropped from the end, an emptied or deleted file are found", async () => {
    const { path, text } = await fiveLines();
    // Outcome of the last request flipped: the chain alone has no line after it to notice.
    await openReceipts(path).recordOutcome(
      { requestId: JSON.parse(text[4]!).requestId, attempt: 1, declarationId: "3" },
      CONFIRMED,
    );
    const six = lines(path);
    write(path, [
      ...six.slice(0, 5),
      six[5]!.replace('"outcome":"confirmed"', '"outcome":"rejected"'),
    ]);
    expect(inWords(await openReceipts(path).verify())).toMatchObject({
      ok: false,
      line: 6,
      reason: `it is not the last line ${path}.head records: it was edited after it was written`,
    });
    write(path, six.slice(0, 4));
    expect(inWords(await openReceipts(path).verify())).toMatchObject({
      ok: false,
      line: 5,
      reason: `the file ends before it: ${path}.head records 6 entries, so lines at the end were removed (or the file emptied or deleted)`,
    });
    writeFileSync(path, "");
    expect(inWords(await openReceipts(path).verify())).toMatchObject({ ok: false, line: 1 });
    rmSync(path);
    expect(inWords(await openReceipts(path).verify())).toMatchObject({ ok: false, line: 1 });
    // Put back as it was: whole again.
    write(path, six);
    expect(inWords(await openReceipts(path).verify())).toMatchObject({
      ok: true,
      count: 6,
      anchored: true,
    });
  });

  it("a file from before the head anchor: whole, said to be unanchored, and anchored by the next append", async () => {
    const { path } = await fiveLines();
    rmSync(`${path}.head`);
    expect(inWords(await openReceipts(path).verify())).toMatchObject({
      ok: true,
      count: 5,
      anchored: false,
    });
    await openReceipts(path).recordRequest(REQUEST);
    expect(inWords(await openReceipts(path).verify())).toMatchObject({
      ok: true,
      count: 6,
      anchored: true,
    });
  });

  it("an edited line is the line named, not the one after it (issue 33, item 18)", async () => {
    const { path, text } = await fiveLines();
    text[1] = text[1]!.replace('"outcome":"confirmed"', '"outcome":"rejected"');
    write(path, text);
    const result = await openReceipts(path).verify();
    expect(inWords(result)).toMatchObject({
      ok: false,
      line: 2,
      reason:
        "the next line was written after a different line: this one was edited (or a line after it removed)",
    });
    // The reason for people, in their language (`receipts verify` says it).
    expect(!result.ok && createTranslator("tr").text(result.reason)).toBe(
      "sonraki satır başka bir satırın ardından yazılmış: bu satır değiştirilmiş (ya da ondan sonraki bir satır silinmiş)",
    );
  });

  it("an edited line just before the last: named, the anchored last line vouching for it", async () => {
    const { path, text } = await fiveLines();
    text[3] = text[3]!.replace('"outcome":"confirmed"', '"outcome":"rejected"');
    write(path, text);
    expect(inWords(await openReceipts(path).verify())).toMatchObject({ ok: false, line: 4 });
  });

  it("two lines swapped: the first out of place is named, as not following its predecessor", async () => {
    const { path, text } = await fiveLines();
    [text[2], text[3]] = [text[3]!, text[2]!];
    write(path, text);
    expect(inWords(await openReceipts(path).verify())).toMatchObject({
      ok: false,
      line: 3,
      reason: "does not follow line 2: a line was edited, removed or reordered here",
    });
  });

  it("an edited body on the last line: its sha256 does not match", async () => {
    const { path, text } = await fiveLines();
    text[4] = text[4]!.replace("Ayşe", "Ayse");
    write(path, text);
    const result = await openReceipts(path).verify();
    expect(inWords(result)).toMatchObject({
      ok: false,
      line: 5,
      reason: "its body does not match its bodySha256: the body was edited",
    });
    expect(!result.ok && createTranslator("tr").text(result.reason)).toBe(
      "gövdesi bodySha256 değeriyle uyuşmuyor: gövde değiştirilmiş",
    );
  });

  it("a removed line: the line before the gap is named, with a removal said possible", async () => {
    const { path, text } = await fiveLines();
    text.splice(2, 1);
    write(path, text);
    expect(inWords(await openReceipts(path).verify())).toMatchObject({
      ok: false,
      line: 2,
      reason: expect.stringMatching(/or a line after it removed/),
    });
  });

  it("a removed first line", async () => {
    const { path, text } = await fiveLines();
    write(path, text.slice(1));
    const result = await openReceipts(path).verify();
    expect(inWords(result)).toMatchObject({ ok: false, line: 1 });
  });

  it("two lines swapped", async () => {
    const { path, text } = await fiveLines();
    [text[2], text[3]] = [text[3]!, text[2]!];
    write(path, text);
    expect(inWords(await openReceipts(path).verify())).toMatchObject({ ok: false, line: 3 });
  });

  it("a line that is not JSON, and reading entries reports it as integrity", async () => {
    const { path, text } = await fiveLines();
    text[3] = "garbage";
    write(path, text);
    expect(inWords(await openReceipts(path).verify())).toMatchObject({ ok: false, line: 4 });
    const error = await openReceipts(path)
      .requests()
      .catch((e: unknown) => e);
    expect(isTradectlError(error) && error.kind).toBe("integrity");
  });
});

describe("claims", () => {
  it("a claim held by a live process makes the next wait, bounded by the timeout (fake clock)", async () => {
    const receipts = openReceipts(join(temp(), "r.ndjson"));
    const held = await receipts.claim("7", {
      timeoutMs: 1000,
      now: () => 0,
      sleep: async () => {},
    });
    expect(held.waited).toBe(false);
    let clock = 0;
    const sleeps: number[] = [];
    const error = await receipts
      .claim("7", {
        timeoutMs: 1000,
        now: () => clock,
        sleep: async (ms) => {
          sleeps.push(ms);
          clock += 300;
        },
      })
      .catch((e: unknown) => e);
    expect(isTradectlError(error) && error.kind).toBe("unknown");
    expect(String((error as Error).message)).toContain(`pid ${process.pid}`);
    expect(sleeps.length).toBeGreaterThan(0);
    await held.release();
  });

  it("a claim survives pid reuse (issue 33, item 6): its own pid with another start time, or past the age bound, is a crashed run's; the wait's error names the claim file", async () => {
    const path = join(temp(), "r.ndjson");
    const receipts = openReceipts(path);
    const options = { timeoutMs: 0, now: () => Date.now(), sleep: async () => {} };
    const file = `${path}.claims/7.claim`;
    mkdirSync(`${path}.claims`, { recursive: true });
    // As after `kill -9` of a container whose entrypoint is tradectl: pid 1 again, started anew.
    writeFileSync(file, `${process.pid} abcdef ${Date.now()} 1`);
    const taken = await receipts.claim("7", options);
    await taken.release();
    // A live holder with no start time on record, older than an hour.
    writeFileSync(file, `${process.pid} abcdef ${Date.now()}`);
    utimesSync(file, new Date(Date.now() - 2 * 3_600_000), new Date(Date.now() - 2 * 3_600_000));
    const old = await receipts.claim("7", options);
    await old.release();
    // A live holder, fresh: waited for, and the error names the file.
    writeFileSync(file, `${process.pid} abcdef ${Date.now()}`);
    const error = await receipts.claim("7", options).catch((e: unknown) => e);
    expect(isTradectlError(error) && error.kind).toBe("unknown");
    expect((error as Error).message).toContain(`(its claim: ${file})`);
  });

  it("the waiter takes the claim once the holder releases it, and says it waited", async () => {
    const receipts = openReceipts(join(temp(), "r.ndjson"));
    const held = await receipts.claim("7", {
      timeoutMs: 1000,
      now: () => 0,
      sleep: async () => {},
    });
    const other = await receipts.claim("8", {
      timeoutMs: 1000,
      now: () => 0,
      sleep: async () => {},
    });
    expect(other.waited).toBe(false);
    const next = await receipts.claim("7", {
      timeoutMs: 1000,
      now: () => 0,
      sleep: () => held.release(),
    });
    expect(next.waited).toBe(true);
    await next.release();
    await other.release();
  });

  it("stops waiting on Ctrl-C", async () => {
    const receipts = openReceipts(join(temp(), "r.ndjson"));
    const held = await receipts.claim("7", {
      timeoutMs: 1000,
      now: () => 0,
      sleep: async () => {},
    });
    const abort = new AbortController();
    const error = await receipts
      .claim("7", {
        timeoutMs: 1000,
        now: () => 0,
        signal: abort.signal,
        sleep: async () => abort.abort(),
      })
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe("AbortError");
    await held.release();
  });
});

describe("several processes", () => {
  let child: string;
  beforeAll(async () => {
    child = await buildReceiptsChild();
  });

  const run = (...args: string[]) =>
    spawn(process.execPath, [child, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  async function exitOf(proc: ChildProcess): Promise<number | null> {
    let stderr = "";
    proc.stderr?.on("data", (d) => {
      stderr += d;
    });
    const [code] = await once(proc, "exit");
    if (code !== 0) throw new Error(`child failed (${code}): ${stderr}`);
    return code as number;
  }

  it("two processes appending at once leave whole lines in a valid chain", async () => {
    const path = join(temp(), "r.ndjson");
    const children = [run("append", path, "11", "25"), run("append", path, "12", "25")];
    await Promise.all(children.map(exitOf));
    const text = lines(path);
    expect(text).toHaveLength(100);
    for (const line of text) expect(() => JSON.parse(line)).not.toThrow();
    expect(inWords(await openReceipts(path).verify())).toMatchObject({ ok: true, count: 100 });
    expect(statSync(path).mode & 0o777).toBe(0o600);
  }, 60_000);

  it("two processes claiming one declaration never have a request in flight at once", async () => {
    const path = join(temp(), "r.ndjson");
    const children = [run("claim", path, "21", "15"), run("claim", path, "21", "15")];
    await Promise.all(children.map(exitOf));
    const history = await openReceipts(path).history("21");
    expect(history).toHaveLength(60);
    // Under the claim each request is followed by its own outcome before the next request.
    for (let i = 0; i < history.length; i += 2) {
      expect(history[i]!.type).toBe("request");
      expect(history[i + 1]).toMatchObject({ type: "outcome", requestId: history[i]!.requestId });
    }
    expect(inWords(await openReceipts(path).verify())).toMatchObject({ ok: true, count: 60 });
  }, 60_000);

  it("a holder killed with SIGKILL: its claim is taken over, its request stays unsettled", async () => {
    const path = join(temp(), "r.ndjson");
    const holder = run("hold", path, "31");
    const [data] = await once(holder.stdout!, "data");
    expect(String(data)).toContain("held");
    holder.kill("SIGKILL");
    await once(holder, "exit");
    const receipts = openReceipts(path);
    const claim = await receipts.claim("31", {
      timeoutMs: 1000,
      now: () => 0,
      sleep: async () => {
        throw new Error("should not wait for a dead holder");
      },
    });
    const [cut] = await receipts.unsettled("31");
    expect(cut?.attempts).toBe(1);
    await claim.release();
  }, 60_000);
});
