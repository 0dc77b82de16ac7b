import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EN } from "../../src/i18n/catalog.js";
import { TR } from "../../src/i18n/catalog-tr.js";
import type { SameParams, Translation } from "../../src/i18n/catalog-types.js";
import { createTranslator, english, msg, render } from "../../src/i18n/index.js";

type Entry =
  | string
  | { one: string; other: string }
  | { select: string; other: string; when?: Record<string, string> };

/** The parameters a text names, as the test reads them: `{name}` with a letter first. */
function params(entry: Entry, plural = false): string[] {
  const texts = textsOf(entry);
  const names = new Set(
    texts.flatMap((text) => [...text.matchAll(/\{([A-Za-z]\w*)\}/g)].map((m) => m[1]!)),
  );
  if (typeof entry === "object" && "select" in entry) names.add(entry.select);
  else if (plural || typeof entry !== "string") names.add("count");
  return [...names].sort();
}

/** The rooms of the catalog: every file of src/i18n/messages/, by its name. */
const MESSAGES = new URL("../../src/i18n/messages/", import.meta.url);
const ROOMS = await Promise.all(
  readdirSync(MESSAGES)
    .filter((file) => file.endsWith(".ts"))
    .map(async (file) => ({
      name: file.slice(0, -3),
      room: (await import(new URL(file, MESSAGES).href)) as { en: object; tr: object },
    })),
);

/** `confirm.in` → `confirm-in`, `sandboxSpec` → `sandbox-spec`: a key prefix as a room's file name. */
const fileNameOf = (prefix: string) =>
  prefix.replaceAll(".", "-").replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Every text of an entry: a plural's forms, a select's `other` and its cases. */
function textsOf(entry: Entry): string[] {
  if (typeof entry === "string") return [entry];
  if ("select" in entry) return [entry.other, ...Object.values(entry.when ?? {})];
  return [entry.one, entry.other];
}

describe("the message catalog", () => {
  const en = EN as unknown as Record<string, Entry>;
  const tr = TR as unknown as Record<string, Entry>;

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
      const texts = textsOf(entry);
      for (const text of texts) expect([key, text.trim() === ""]).toEqual([key, false]);
    }
    const rooms_ = ROOMS.map(({ room }) => room.en);
    const total = rooms_.reduce((n, room) => n + Object.keys(room).length, 0);
    expect(total).toBe(Object.keys(en).length);
  });

  it("keeps in each room the keys of one prefix, the room's name (messages/confirm-in.ts: confirm.in.*)", () => {
    expect(ROOMS.length).toBeGreaterThan(20);
    for (const { name, room } of ROOMS) {
      for (const key of [...Object.keys(room.en), ...Object.keys(room.tr)]) {
        const segments = key.split(".");
        const prefixes = segments.slice(1).map((_, i) => segments.slice(0, i + 1).join("."));
        expect([name, key, prefixes.some((p) => fileNameOf(p) === name)]).toEqual([
          name,
          key,
          true,
        ]);
      }
    }
  });

  it("fills parameters by name and leaves unknown braces alone", () => {
    expect(render("en", msg("cli.repeated", { option: "--page" }))).toBe(
      "--page was given more than once",
    );
    expect(render("tr", msg("cli.repeated", { option: "--page" }))).toBe(
      "--page birden fazla kez verildi",
    );
    expect(english("cli.jsonAndOutput", { format: "csv" })).toBe(
      "--json and -o csv ask for different formats",
    );
  });

  it("chooses plurals by the language's rule: English one/other, Turkish keeps the noun singular", () => {
    const tr_ = createTranslator("tr");
    expect(english("order.tradeCount", { count: 1 })).toBe("1 trade");
    expect(english("order.tradeCount", { count: 3 })).toBe("3 trades");
    expect(english("order.tradeCount", { count: 0 })).toBe("0 trades");
    expect(tr_("order.tradeCount", { count: 1 })).toBe("1 işlem");
    expect(tr_("order.tradeCount", { count: 3 })).toBe("3 işlem");
    expect(english("receipts.whole", { count: 1 })).toBe("The chain is whole: 1 entry");
    expect(tr_("receipts.whole", { count: 12 })).toBe("Zincir sağlam: 12 kayıt");
  });

  it("leaves a brace that is not a parameter alone (JSON in a help text)", () => {
    expect(english("sandbox.serve.faultsHelp")).toContain(`-d '{"count":3}'`);
    expect(createTranslator("tr")("sandbox.serve.faultsHelp")).toContain(`-d '{"count":3}'`);
  });

  it("says table and detail labels, keys of the catalog, in the run's language", () => {
    const tr_ = createTranslator("tr");
    expect(english("label.name")).toBe("NAME");
    expect(tr_("label.name")).toBe("AD");
    expect(english("label.firstName")).toBe("FIRST NAME");
    expect(tr_("label.description")).toBe("AÇIKLAMA");
    expect(english("label.detail.priceFirstTrade")).toBe("Price (1st trade)");
    expect(tr_("label.detail.priceFirstTrade")).toBe("Fiyat (ilk işlem)");
  });
});

