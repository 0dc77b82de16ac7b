import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_CREDENTIALS, type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { tempHome } from "../helpers/cli.js";
import { FakeClock } from "../helpers/fake-clock.js";
import { OWN_TRANSFER } from "../helpers/http-server.js";
import { expectReceiptsWhole } from "../helpers/receipts.js";
import { type RecordingProxy, startRecordingProxy } from "../helpers/recording-proxy.js";
import { startMain } from "../helpers/run.js";

// Issue 33, item 9: racing batches over the same declarations, every answer lost after the
// service applied it. A batch held the claims of its lost answers until its end-of-batch
// read-back while it waited for the other batch's claims: in different orders, each waited
// for the other until --timeout (30 s), and the items ended unknown ("busy").

const X = "734001026";
const Y = "734001025";
const ANSWERS = [...OWN_TRANSFER, "--yes", "-o", "ndjson"];

let sandbox: RunningSandbox;
let proxy: RecordingProxy;
let home: ReturnType<typeof tempHome>;
let clock: FakeClock;

beforeEach(async () => {
  home = tempHome();
  clock = new FakeClock();
  sandbox = await startSandbox({ statePath: null });
  // The first POST is held until the second arrives: each batch has sent its first item (and
  // holds its claim, the answer lost) before either asks for the other's. A batch prepares its
  // next item while its POST is in flight (src/declare/send-ahead.ts), so the first may have
  // claimed the other's first item already: then the other waits (on the run's clock) and sends
  // nothing, and the first POST is let through when it does.
  let release: () => void = () => {};
  const second = new Promise<void>((resolve) => {
    release = resolve;
  });
  proxy = await startRecordingProxy(sandbox.url, {
    action: () => "lose-answer",
    beforePost: (n) => (n === 1 ? Promise.race([second, clock.sleeping()]) : release()),
  });
});
afterEach(async () => {
  await proxy.close();
  await sandbox.close();
  await expectReceiptsWhole(home);
});

describe("two batches over the same declarations in opposite orders", () => {
  it("neither waits out --timeout for the other's claims; each declaration sent once", async () => {
    const env = {
      TRADECTL_BASE_URL: proxy.url,
      TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
      TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
    };
    const start = clock.now();
    const run = (ids: string[]) =>
      startMain(["declarations", "confirm", ...ids, ...ANSWERS], { home, env, clock });
    const a = run([X, Y]);
    const b = run([Y, X]);
    let finished = false;
    const both = Promise.all([a.done, b.done]).finally(() => {
      finished = true;
    });
    // The claim waits sleep on the run's clock: time moves only as they ask.
    while (!finished) await Promise.race([clock.next(), both]);
    const codes = await both;

    const outcomes = [a, b].flatMap((r) =>
      r.stdout.text
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).outcome as string),
    );
    expect(codes, a.stderr.text + b.stderr.text).toEqual([0, 0]);
    expect(outcomes.sort()).toEqual([
      "already_confirmed",
      "already_confirmed",
      "confirmed",
      "confirmed",
    ]);
    // Far below the 30 s --timeout a claim may be waited for.
    expect(clock.now() - start).toBeLessThan(5_000);
    expect([...proxy.processed].sort()).toEqual([Y, X].sort());
  });
});
