import { describe, expect, it } from "vitest";
import { TradeClient } from "../../src/api/client.js";
import { saveSender } from "../../src/config/senders.js";
import { type AutoPlanItem, planAutoConfirm, planAutoFor } from "../../src/declare/auto-plan.js";
import type { Rule } from "../../src/domain/rules.js";
import { inEnglish } from "../../src/i18n/index.js";
import { stringifyLossless } from "../../src/wire/json.js";
import { tempHome } from "../helpers/cli.js";
import { DEMO_CREDENTIALS, withSandbox } from "../helpers/sandbox.js";
import { SEED_CONFIRM } from "../helpers/seed-text.js";

const NOW = Date.parse("2026-11-24T12:00:00Z");
const DESCRIPTION = "My own XRP from my Kraken account";

function rule(
  name: string,
  match: Rule["match"],
  answers: Rule["answers"],
  extra: Partial<Rule> = {},
): Rule {
  return { name, match, answers, once: false, until: null, spent: null, ...extra };
}

const KRAKEN: Rule["answers"] = {
  given: {
    isSelfSender: true,
    addressType: "Exchange",
    exchangeOtherName: "kraken",
    description: DESCRIPTION,
  },
};

const idOf = (item: AutoPlanItem) => item.declaration.cryptoDepositDeclarationId.value;
const byId = (items: AutoPlanItem[]) => new Map(items.map((i) => [idOf(i), i]));

