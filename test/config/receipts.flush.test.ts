import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it, vi } from "vitest";

/**
 * What reaches the disk when (docs/RECEIPTS.md: a request is "flushed to disk before
 * the request is sent"). Each fsync of the receipts is seen here with the size of the file it
 * flushed: a request is on disk when recordRequest returns; an outcome is not flushed on its
 * own, and goes to disk with the next request. Nothing else is flushed.
 */
const flushes = vi.hoisted(() => [] as { ino: number; size: number }[]);
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  return {
    ...fs,
    fsyncSync(fd: number) {
      fs.fsyncSync(fd);
      const { ino, size } = fs.fstatSync(fd);
      flushes.push({ ino, size });
    },
  };
});

const REQUEST = {
  baseUrl: "https://api.btcturk.com/",
  publicKey: "pub-key-1",
  declarationId: "734001026",
  body: '{"cryptoDepositDeclarationId":734001026,"isSelfSender":true,"description":"My own XRP from my Kraken account","AddressType":"Exchange","exchangeId":3}',
};

it("a request is on disk before recordRequest returns; its outcome goes to disk with the next request", async () => {
  // The setup files loaded the receipts module with the real node:fs: load it again, mocked.
  vi.resetModules();
  const { openReceipts } = await import("../../src/config/receipts.js");
  const path = join(mkdtempSync(join(tmpdir(), "tradectl-receipts-")), "receipts.ndjson");
  const receipts = openReceipts(path);
  const size = () => statSync(path).size;
  // The receipts' own flushes.
  const flushed = () => flushes.filter((f) => f.ino === statSync(path).ino).map((f) => f.size);

  const ref = await receipts.recordRequest(REQUEST);
  expect(flushed()).toEqual([size()]);

  await receipts.recordNotProcessed(ref, {
    status: 429,
    responseBody: null,
    reason: "rate_limited",
    message: "429",
  });
  const again = await receipts.recordRequest(REQUEST, ref);
  expect(flushed()).toEqual([flushed()[0], size()]);

  await receipts.recordOutcome(again, {
    status: 200,
    responseBody: '{"success":true,"message":"","code":0}',
    outcome: "confirmed",
    verifiedBy: "answer",
    byThisRequest: true,
    message: "declaration 734001026 confirmed",
  });
  // Written (another process reads it at once) but not flushed on its own.
  expect(flushed()).toHaveLength(2);
  expect(size()).toBeGreaterThan(flushed()[1]!);
  expect((await receipts.requests("734001026"))[0]!.outcome?.outcome).toBe("confirmed");

  await receipts.recordRequest({ ...REQUEST, declarationId: "734001008" });
  expect(flushed()).toEqual([flushed()[0], flushed()[1], size()]);
  // One fsync per request and nothing else: the head anchor beside the receipts is written
  // after its line is on disk, and goes to disk with a later flush.
  expect(flushes).toHaveLength(3);
});
