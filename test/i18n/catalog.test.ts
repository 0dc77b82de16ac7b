import { describe, expect, it } from "vitest";
import { EN, TR } from "../../src/i18n/catalog.js";
import { createTranslator, english, render } from "../../src/i18n/index.js";
import * as cli from "../../src/i18n/messages/cli.js";
import * as help from "../../src/i18n/messages/help.js";
import * as report from "../../src/i18n/messages/report.js";
import * as rooms from "../../src/i18n/messages/rooms.js";

type Entry = string | { one: string; other: string };

/** The parameters a text names, as the test reads them: `{name}` with a letter first. */
function params(entry: Entry, plural = false): string[] {
  const texts = typeof entry === "string" ? [entry] : [entry.one, entry.other];
  const names = new Set(texts.flatMap((text) => [...text.matchAll(/\{([A-Za-z]\w*)\}/g)].map((m) => m[1]!)));
  if (plural || typeof entry !== "string") names.add("count");
  return [...names].sort();
}

describe("the message catalog", () => {
  const en = EN as Record<string, Entry>;
  const tr = TR as Record<string, Entry>;

  it("has a Turkish entry for every English one, and no other", () => {
    expect(Object.keys(tr).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(en).length).toBeGreaterThan(100);
  });

  it("names the same parameters in both languages", () => {
    for (const key of Object.keys(en)) {
      const plural = typeof en[key] !== "string";
      expect([key, params(tr[key]!, plural)]).toEqual([key, params(en[key]!)]);
    }
  });

  it("has no empty text, and no key in two rooms", () => {
    for (const [key, entry] of [...Object.entries(en), ...Object.entries(tr)]) {
      const texts = typeof entry === "string" ? [entry] : [entry.one, entry.other];
      for (const text of texts) expect([key, text.trim() === ""]).toEqual([key, false]);
    }
    const rooms_ = [cli.en, help.en, report.en, rooms.en];
    const total = rooms_.reduce((n, room) => n + Object.keys(room).length, 0);
    expect(total).toBe(Object.keys(en).length);
  });

  it("fills parameters by name and leaves unknown braces alone", () => {
    expect(render("en", "cli.repeated", { option: "--page" })).toBe("--page was given more than once");
    expect(render("tr", "cli.repeated", { option: "--page" })).toBe("--page birden fazla kez verildi");
    expect(english("cli.jsonAndOutput", { format: "csv" })).toBe(
      "--json and -o csv ask for different formats",
    );
  });

  it("chooses plurals by the language's rule: English one/other, Turkish keeps the noun singular", () => {
    const tr_ = createTranslator("tr");
    expect(english("senders.removedCount", { count: 1 })).toBe("1 sender removed");
    expect(english("senders.removedCount", { count: 3 })).toBe("3 senders removed");
    expect(tr_("senders.removedCount", { count: 1 })).toBe("1 gönderen silindi");
    expect(tr_("senders.removedCount", { count: 3 })).toBe("3 gönderen silindi");
  });

  it("labels table columns in Turkish, and leaves a label it does not know in English", () => {
    const tr_ = createTranslator("tr");
    expect(tr_.label("NAME")).toBe("AD");
    expect(tr_.label("NO SUCH LABEL")).toBe("NO SUCH LABEL");
    expect(english.label("NAME")).toBe("NAME");
  });
});
