import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configFile } from "../../src/config/paths.js";
import { findRule, readRules } from "../../src/config/rules.js";
import { removeEntry } from "../../src/config/saved-entries.js";
import { findSender, readSenderFile } from "../../src/config/senders.js";
import { TradectlError } from "../../src/errors.js";
import { inEnglish } from "../../src/i18n/index.js";
import { tempHome } from "../helpers/cli.js";

/**
 * Saved senders and saved rules follow one rule (config/saved-entries.ts): an entry that cannot
 * be read is reported, not dropped; an unknown name is answered with every name the file holds,
 * readable or not; removing works for an unreadable entry too. Checked here for both, on a file
 * written by hand as a person (or another version) might leave it.
 */
function handEdited(): NodeJS.ProcessEnv {
  const env = tempHome();
  mkdirSync(join(env.XDG_CONFIG_HOME!, "tradectl"), { recursive: true, mode: 0o700 });
  const file = {
    profiles: {},
    senders: {
      me: { isSelfSender: true, AddressType: "IndividualWallet" },
      broken: 5,
    },
    rules: {
      xrp: {
        match: { symbol: "XRP" },
        answers: { isSelfSender: true, AddressType: "IndividualWallet", description: "d" },
        once: false,
      },
      "broken-rule": "not a rule",
    },
  };
  writeFileSync(configFile(env), JSON.stringify(file), { mode: 0o600 });
  return env;
}

const refusal = (act: () => unknown): Promise<TradectlError> =>
  Promise.resolve()
    .then(act)
    .then(
      () => {
        throw new Error("expected a refusal");
      },
      (error: unknown) => error as TradectlError,
    );

describe("saved senders and rules: one rule for entries that cannot be read", () => {
  it("an unreadable entry is reported with its reason, beside the readable ones", () => {
    const env = handEdited();
    const senders = readSenderFile(env);
    expect(senders.items.map((s) => s.name)).toEqual(["me"]);
    expect(senders.unreadable.map((u) => u.name)).toEqual(["broken"]);
    const rules = readRules(env);
    expect(rules.items.map((r) => r.name)).toEqual(["xrp"]);
    expect(rules.unreadable.map((u) => u.name)).toEqual(["broken-rule"]);
  });

  it("an unknown name is a usage error listing every name the file holds, readable or not", async () => {
    const env = handEdited();
    for (const [act, listed] of [
      [() => findSender(env, "nobody"), "saved senders: broken, me; nothing was sent"],
      [() => removeEntry(env, "senders", "nobody"), "saved senders: broken, me; nothing was sent"],
      [() => findRule(env, "nothing"), "saved rules: broken-rule, xrp"],
      [() => removeEntry(env, "rules", "nothing"), "saved rules: broken-rule, xrp"],
    ] as const) {
      const error = await refusal(act);
      expect(error).toBeInstanceOf(TradectlError);
      expect(error.kind).toBe("usage");
      expect(error.hint && inEnglish(error.hint)).toBe(listed);
    }
  });

  it("an unreadable entry can be removed, and only it goes", async () => {
    const env = handEdited();
    await removeEntry(env, "senders", "broken");
    await removeEntry(env, "rules", "broken-rule");
    const file = JSON.parse(readFileSync(configFile(env), "utf8"));
    expect(Object.keys(file.senders)).toEqual(["me"]);
    expect(Object.keys(file.rules)).toEqual(["xrp"]);
    expect(readSenderFile(env).unreadable).toEqual([]);
    expect(readRules(env).unreadable).toEqual([]);
  });
});
