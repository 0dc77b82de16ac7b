import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { configFile } from "../../src/config/paths.js";
import { findRule, readRules, releaseOnce, saveRule, spendOnce } from "../../src/config/rules.js";
import { removeEntry } from "../../src/config/saved-entries.js";
import { saveSender } from "../../src/config/senders.js";
import type { Rule } from "../../src/domain/rules.js";
import { TradectlError } from "../../src/errors.js";
import { createTranslator, inEnglish } from "../../src/i18n/index.js";
import { tempHome } from "../helpers/cli.js";

const NOW = Date.parse("2026-11-24T12:00:00Z");

function expected(name: string, extra: Partial<Rule> = {}): Rule {
  return {
    name,
    match: { symbol: "XRP", amount: "250.5", memo: "1048576" },
    answers: {
      given: {
        isSelfSender: true,
        addressType: "Exchange",
        exchangeId: "3",
        description: "My own XRP from my Binance account",
      },
    },
    once: true,
    until: NOW + 86_400_000,
    spent: null,
    ...extra,
  };
}

describe("saved rules", () => {
  it("are kept in the config file (0600) beside profiles and senders, which stay", async () => {
    const env = tempHome();
    mkdirSync(join(env.XDG_CONFIG_HOME, "tradectl"), { recursive: true, mode: 0o700 });
    writeFileSync(
      configFile(env),
      JSON.stringify({ profiles: { default: { apiKey: "k" } }, future: { keep: 1 } }),
      { mode: 0o600 },
    );
    await saveSender(env, "me", { isSelfSender: true, addressType: "IndividualWallet" });
    expect(await saveRule(env, expected("xrp"))).toBe(false);
    expect(
      await saveRule(
        env,
        expected("b", { once: false, until: null, answers: { sender: "me", given: {} } }),
      ),
    ).toBe(false);
    expect(await saveRule(env, expected("xrp", { until: null }))).toBe(true);
    expect(statSync(configFile(env)).mode & 0o777).toBe(0o600);
    const onDisk = JSON.parse(readFileSync(configFile(env), "utf8"));
    expect(onDisk.profiles.default.apiKey).toBe("k");
    expect(onDisk.future).toEqual({ keep: 1 });
    expect(Object.keys(onDisk.senders)).toEqual(["me"]);
    expect(onDisk.rules.xrp).toEqual({
      match: { symbol: "XRP", amount: "250.5", memo: "1048576" },
      answers: {
        isSelfSender: true,
        AddressType: "Exchange",
        exchangeId: "3",
        description: "My own XRP from my Binance account",
      },
      once: true,
    });
    const { items: rules, unreadable } = readRules(env);
    expect(unreadable).toEqual([]);
    expect(rules.map((r) => r.name)).toEqual(["b", "xrp"]);
    expect(rules[0]!.answers).toEqual({ sender: "me", given: {} });
    expect(rules[1]).toEqual(expected("xrp", { until: null }));
  });

  it("reports entries it cannot read, by name and why, and keeps them in the file", async () => {
    const env = tempHome();
    await saveRule(env, expected("good"));
    const path = configFile(env);
    const config = JSON.parse(readFileSync(path, "utf8"));
    config.rules.nosymbol = { match: { amount: "1" }, answers: {} };
    config.rules.badamount = { match: { symbol: "BTC", amount: "1,5" } };
    config.rules.badanswer = { match: { symbol: "BTC" }, answers: { AddressType: "bank" } };
    config.rules.notobject = 7;
    writeFileSync(path, JSON.stringify(config));
    chmodSync(path, 0o600);
    const { items: rules, unreadable } = readRules(env);
    expect(rules.map((r) => r.name)).toEqual(["good"]);
    expect(unreadable.map(({ name, why }) => ({ name, why: inEnglish(why) }))).toEqual([
      { name: "badamount", why: "match.amount '1,5' is not a decimal number" },
      { name: "badanswer", why: expect.stringContaining("AddressType must be Exchange") },
      { name: "nosymbol", why: "match.symbol is missing" },
      { name: "notobject", why: "it is not an object" },
    ]);
    // Said for people in their language (a warning's or an error's parameter).
    const tr = createTranslator("tr");
    expect(unreadable.map((u) => tr.text(u.why))).toEqual([
      "match.amount '1,5' ondalık bir sayı değil",
      // The answers' own problem is said in Turkish too (joined), typed out here.
      "answers: AddressType Exchange ya da IndividualWallet olmalı (exchange, individual-wallet da olur), verilen: 'bank'",
      "match.symbol eksik",
      "bir nesne değil",
    ]);
    await saveRule(env, expected("other"));
    expect(JSON.parse(readFileSync(path, "utf8")).rules.notobject).toBe(7);
    expect(() => findRule(env, "nosymbol")).toThrow(/cannot be read: match.symbol is missing/);
    const unreadable_ = (() => {
      try {
        findRule(env, "nosymbol");
      } catch (error) {
        return error as TradectlError;
      }
      throw new Error("expected findRule to refuse");
    })();
    expect(tr.text(unreadable_.text)).toBe("'nosymbol' kuralı okunamıyor: match.symbol eksik");
    await removeEntry(env, "rules", "nosymbol");
    expect(readRules(env).unreadable.map((u) => u.name)).toEqual([
      "badamount",
      "badanswer",
      "notobject",
    ]);
  });

  it("refuses an unknown name, listing the saved ones", async () => {
    const env = tempHome();
    await saveRule(env, expected("a"));
    await saveRule(env, expected("c"));
    const error = await removeEntry(env, "rules", "b").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TradectlError);
    expect((error as TradectlError).exitCode).toBe(2);
    expect((error as TradectlError).message).toBe("no rule is called 'b'");
    expect(inEnglish((error as TradectlError).hint!)).toBe("saved rules: a, c");
    expect(() => findRule(env, "b")).toThrow("no rule is called 'b'");
  });
});

