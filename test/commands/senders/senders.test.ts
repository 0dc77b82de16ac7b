import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configFile } from "../../../src/config/paths.js";
import { overlaySender } from "../../../src/domain/batch.js";
import { tempHome } from "../../helpers/cli.js";
import { runMain, STACK_FRAME } from "../../helpers/run.js";

/**
 * Saved senders a hostile user meets (issue 25 item 5): entries the file holds but cannot be
 * read, an exchange id the listing does not have, and a description about another person.
 */
function homeWithSenders(senders: Record<string, unknown>): NodeJS.ProcessEnv {
  const home = tempHome();
  const file = configFile(home);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, JSON.stringify({ senders }), { mode: 0o600 });
  return home;
}

const GOOD = { isSelfSender: true, AddressType: "Exchange", exchangeId: "3" };

describe("saved senders the file holds but cannot be read", () => {
  const home = () =>
    homeWithSenders({
      good: GOOD,
      twice: { ...GOOD, ExchangeId: "8" },
      odd: "not an object",
    });

  it("senders list warns about each, naming it and why, and lists the good ones", async () => {
    const h = home();
    const r = await runMain(["senders", "list", "-o", "ndjson"], { home: h });
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .trim()
        .split("\n")
        .map((l: string) => JSON.parse(l).name),
    ).toEqual(["good"]);
    expect(r.stderr).toContain(
      "warning: saved sender 'odd' cannot be read: it is not an object of answers",
    );
    expect(r.stderr).toContain(
      "warning: saved sender 'twice' cannot be read: field exchangeId is given twice ('exchangeId' and 'ExchangeId')",
    );
    expect(r.stderr).toContain(configFile(h));
  });

  it("in Turkish, the warning says the entry and why in Turkish, and `rules add --sender` says nothing was saved", async () => {
    const h = home();
    const list = await runMain(["--lang", "tr", "senders", "list", "-o", "ndjson"], { home: h });
    expect(list.code).toBe(0);
    // Typed out: the entry, why (a row's problem, said in Turkish too) and where to fix it.
    expect(list.stderr).toContain("uyarı: kayıtlı 'odd' göndereni okunamıyor");
    expect(list.stderr).toContain("uyarı: kayıtlı 'twice' göndereni okunamıyor");
    expect(list.stderr).not.toMatch(/cannot be read|is given twice/);
    const add = ["rules", "add", "gift", "--symbol", "ETH", "--sender", "twice"];
    const en = await runMain(add, { home: h });
    expect(en.code).toBe(2);
    expect(en.stderr).toMatch(/^error: saved sender 'twice' cannot be read/m);
    expect(en.stderr).toMatch(/^hint: nothing was saved$/m);
    const tr = await runMain(["--lang", "tr", ...add], { home: h });
    expect(tr.code).toBe(2);
    expect(tr.stderr).toMatch(/^ipucu: hiçbir şey kaydedilmedi$/m);
    expect(tr.stderr).not.toContain("gönderilmedi");
  });

  it("--sender naming one says why it cannot be used, not 'no saved sender'", async () => {
    const r = await runMain(
      ["--sandbox", "declarations", "confirm", "734001023", "--sender", "twice", "--yes"],
      { home: home() },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: saved sender 'twice' cannot be read: field exchangeId/m);
    expect(r.stderr).not.toContain("no saved sender");
    expect(r.stderr).not.toMatch(STACK_FRAME);
  });

  it("senders remove removes one that cannot be read", async () => {
    const h = home();
    expect((await runMain(["senders", "remove", "odd"], { home: h })).code).toBe(0);
    const r = await runMain(["senders", "list", "-o", "ndjson"], { home: h });
    expect(r.stderr).not.toContain("'odd'");
  });
});

