import { createHash } from "node:crypto";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type NewOutcome, openReceipts } from "../../src/config/receipts.js";
import { inEnglish, type Text } from "../../src/i18n/index.js";

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
