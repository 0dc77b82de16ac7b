import { describe, expect, it } from "vitest";
import { confirmRuleViolations } from "../../src/domain/confirm.js";
import {
  DESCRIPTION_PRESETS,
  findPreset,
  PRESET_NAMES,
  presetChoices,
  presetText,
} from "../../src/domain/description-presets.js";
import { SEED_CONFIRM } from "../helpers/seed-text.js";

/** The service counts a string's length as .NET does: UTF-16 code units. */
const utf16Units = (text: string) => {
  let units = 0;
  for (const ch of text) units += ch.codePointAt(0)! > 0xffff ? 2 : 1;
  return units;
};

describe("description presets", () => {
  it("number 5 to 7, with unique names a flag can take", () => {
    expect(DESCRIPTION_PRESETS.length).toBeGreaterThanOrEqual(5);
    expect(DESCRIPTION_PRESETS.length).toBeLessThanOrEqual(7);
    expect(new Set(PRESET_NAMES).size).toBe(PRESET_NAMES.length);
    for (const name of PRESET_NAMES) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it("keep the seed's description rule (20 to 100 characters) in both languages", () => {
    for (const preset of DESCRIPTION_PRESETS) {
      for (const text of [preset.text.en, preset.text.tr]) {
        const length = utf16Units(text);
        expect([preset.name, length >= 20 && length <= 100]).toEqual([preset.name, true]);
        expect(text).toBe(text.trim());
        // the domain's own rule agrees: a confirm with this description breaks nothing
        const broken = confirmRuleViolations(
          { isSelfSender: true, addressType: "IndividualWallet", description: text },
          { supportedExchangeIds: null },
        ).map((v) => v.message);
        expect(broken).not.toContain(SEED_CONFIRM.description);
      }
    }
  });

  it("mirror the exchange's own form, whose example is 'Fiyat farklılıklarından yararlanmak'", () => {
    expect(presetText("arbitrage", "tr")).toBe("Fiyat farklılıklarından yararlanmak");
    expect(presetText("own-accounts", "tr")).toMatch(/kendi hesaplarım/);
  });

  it("are found by name in any case, without the locale (İ, ı)", () => {
    expect(findPreset("ARBITRAGE")?.name).toBe("arbitrage");
    expect(findPreset("  own-accounts ")?.name).toBe("own-accounts");
    expect(findPreset("SALARY")?.name).toBe("salary");
    expect(findPreset("SALARİ")).toBeUndefined();
    expect(findPreset("nope")).toBeUndefined();
  });

  it("are offered to the wizard in the run's language", () => {
    expect(presetChoices("tr").map((c) => c.description)).toContain(
      "Fiyat farklılıklarından yararlanmak",
    );
    expect(presetChoices("en").map((c) => c.name)).toEqual(PRESET_NAMES);
  });
});
