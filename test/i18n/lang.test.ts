import { describe, expect, it } from "vitest";
import { chooseLang } from "../../src/cli.js";
import { TradectlError } from "../../src/errors.js";
import { langFlagOf, langFromEnv, resolveLang } from "../../src/i18n/index.js";

describe("the language of a run", () => {
  it.each([
    [{}, "en"],
    [{ LANG: "tr_TR.UTF-8" }, "tr"],
    [{ LANG: "tr" }, "tr"],
    [{ LANG: "tr_TR@euro" }, "tr"],
    [{ LANG: "en_US.UTF-8" }, "en"],
    [{ LANG: "C" }, "en"],
    // LC_ALL wins over LANG, LC_MESSAGES over LANG, whatever they say
    [{ LC_ALL: "C", LANG: "tr_TR.UTF-8" }, "en"],
    [{ LC_ALL: "tr_TR.UTF-8", LANG: "C" }, "tr"],
    [{ LC_MESSAGES: "tr_TR.UTF-8", LANG: "en_US.UTF-8" }, "tr"],
    [{ LC_ALL: "en_GB.UTF-8", LC_MESSAGES: "tr_TR.UTF-8" }, "en"],
    // an empty variable is not set
    [{ LC_ALL: "", LANG: "tr_TR.UTF-8" }, "tr"],
    // TRADECTL_LANG wins over the locale
    [{ TRADECTL_LANG: "tr", LC_ALL: "C" }, "tr"],
    [{ TRADECTL_LANG: "en", LANG: "tr_TR.UTF-8" }, "en"],
    // "trk" or "tre" are not Turkish locales
    [{ LANG: "trk" }, "en"],
  ] as const)("%o → %s", (env, lang) => {
    expect(langFromEnv(env)).toBe(lang);
  });

  it("--lang wins over everything", () => {
    expect(resolveLang("tr", { LC_ALL: "C", TRADECTL_LANG: "en" })).toBe("tr");
    expect(resolveLang("en", { LANG: "tr_TR.UTF-8" })).toBe("en");
    expect(resolveLang(undefined, { LANG: "tr_TR.UTF-8" })).toBe("tr");
  });

  it("an unknown --lang is a usage error naming en and tr", () => {
    expect(resolveLang("de", {})).toBeNull();
    const refused = () => chooseLang(["--lang", "de"], {});
    expect(refused).toThrow(TradectlError);
    expect(refused).toThrow("--lang must be en or tr, not 'de'");
    expect(() => chooseLang(["--lang"], {})).toThrow("--lang must be en or tr");
  });

  it("reads --lang from argv before commander parses, the last one winning, up to --", () => {
    expect(langFlagOf(["declarations", "list"])).toBeUndefined();
    expect(langFlagOf(["--lang", "tr", "declarations", "list"])).toBe("tr");
    expect(langFlagOf(["declarations", "list", "--lang=tr"])).toBe("tr");
    expect(langFlagOf(["--lang", "en", "--lang", "tr"])).toBe("tr");
    expect(langFlagOf(["--lang"])).toBe("");
    expect(langFlagOf(["--lang", "--json"])).toBe("");
    expect(langFlagOf(["--", "--lang", "tr"])).toBeUndefined();
  });
});

describe("words people type fold without the locale (domain/text.ts foldCase)", () => {
  it("help topics, durations and --fields suggestions take İ, ı and upper case", async () => {
    const { findTopic } = await import("../../src/commands/help-topics.js");
    const { parseDurationMs } = await import("../../src/domain/duration.js");
    const { checkedFields } = await import("../../src/output/fields-option.js");
    expect(findTopic("EXIT-CODES")?.name).toBe("exit-codes");
    expect(findTopic("envİronment")?.name).toBe("environment");
    expect(parseDurationMs("24H")).toBe(86_400_000);
    expect(() => checkedFields("İD", ["id", "name"])).toThrow("did you mean id?");
  });
});
