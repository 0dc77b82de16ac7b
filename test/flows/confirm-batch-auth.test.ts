// A batch whose credentials the service refuses: the first item's refusal stops the rest before they are sent.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { DEMO_CREDENTIALS } from "../../src/sandbox/server.js";
import { outcomeLines, tempHome } from "../helpers/cli.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";
import { expectReceiptsWhole } from "../helpers/receipts.js";
import { runInProcess } from "../helpers/run.js";
import { KRAKEN_DESCRIPTION } from "../helpers/seed-data.js";

const FIRST = "734001026";
const SECOND = "734001025";

const pending = (id: string) =>
  `{"cryptoDepositDeclarationId":${id},"createdAt":"2025-06-14T09:21:07Z","status":"Pending","confirmedAt":null,"confirmedBy":null,"firstName":null,"lastName":null,"amount":0.8,"symbol":"BTC","address":"bc1q","memoTag":null,"lightningInvoice":null}`;

let server: TestServer | undefined;
let home: ReturnType<typeof tempHome>;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await expectReceiptsWhole(home);
});

it.each(["en", "tr"])(
  "a 401 on the first item (twice: refused again with a fresh stamp): the rest not sent, exit 4, two POSTs in all (--lang %s: the records' words are English)",
  async (lang) => {
    home = tempHome();
    server = await startTestServer((req, res) => {
      if (req.method === "POST") {
        sendJson(res, 401, `{"success":false,"message":"Unauthorized","code":401}`);
        return;
      }
      sendJson(res, 200, `[${pending(FIRST)},${pending(SECOND)}]`);
    });
    const r = await runInProcess(
      [
        "--lang",
        lang,
        "declarations",
        "confirm",
        FIRST,
        SECOND,
        "--self",
        "--address-type",
        "individual-wallet",
        "--description",
        KRAKEN_DESCRIPTION,
        "--yes",
        "-o",
        "ndjson",
      ],
      {
        env: {
          ...home,
          TRADECTL_BASE_URL: server.url,
          TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
          TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
        },
      },
    );
    // docs/EXIT-CODES.md: kind auth is exit 4; a batch exits with its first failed item's code.
    expect(r.code, r.stderr).toBe(4);
    expect(server.requests.filter((q) => q.method === "POST")).toHaveLength(2);
    const outcomes = outcomeLines(r).map((o) => [String(o.cryptoDepositDeclarationId), o.outcome]);
    expect(outcomes).toEqual([
      [FIRST, "rejected"],
      [SECOND, "not_sent"],
    ]);
    // Prepared while the first POST was in flight (src/declare/send-ahead.ts): its request is
    // on record, and so is its outcome, not sent.
    expect(r.stdout).toContain(
      `"message":"declaration ${SECOND}: not sent: its request was on record, but the batch stopped before it was sent"`,
    );
    const path = join(home.XDG_STATE_HOME, "tradectl", "receipts.ndjson");
    const entries = readFileSync(path, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; declarationId: string; outcome?: string })
      .filter((e) => e.declarationId === SECOND);
    expect(entries.map((e) => `${e.type} ${e.outcome ?? ""}`.trim())).toEqual([
      "request",
      "outcome not_sent",
    ]);
    expect(readdirSync(`${path}.claims`).filter((n) => n.endsWith(".claim"))).toEqual([]);
  },
);
