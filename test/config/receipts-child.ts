// A tradectl-like process for the receipts tests, bundled by the test with esbuild and run with
// node: it appends to the receipts (under a claim, or not) the way the send path will.
//   node child.mjs append PATH ID COUNT         COUNT request+outcome pairs, no claim
//   node child.mjs claim PATH ID COUNT          COUNT times: claim, request, outcome, release
//   node child.mjs hold PATH ID                 claim, record a request, say "held", never end
//   node child.mjs exit-waiting PATH ID         a request, its outcome left to be written with the
//                                              next entry, then process.exit(0) (as a second Ctrl-C)
//   node child.mjs hang-waiting PATH ID         the same, then say "waiting" and never end (for SIGKILL)
import { setTimeout as sleep } from "node:timers/promises";
import { openReceipts } from "../../src/config/receipts.js";

const [mode, path, id, countText] = process.argv.slice(2) as [string, string, string, string?];
const receipts = openReceipts(path);
const count = Number(countText ?? "1");
const body = (n: number) =>
  `{"cryptoDepositDeclarationId":${id},"isSelfSender":true,"description":"child ${process.pid} request ${n}","AddressType":"IndividualWallet"}`;
const request = (n: number) => ({
  baseUrl: "http://127.0.0.1:1",
  publicKey: "sandbox-public-key",
  declarationId: id,
  body: body(n),
});
const outcome = {
  status: 200,
  responseBody: '{"success":true}',
  outcome: "confirmed" as const,
  verifiedBy: "answer" as const,
  byThisRequest: true,
  message: "confirmed",
};
// Well inside the tests' 60 s: a claim never released fails the child with the holder named
// (its pid and since when, on stderr, which the test reports), not the test with a bare timeout.
const claimOptions = {
  timeoutMs: 20_000,
  now: Date.now,
  sleep: (ms: number) => sleep(ms),
};

if (mode === "append") {
  for (let n = 0; n < count; n++) {
    const ref = await receipts.recordRequest(request(n));
    await receipts.recordOutcome(ref, outcome);
  }
} else if (mode === "claim") {
  for (let n = 0; n < count; n++) {
    const claim = await receipts.claim(id, claimOptions);
    try {
      const ref = await receipts.recordRequest(request(n));
      await receipts.recordOutcome(ref, outcome);
    } finally {
      await claim.release();
    }
  }
} else if (mode === "hold") {
  await receipts.claim(id, claimOptions);
  await receipts.recordRequest(request(0));
  process.stdout.write("held\n");
  await sleep(3_600_000);
} else if (mode === "exit-waiting" || mode === "hang-waiting") {
  const ref = await receipts.recordRequest(request(0));
  await receipts.recordOutcome(ref, outcome, async () => {});
  if (mode === "exit-waiting") process.exit(0);
  process.stdout.write("waiting\n");
  await sleep(3_600_000);
} else {
  throw new Error(`unknown mode ${mode}`);
}
