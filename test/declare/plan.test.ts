import { describe, expect, it } from "vitest";
import { TradeClient } from "../../src/api/client.js";
import { makePlan } from "../../src/declare/plan.js";
import { declarationId } from "../../src/domain/declarations.js";
import { memoryIO } from "../helpers/memory-io.js";
import { DEMO_CREDENTIALS, withSandbox } from "../helpers/sandbox.js";

const SELF_FROM_EXCHANGE = {
  isSelfSender: true,
  addressType: "Exchange",
  exchangeId: "1",
  description: "Own wallet at another exchange, moved to BtcTurk",
} as const;

describe("the --pending plan's read of the Pending list", () => {
  it("asks for the next page as soon as one is counted full, before that page is parsed and filtered; every Pending declaration is planned once", async () => {
    await withSandbox(async (sandbox) => {
      // The seed's Pending declarations and 150 more: two pages of 100.
      await sandbox.arrive(150);
      const client = new TradeClient({ baseUrl: sandbox.url, credentials: DEMO_CREDENTIALS });
      const events: string[] = [];
      const list = client.listDeclarations.bind(client);
      client.listDeclarations = (query, early, call) => {
        events.push(`ask page ${query.page}`);
        const counted: typeof early =
          early &&
          ((...told) => {
            events.push(`page ${query.page} counted`);
            early(...told);
          });
        return list(query, counted, call).then((records) => {
          events.push(`page ${query.page} parsed`);
          return records;
        });
      };
      try {
        const plan = await makePlan(
          { kind: "pending", filter: { symbols: [] } },
          SELF_FROM_EXCHANGE,
          {
            client: async () => client,
            io: memoryIO(),
            interactive: false,
          },
        );
        // The second page was on its way while the first was parsed (one round trip hidden
        // behind our work, per page), not asked for once the plan had filtered the first.
        expect(events.slice(0, 4)).toEqual([
          "ask page 1",
          "page 1 counted",
          "ask page 2",
          "page 1 parsed",
        ]);
        const pending = sandbox.requests.filter((r) => r.url.includes("status=Pending"));
        expect(pending.length).toBe(events.filter((e) => e.startsWith("ask")).length);
        const ids = (plan ?? []).map((item) => item.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBeGreaterThan(150);
        for (const item of plan ?? []) {
          expect(item.declaration.status).toBe("Pending");
          expect(declarationId(item.declaration)).toBe(item.id);
          expect(item.body).not.toBeNull();
        }
        // The plan only reads.
        expect(sandbox.requests.filter((r) => r.method === "POST")).toEqual([]);
      } finally {
        await client.close();
      }
    });
  });
});