describe("spendOnce", () => {
  it("spends a --once rule once, names who spent it, and gives it back when asked", async () => {
    const env = tempHome();
    await saveRule(env, expected("xrp"));
    const first = await spendOnce(env, "xrp", "734001023", NOW);
    expect(first).toMatchObject({
      ok: true,
      rule: { spent: { declarationId: "734001023", at: NOW } },
    });
    const second = await spendOnce(env, "xrp", "734001030", NOW + 5);
    expect(second).toMatchObject({
      ok: false,
      reason: "spent",
      spent: { declarationId: "734001023" },
    });
    expect(findRule(env, "xrp").spent).toEqual({ declarationId: "734001023", at: NOW });
    expect(await releaseOnce(env, "xrp", "734001030")).toBe(false);
    expect(await releaseOnce(env, "xrp", "734001023")).toBe(true);
    expect(findRule(env, "xrp").spent).toBeNull();
  });

  it("refuses an expired or missing rule, and never spends a standing one", async () => {
    const env = tempHome();
    await saveRule(env, expected("old", { until: NOW - 1 }));
    await saveRule(env, expected("standing", { once: false }));
    expect(await spendOnce(env, "old", "1", NOW)).toMatchObject({ ok: false, reason: "expired" });
    expect(await spendOnce(env, "gone", "1", NOW)).toMatchObject({ ok: false, reason: "missing" });
    expect(await spendOnce(env, "standing", "1", NOW)).toMatchObject({ ok: true });
    expect(await spendOnce(env, "standing", "2", NOW)).toMatchObject({ ok: true });
    expect(findRule(env, "standing").spent).toBeNull();
  });

  describe("raced by real processes", () => {
    let script = "";
    beforeAll(async () => {
      // The module under test, bundled as it is, run by separate node processes.
      const dir = tempHome().HOME;
      const entry = join(dir, "claim.ts");
      writeFileSync(
        entry,
        `import { spendOnce } from ${JSON.stringify(join(process.cwd(), "src/config/rules.ts"))};
const [name, id] = process.argv.slice(2);
process.stdin.once("data", async () => {
  const result = await spendOnce(process.env, name, id, Date.parse("2026-11-24T12:00:00Z"));
  process.stdout.write(JSON.stringify({ id, ok: result.ok }));
});`,
      );
      script = join(dir, "claim.mjs");
      await build({
        entryPoints: [entry],
        outfile: script,
        bundle: true,
        platform: "node",
        format: "esm",
        target: "node20",
        logLevel: "silent",
        banner: {
          js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        },
      });
    });

    function claimer(env: NodeJS.ProcessEnv, name: string, id: string) {
      const child = spawn(process.execPath, [script, name, id], {
        env: { PATH: process.env.PATH, ...env },
        stdio: ["pipe", "pipe", "inherit"],
      });
      let out = "";
      child.stdout.setEncoding("utf8").on("data", (d: string) => {
        out += d;
      });
      const done = new Promise<{ id: string; ok: boolean }>((resolve, reject) => {
        child.on("error", reject);
        child.on("close", (code) =>
          code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`claimer exited ${code}`)),
        );
      });
      return { go: () => child.stdin.end("go\n"), done };
    }

    it("exactly one of three processes wins", { timeout: 30_000 }, async () => {
      for (let round = 0; round < 3; round++) {
        const env = tempHome();
        await saveRule(env, expected("xrp"));
        const ids = ["734001023", "734001029", "734001030"];
        const children = ids.map((id) => claimer(env, "xrp", id));
        // All three loaded and waiting; then released together.
        for (const c of children) c.go();
        const results = await Promise.all(children.map((c) => c.done));
        const winners = results.filter((r) => r.ok);
        expect(winners).toHaveLength(1);
        expect(findRule(env, "xrp").spent?.declarationId).toBe(winners[0]!.id);
      }
    });
  });
});
