import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TradeClient } from "../../src/api/client.js";
import { openReceipts, receiptsPath } from "../../src/config/receipts.js";
import { DEMO_CREDENTIALS, type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { tempHome } from "../helpers/cli.js";
import { expectReceiptsWhole } from "../helpers/receipts.js";
import { runInProcess } from "../helpers/run.js";

// Issue 33, item 16: a batch or `--auto` run that finds a declaration Confirmed while a request
// of ours for it is open on record (a run killed after the write, or an `unknown`) settles that
// receipt from what it read, instead of skipping the declaration and leaving it open for ever.

/** Pending in the sandbox's seed data. */
const OPEN = "734001026";
const OTHER = "734001025";
const SELF = [
  "--self",
  "--address-type",
  "exchange",
  "--description",
  "Transfer from my own Binance account",
  "--exchange-name",
  "Binance",
];
const BODY = `{"cryptoDepositDeclarationId":${OPEN},"isSelfSender":true,"addressType":"Exchange","description":"Transfer from my own Binance account","exchangeOtherName":"Binance"}`;

let sandbox: RunningSandbox;
let home: ReturnType<typeof tempHome>;
const env = () => ({
  ...home,
  TRADECTL_BASE_URL: sandbox.url,
  TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
  TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
});
const cli = (args: readonly string[]) => runInProcess(args, { env: env() });
const receipts = () => openReceipts(receiptsPath(env()));

beforeEach(async () => {
  home = tempHome();
  sandbox = await startSandbox({ statePath: null });
  // A run that wrote its request and was killed before the answer: on record, no outcome...
  await receipts().recordRequest({
    baseUrl: `${sandbox.url}/`,
    publicKey: DEMO_CREDENTIALS.publicKey,
    declarationId: OPEN,
    body: BODY,
  });
  // ...and the service applied it.
  const client = new TradeClient({ baseUrl: sandbox.url, credentials: DEMO_CREDENTIALS });
  await client.confirmText(BODY);
});
afterEach(async () => {
  await sandbox.close();
  await expectReceiptsWhole(home);
});

const openOutcome = async () => {
  const [request] = await receipts().requests(OPEN);
  return request?.outcome ?? null;
};

describe("a Confirmed declaration with our request open on record", () => {
  it("a batch that skips it settles the request from the list it read", async () => {
    expect(await openOutcome()).toBeNull();
    const r = await cli(["declarations", "confirm", OPEN, OTHER, ...SELF, "--yes", "-o", "json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(await openOutcome()).toMatchObject({
      outcome: "confirmed",
      verifiedBy: "read-back",
      byThisRequest: true,
    });
  });

  it("an --auto run settles it though the pending list no longer shows it", async () => {
    const rule = ["rules", "add", "eth", "--symbol", "ETH", "--amount", "2.45", ...SELF];
    expect((await cli(rule)).code).toBe(0);
    const r = await cli(["declarations", "confirm", "--auto", "--yes", "-o", "json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(await openOutcome()).toMatchObject({ outcome: "confirmed", verifiedBy: "read-back" });
  });

  it("a watch --auto settles it on its first poll", async () => {
    const r = await cli(["declarations", "watch", "--auto", "--once", "-o", "ndjson"]);
    expect(r.code, r.stderr).toBe(0);
    expect(await openOutcome()).toMatchObject({ outcome: "confirmed", verifiedBy: "read-back" });
  });
});
