import type { ServerResponse } from "node:http";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openReceipts } from "../../src/config/receipts.js";
import { tempHome } from "../helpers/cli.js";
import { FakeClock } from "../helpers/fake-clock.js";
import {
  OWN_TRANSFER,
  oneDeclarationList,
  sendJson,
  startTestServer,
  type TestServer,
} from "../helpers/http-server.js";
import { runMain, startMain, TEST_CREDENTIALS } from "../helpers/run.js";

/**
 * Receipts that hold (issue 33): what an outcome may claim when several requests for one
 * declaration are on record, run in process against a server of the test's own.
 */

const ID = "800000000";
const A = OWN_TRANSFER;

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const listBody = (confirmedAt: string | null) => oneDeclarationList(ID, confirmedAt);

describe("an outcome names the request that was applied, or says it cannot know which", () => {
  it("first POST 503 (not applied), second applied and its answer lost: a third run does not credit the first", async () => {
    let posts = 0;
    let confirmedAt: string | null = null;
    server = await startTestServer((req, res) => {
      if (req.method === "POST") {
        posts++;
        if (posts === 1) {
          sendJson(res, 503, '{"success":false,"message":"Service Unavailable","code":503}');
          return;
        }
        confirmedAt ??= new Date().toISOString();
        res.socket?.destroy();
        return;
      }
      sendJson(res, 200, listBody(confirmedAt));
    });
    const home = tempHome();
    const env = { ...TEST_CREDENTIALS, TRADECTL_BASE_URL: server.url };
    const run = () =>
      runMain(["declarations", "confirm", ID, ...A, "--yes", "--retries", "0", "-o", "json"], {
        home,
        env,
      });
    const a = await run();
    expect(a.stdout).toContain('"outcome":"unknown"');
    const b = await run();
    expect(posts).toBe(2);
    expect(b.stdout).toContain('"outcome":"already_confirmed"');
    await run();
    expect(posts, "no third POST").toBe(2);

    const path = join(home.XDG_STATE_HOME, "tradectl", "receipts.ndjson");
    const [first, second] = await openReceipts(path).requests(ID);
    // The first request was answered 503 and never applied: it must not be credited by the
    // read-back ("no other request for it is on record" is false: the second one is).
    expect(first!.outcome?.outcome).not.toBe("confirmed");
    expect(first!.outcome?.byThisRequest).not.toBe(true);
    expect(second!.outcome?.byThisRequest).not.toBe(true);
  });
});

describe("a second run started while the first's request is in flight (issue 33, item 8)", () => {
  it("waits for the first's outcome and reports from it: one POST in all", async () => {
    let held: ServerResponse | null = null;
    server = await startTestServer((req, res) => {
      if (req.method === "POST") {
        held = res;
        return;
      }
      sendJson(res, 200, listBody(null));
    });
    const home = tempHome();
    const env = { ...TEST_CREDENTIALS, TRADECTL_BASE_URL: server.url };
    const args = ["declarations", "confirm", ID, ...A, "--yes", "--retries", "0", "-o", "json"];
    const posts = () => server!.requests.filter((r) => r.method === "POST").length;

    const first = startMain(args, { home, env });
    while (posts() === 0) await new Promise((resolve) => setImmediate(resolve));
    // The second run on a clock of the test's: it sleeps only while it waits for the claim.
    const clock = new FakeClock(Date.now());
    const second = startMain(args, { home, env, clock });
    await clock.sleeping();
    // The first's answer lost: it reads back (Pending) and ends unknown.
    (held as ServerResponse | null)?.socket?.destroy();
    expect(await first.done).toBe(1);
    let ended = false;
    void second.done.finally(() => {
      ended = true;
    });
    while (!ended) await Promise.race([clock.next(), second.done]);
    expect(await second.done).toBe(1);
    expect(posts(), "the second run sent nothing").toBe(1);
    const out = JSON.parse(second.stdout.text);
    expect(out).toMatchObject({ outcome: "unknown", byThisRequest: null });
    // Contract: "the second waits for the first's outcome (bounded by --timeout), and reports from it".
    expect(out.message).toContain("another tradectl sent request");
  });
});