describe("senders remove of a sender a rule uses (issue 33, item 18)", () => {
  it("removes it and names, on stderr, each rule that uses it", async () => {
    const whole = { ...GOOD, description: "Transfer from my own exchange account" };
    const h = homeWithSenders({ good: whole, other: whole, spare: whole });
    for (const [rule, sender] of [
      ["sol", "good"],
      ["avax", "good"],
      ["btc", "other"],
    ]) {
      const add = await runMain(["rules", "add", rule!, "--symbol", "SOL", "--sender", sender!], {
        home: h,
      });
      expect(add.code, add.stderr).toBe(0);
    }
    const r = await runMain(["--lang", "en", "senders", "remove", "good"], { home: h });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      "rules 'avax', 'sol' use sender 'good': they confirm nothing until it is saved again",
    );
    expect(r.stderr).not.toContain("'btc'");
    const unused = await runMain(["senders", "remove", "spare"], { home: h });
    expect(unused.code).toBe(0);
    expect(unused.stderr).not.toContain("use sender");
  });
});

describe("senders add --exchange-id", () => {
  it("an id the exchanges listing does not have is refused, nothing saved", async () => {
    const home = tempHome();
    const r = await runMain(
      [
        "--sandbox",
        "senders",
        "add",
        "kraken",
        "--self",
        "--address-type",
        "exchange",
        "--exchange-id",
        "999",
      ],
      { home },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("exchangeId not supported.");
    const list = await runMain(["senders", "list", "-o", "ndjson"], { home });
    expect(list.stdout).toBe("");
  });

  it("a listed id is saved", async () => {
    const home = tempHome();
    const r = await runMain(
      [
        "--sandbox",
        "senders",
        "add",
        "binance",
        "--self",
        "--address-type",
        "exchange",
        "--exchange-id",
        "3",
      ],
      { home },
    );
    expect(r.code, r.stderr).toBe(0);
  });

  it("without a readable listing (no credentials), it is saved with a warning", async () => {
    const home = tempHome();
    const r = await runMain(
      ["senders", "add", "other", "--self", "--address-type", "exchange", "--exchange-id", "999"],
      { home },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /warning: could not read the exchanges listing \(.*\); whether exchangeId 999 is supported is checked when a confirm uses this sender/,
    );
  });
});

describe("--sender with another 'who'", () => {
  const saved = {
    isSelfSender: true,
    addressType: "Exchange" as const,
    exchangeId: "3",
    description: "My own XRP from my Kraken account",
  };

  it("the saved description, about the saved sender, is dropped (and said so)", () => {
    const out = overlaySender(saved, { firstName: "Ayşe", lastName: "Kaya" });
    expect(out.droppedDescription).toBe(true);
    expect(out.answers).toEqual({
      isSelfSender: false,
      firstName: "Ayşe",
      lastName: "Kaya",
      addressType: "Exchange",
      exchangeId: "3",
    });
  });

  it("kept when the flags give their own description, or name the same sender", () => {
    const own = overlaySender(saved, {
      firstName: "A",
      lastName: "B",
      description: "Gift from my sister Ayşe",
    });
    expect(own).toMatchObject({
      droppedDescription: false,
      answers: { description: "Gift from my sister Ayşe" },
    });
    const same = overlaySender(saved, { isSelfSender: true });
    expect(same).toEqual({ droppedDescription: false, answers: saved });
  });

  it("confirm --sender with --first-name/--last-name prints the note, and the body has no saved description", async () => {
    const home = homeWithSenders({
      mine: { ...GOOD, description: "My own XRP from my Kraken account" },
    });
    const r = await runMain(
      [
        "--sandbox",
        "declarations",
        "confirm",
        "734001023",
        "--sender",
        "mine",
        "--first-name",
        "Ayşe",
        "--last-name",
        "Kaya",
        "--dry-run",
        "-o",
        "json",
      ],
      { home },
    );
    expect(r.stderr).toContain(
      "note: the description saved with sender 'mine' is about that sender",
    );
    expect(r.stdout).not.toContain("My own XRP");
  });
});
