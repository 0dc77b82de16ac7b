import { describe, expect, it } from "vitest";
import { readRules, saveRule } from "../../src/config/rules.js";
import { removeEntry } from "../../src/config/saved-entries.js";
import { ruleGuard } from "../../src/declare/rule-guard.js";
import type { Outcome } from "../../src/domain/outcome.js";
import type { Rule } from "../../src/domain/rules.js";
import { tempHome } from "../helpers/cli.js";
import { memoryIO } from "../helpers/memory-io.js";

/**
 * The rule's hold on a confirmation (docs/RULES.md): a --once rule is
 * spent just before the request is written, exactly once, and given back only when the
 * confirmation is proven not applied.
 */
const NOW = Date.parse("2026-11-24T12:00:00Z");

const expected = (extra: Partial<Rule> = {}): Rule => ({
  name: "expected-xrp",
  match: { symbol: "XRP", amount: "250.5" },
  answers: {
    given: {
      isSelfSender: true,
      addressType: "Exchange",
      exchangeId: "3",
      description: "My own XRP from my Kraken account",
    },
  },
  once: true,
  until: null,
  spent: null,
  ...extra,
});

const stateOf = (env: NodeJS.ProcessEnv) => readRules(env).items[0]!;

async function setUp(rule = expected()) {
  const env = tempHome();
  await saveRule(env, rule);
  const deps = { env, io: memoryIO(), now: () => NOW };
  return { env, deps, guard: (id: string) => ruleGuard(rule, id, deps) };
}

describe("ruleGuard", () => {
  it("spends a --once rule before the write; a second claim sends nothing", async () => {
    const { env, guard } = await setUp();
    expect(await guard("7").beforeWrite()).toBeNull();
    expect(stateOf(env).spent).toEqual({ declarationId: "7", at: NOW });
    const other = await guard("8").beforeWrite();
    expect(other?.kind).toBe("conflict");
    expect(other?.message).toContain("already spent by declaration 7");
    // Even the same declaration, claimed again by another run: nothing is sent twice by a rule.
    expect(await guard("7").beforeWrite()).not.toBeNull();
  });

  it.each<[Outcome, boolean]>([
    ["not_sent", true],
    ["rejected", true],
    ["not_found", true],
    ["unknown", false],
    ["confirmed", false],
    ["already_confirmed", false],
  ])("after %s the rule is given back: %s", async (outcome, released) => {
    const { env, guard } = await setUp();
    const g = guard("7");
    expect(await g.beforeWrite()).toBeNull();
    await g.ended(outcome);
    expect(stateOf(env).spent).toEqual(released ? null : { declarationId: "7", at: NOW });
  });

  it("a guard that did not spend the rule never gives it back", async () => {
    const { env, guard } = await setUp();
    expect(await guard("7").beforeWrite()).toBeNull();
    const loser = guard("7");
    expect(await loser.beforeWrite()).not.toBeNull();
    await loser.ended("not_sent");
    expect(stateOf(env).spent?.declarationId).toBe("7");
  });

  it("a config file that cannot be read: nothing is sent for it, said why", async () => {
    const { env, guard } = await setUp();
    const { writeFileSync } = await import("node:fs");
    const { configFile } = await import("../../src/config/paths.js");
    writeFileSync(configFile(env), "{ not json");
    const refused = await guard("7").beforeWrite();
    expect(refused?.message).toMatch(
      /^declaration 7: not sent: the rule 'expected-xrp' could not be claimed/,
    );
  });

  it("a rule that is not --once is never spent; removed or expired since the plan: nothing sent", async () => {
    const plain = await setUp(expected({ once: false }));
    const g = plain.guard("7");
    expect(await g.beforeWrite()).toBeNull();
    await g.ended("rejected");
    expect(stateOf(plain.env).spent).toBeNull();

    const expired = await setUp(expected({ until: NOW }));
    expect((await expired.guard("7").beforeWrite())?.message).toContain("has expired");

    const gone = await setUp();
    await removeEntry(gone.env, "rules", "expected-xrp");
    expect((await gone.guard("7").beforeWrite())?.message).toContain("was removed");
  });
});
