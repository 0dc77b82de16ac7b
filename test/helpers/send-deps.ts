// The send path's deps for tests: the real client the CLI builds, receipts and the claim's waits on one test clock.
import { TradeClient } from "../../src/api/client.js";
import { openReceipts, type Receipts } from "../../src/config/receipts.js";
import type { SendDeps } from "../../src/declare/send-types.js";
import { TEST_KEY, TEST_SECRET } from "./client-harness.js";
import { memoryIO } from "./memory-io.js";

export interface SendDepsOptions {
  /** The clock's start (ms since the epoch). */
  start: number;
  /** The receipts to use; else the file at `path`, on the test's clock. */
  receipts?: Receipts;
  /** Ctrl-C as the first wait begins (the client's or the claim's). */
  ctrlCOnWait?: boolean;
  /** A batch: each outcome written with the next request. */
  outcomesWithNext?: boolean;
}

/**
 * The deps of a run against `url` with receipts at `path`: `sleep` moves the test's clock at once
 * and keeps what was asked (the client's waits and the claim's alike). The caller closes `client`.
 */
export function sendDepsOnClock(url: string, path: string, options: SendDepsOptions) {
  let time = options.start;
  const slept: number[] = [];
  const io = memoryIO();
  const now = () => time;
  const controller = new AbortController();
  const sleep = async (ms: number, signal?: AbortSignal) => {
    if (options.ctrlCOnWait) controller.abort();
    slept.push(ms);
    time += ms;
    if (signal?.aborted) throw signal.reason;
  };
  const client = new TradeClient({
    baseUrl: url,
    credentials: { publicKey: TEST_KEY, secret: TEST_SECRET },
    now,
    sleep,
    random: () => 0.5,
  });
  const deps: SendDeps = {
    client,
    io,
    receipts: options.receipts ?? openReceipts(path, { now }),
    now,
    sleep,
    claimTimeoutMs: 30_000,
    signal: controller.signal,
    ...(options.outcomesWithNext ? { outcomesWithNext: true } : {}),
  };
  return { deps, slept, io, controller, client };
}