describe("the --auto plan against the sandbox", () => {
  it("pairs each pending declaration with its rule and body, or says why not", async () => {
    const env = tempHome();
    await saveSender(env, "sis", {
      isSelfSender: false,
      firstName: "Ayşe",
      lastName: "Yılmaz",
      addressType: "IndividualWallet",
    });
    const rules: Rule[] = [
      // XRP to one address and tag: 734001028 and 734001027 (0.5).
      rule(
        "kraken",
        { symbol: "xrp", address: "rPVMhWBsfF9iMXYj3aAzJVkPDTFNSyWdKy", memo: "3054998" },
        KRAKEN,
      ),
      // Every ETH deposit is a gift from the sister...
      rule(
        "sis-eth",
        { symbol: "ETH" },
        { sender: "sis", given: { description: "Gift from my sister's wallet" } },
      ),
      // ...but 2.45 ETH is expected from the own Binance account: ambiguous, never sent.
      rule(
        "expected-eth",
        { symbol: "eth", amount: "2.45" },
        {
          given: {
            isSelfSender: true,
            addressType: "Exchange",
            exchangeId: "3",
            description: DESCRIPTION,
          },
        },
        { once: true },
      ),
      // A sender that was removed since: the rule is broken for what it matches.
      rule("sol", { symbol: "SOL" }, { sender: "gone", given: { description: DESCRIPTION } }),
      rule("old-btc", { symbol: "BTC" }, KRAKEN, { until: NOW - 1 }),
      rule("spent-usdt", { symbol: "USDT" }, KRAKEN, {
        once: true,
        spent: { declarationId: "1", at: NOW - 5 },
      }),
    ];
    await withSandbox(async (sandbox) => {
      const client = new TradeClient({ baseUrl: sandbox.url, credentials: DEMO_CREDENTIALS });
      try {
        const { items, warnings } = await planAutoConfirm({ client, env, rules, now: NOW });
        expect(warnings).toEqual([]);
        for (const item of items) expect(item.declaration.status).toBe("Pending");
        const plan = byId(items);
        const kraken = plan.get("734001027")!;
        expect(kraken).toMatchObject({ kind: "matched", rule: { name: "kraken" } });
        // A listed name is sent as its id; the body is the contract's, lossless.
        expect(kraken.kind === "matched" && stringifyLossless(kraken.body)).toBe(
          `{"cryptoDepositDeclarationId":734001027,"isSelfSender":true,"description":"${DESCRIPTION}","AddressType":"Exchange","exchangeId":2}`,
        );
        expect(plan.get("734001028")).toMatchObject({ kind: "matched", rule: { name: "kraken" } });
        // Same address, other tag: not described.
        expect(plan.get("734001029")!.kind).toBe("no_rule");
        const gift = plan.get("734001005")!;
        expect(gift).toMatchObject({
          kind: "matched",
          rule: { name: "sis-eth", answers: { sender: "sis" } },
        });
        expect(gift.kind === "matched" && stringifyLossless(gift.body)).toBe(
          `{"cryptoDepositDeclarationId":734001005,"isSelfSender":false,"firstName":"Ayşe","lastName":"Yılmaz","description":"Gift from my sister's wallet","AddressType":"IndividualWallet"}`,
        );
        const ambiguous = plan.get("734001025");
        expect(ambiguous).toMatchObject({ kind: "ambiguous", rules: ["expected-eth", "sis-eth"] });
        expect(ambiguous?.kind === "ambiguous" && inEnglish(ambiguous.message)).toContain(
          "expected-eth, sis-eth",
        );
        const broken = plan.get("734001002");
        expect(broken).toMatchObject({ kind: "broken", rule: { name: "sol" } });
        expect(broken?.kind === "broken" && broken.problems.map(inEnglish)).toEqual([
          expect.stringContaining("sender 'gone' is not saved"),
        ]);
        expect(plan.get("734001026")!.kind).toBe("no_rule");
        expect(plan.get("734001024")!.kind).toBe("no_rule");
        // Nothing was sent: the plan only reads.
        expect(sandbox.requests.filter((r) => r.method === "POST")).toEqual([]);
      } finally {
        await client.close();
      }
    });
  });

  it("a rule with a signed amount (written by an older version) matches nothing and breaks no other rule (issue 33, item 4)", async () => {
    const env = tempHome();
    const rules: Rule[] = [
      rule("signed", { symbol: "xrp", amount: "+25" }, KRAKEN),
      rule(
        "kraken",
        { symbol: "xrp", address: "rPVMhWBsfF9iMXYj3aAzJVkPDTFNSyWdKy", memo: "3054998" },
        KRAKEN,
      ),
    ];
    await withSandbox(async (sandbox) => {
      const client = new TradeClient({ baseUrl: sandbox.url, credentials: DEMO_CREDENTIALS });
      try {
        const { items } = await planAutoConfirm({ client, env, rules, now: NOW });
        expect(byId(items).get("734001027")).toMatchObject({
          kind: "matched",
          rule: { name: "kraken" },
        });
      } finally {
        await client.close();
      }
    });
  });

  it("plans a watch's new declarations without reading the list, and breaks a rule whose exchange left the listing", async () => {
    const env = tempHome();
    await withSandbox(async (sandbox) => {
      const client = new TradeClient({ baseUrl: sandbox.url, credentials: DEMO_CREDENTIALS });
      try {
        const [arrived] = await sandbox.arrive(1);
        const pending = (await client.listDeclarations({
          statuses: ["Pending"],
          page: 1,
          pageSize: 1,
        }))!;
        expect(pending[0]!.cryptoDepositDeclarationId.value).toBe(arrived!.id);
        const before = sandbox.requests.length;
        const { items } = await planAutoFor(pending, {
          client,
          env,
          rules: [
            rule(
              "unlisted",
              { symbol: arrived!.symbol.toLowerCase() },
              {
                given: {
                  isSelfSender: true,
                  addressType: "Exchange",
                  exchangeId: "99",
                  description: DESCRIPTION,
                },
              },
            ),
          ],
          now: NOW,
        });
        expect(items).toHaveLength(1);
        const [item] = items;
        expect(item?.kind).toBe("broken");
        expect(item?.kind === "broken" && item.problems.map(inEnglish)).toEqual([
          SEED_CONFIRM.notSupported,
        ]);
        // Only the listing was read.
        expect(sandbox.requests.slice(before).map((r) => r.path)).toEqual([
          expect.stringContaining("exchange"),
        ]);
      } finally {
        await client.close();
      }
    });
  });

  it("tells the sandbox's look-alikes apart, and brings an expected deposit to its rule", async () => {
    const env = tempHome();
    const answers: Rule["answers"] = {
      given: {
        isSelfSender: true,
        addressType: "Exchange",
        exchangeId: "3",
        description: DESCRIPTION,
      },
    };
    const rules: Rule[] = [
      // Same amount and address, other memo: only the memo tells 734001032 from 734001031.
      rule("xlm", { symbol: "XLM", amount: "500", memo: "100200301" }, answers, { once: true }),
      // The 2.45 ETH deposit's address, in lower case: only the USDT one of that address.
      rule(
        "usdt",
        { symbol: "usdt", address: "0x71c7656ec7ab88b098defb751b7401b5f6d8976f", amount: "2.45" },
        answers,
      ),
      // Two identical deposits: an expected deposit cannot say which.
      rule("avax", { symbol: "AVAX", amount: "25" }, answers, { once: true }),
      // The deposit that will arrive: 250.50 XRP to a known address and tag.
      rule(
        "expected-xrp",
        {
          symbol: "XRP",
          address: "rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh",
          memo: "1048576",
          amount: "250.5",
        },
        answers,
        { once: true },
      ),
    ];
    await withSandbox(async (sandbox) => {
      const client = new TradeClient({ baseUrl: sandbox.url, credentials: DEMO_CREDENTIALS });
      try {
        const before = byId((await planAutoConfirm({ client, env, rules, now: NOW })).items);
        expect(before.get("734001032")).toMatchObject({ kind: "matched", rule: { name: "xlm" } });
        expect(before.get("734001031")!.kind).toBe("no_rule");
        expect(before.get("734001033")).toMatchObject({ kind: "matched", rule: { name: "usdt" } });
        expect(before.get("734001025")!.kind).toBe("no_rule");
        expect(before.get("734001034")).toMatchObject({ kind: "ambiguous", rules: ["avax"] });
        expect(before.get("734001035")).toMatchObject({ kind: "ambiguous", rules: ["avax"] });
        // Same address and tag, other amounts: not the expected deposit.
        for (const id of ["734001029", "734001030"]) expect(before.get(id)!.kind).toBe("no_rule");
        const matchedBefore = [...before.values()].filter((i) => i.kind === "matched").length;

        const [arrived] = await sandbox.arrive(1, {
          symbol: "XRP",
          address: "rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh",
          amount: "250.50",
          memoTag: "1048576",
        });
        const after = (await planAutoConfirm({ client, env, rules, now: NOW })).items;
        expect(after[0]).toMatchObject({ kind: "matched", rule: { name: "expected-xrp" } });
        expect(idOf(after[0]!)).toBe(arrived!.id);
        expect(after.filter((i) => i.kind === "matched")).toHaveLength(matchedBefore + 1);
      } finally {
        await client.close();
      }
    });
  });

  it("lets a sender's rule and an inline rule that say the same thing agree", async () => {
    const env = tempHome();
    const own = {
      isSelfSender: true,
      addressType: "Exchange" as const,
      exchangeId: "3",
      description: DESCRIPTION,
    };
    await saveSender(env, "me", { ...own, description: undefined });
    const rules: Rule[] = [
      rule("inline", { symbol: "BTC" }, { given: own }),
      rule(
        "by-sender",
        { symbol: "btc", amount: "0.8" },
        { sender: "me", given: { description: DESCRIPTION } },
      ),
      rule("other", { symbol: "USDT" }, { sender: "me", given: { description: DESCRIPTION } }),
      rule("other-inline", { symbol: "usdt" }, { given: { ...own, exchangeId: "2" } }),
    ];
    await withSandbox(async (sandbox) => {
      const client = new TradeClient({ baseUrl: sandbox.url, credentials: DEMO_CREDENTIALS });
      try {
        const plan = byId((await planAutoConfirm({ client, env, rules, now: NOW })).items);
        // Both describe 734001026 with the same answers: matched (by name, the first).
        expect(plan.get("734001026")).toMatchObject({
          kind: "matched",
          rule: { name: "by-sender" },
        });
        expect(plan.get("734001024")).toMatchObject({
          kind: "ambiguous",
          rules: ["other", "other-inline"],
        });
      } finally {
        await client.close();
      }
    });
  });
});