describe("the catalog's types (checked by tsc, which npm run check runs)", () => {
  it("refuse a Turkish catalog with a missing key, an extra key, or other parameters", () => {
    const en = { "x.count": "{count} items", "x.name": "hello {name}" } as const;
    // @ts-expect-error a key of the English catalog is missing
    const missing: Translation<typeof en> = { "x.count": "{count} öğe" };
    const extra: Translation<typeof en> = {
      "x.count": "{count} öğe",
      "x.name": "merhaba {name}",
      // @ts-expect-error a key the English catalog does not have
      "x.other": "fazla",
    };
    const tr = { "x.count": "{count} öğe", "x.name": "merhaba {isim}" } as const;
    // @ts-expect-error "x.name" names {isim} where the English names {name}
    const mismatch: SameParams<typeof en, typeof tr> = tr;
    const good = { "x.count": "{count} öğe", "x.name": "merhaba {name}" } as const;
    const same: SameParams<typeof en, typeof good> = good;
    expect([missing, extra, mismatch, same]).toHaveLength(4);
  });

  it("refuse a select whose translation names a case the English does not, or another parameter", () => {
    const en = {
      "x.failed": { select: "reason", cases: ["reset"], other: "{host} failed" },
    } as const;
    const good: Translation<typeof en> = {
      "x.failed": { select: "reason", other: "{host} olmadı", when: { reset: "{host} kesildi" } },
    };
    const typo: Translation<typeof en> = {
      // @ts-expect-error "rest" is no case of the English
      "x.failed": { select: "reason", other: "{host} olmadı", when: { rest: "{host} kesildi" } },
    };
    const other: Translation<typeof en> = {
      // @ts-expect-error the Turkish chooses on another parameter than the English
      "x.failed": { select: "why", other: "{host} olmadı" },
    };
    const tr = {
      "x.failed": { select: "reason", other: "{host} olmadı", when: { reset: "{sunucu} kesildi" } },
    } as const;
    // @ts-expect-error the Turkish case names {sunucu} where the English names {host}
    const mismatch: SameParams<typeof en, typeof tr> = tr;
    expect([good, typo, other, mismatch]).toHaveLength(4);
  });

  it("say a select's case in Turkish and the one English line for every case", () => {
    const tr_ = createTranslator("tr");
    const reset = msg("api.failed", { host: "h", code: "ECONNRESET", reason: "reset" });
    const plain = msg("api.failed", { host: "h", code: "EX", reason: "other" });
    expect(english.text(reset)).toBe("connection to h failed (ECONNRESET)");
    expect(english.text(plain)).toBe("connection to h failed (EX)");
    expect(tr_.text(reset)).toBe("h ile bağlantı yanıt gelmeden kesildi (ECONNRESET)");
    expect(tr_.text(plain)).toBe("hizmete ulaşılamadı: h ile bağlantı kurulamadı (EX)");
    // @ts-expect-error "rest" is no case of api.failed
    expect(msg("api.failed", { host: "h", code: "X", reason: "rest" }).key).toBe("api.failed");
  });
});
