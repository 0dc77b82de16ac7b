import type { Lang } from "../i18n/lang.js";
import { foldCase } from "./text.js";

/**
 * Ready-made descriptions, like the drop-down of the exchange's own form ("Açıklama Seçiniz",
 * e.g. "Fiyat farklılıklarından yararlanmak"). Each is one of the reasons people declare a
 * deposit for, in both languages, and keeps the service's 20..100 rule in both (a test checks
 * it against the seed's text). The NAME is the interface (`--description-preset NAME`); the
 * text sent is the one in the language of the run.
 */
export const DESCRIPTION_PRESETS = [
  {
    name: "own-accounts",
    text: {
      en: "Transfer between my own accounts on different platforms",
      tr: "Farklı platformlardaki kendi hesaplarım arasında transfer",
    },
  },
  {
    name: "arbitrage",
    text: {
      en: "Profiting from price differences between platforms",
      tr: "Fiyat farklılıklarından yararlanmak",
    },
  },
  {
    name: "family-gift",
    text: { en: "A gift from a member of my family", tr: "Aile üyemden gelen hediye" },
  },
  {
    name: "goods-services",
    text: { en: "Payment for goods or services", tr: "Mal veya hizmet karşılığı ödeme" },
  },
  {
    name: "salary",
    text: { en: "Salary or other income paid to me", tr: "Maaş veya diğer gelir ödemesi" },
  },
  {
    name: "refund",
    text: {
      en: "Return of funds I had sent earlier",
      tr: "Daha önce gönderdiğim fonların iadesi",
    },
  },
  {
    name: "investment",
    text: {
      en: "Transfer of my own funds for investment",
      tr: "Yatırım amaçlı kendi fonlarımın transferi",
    },
  },
] as const satisfies readonly DescriptionPreset[];

export interface DescriptionPreset {
  readonly name: string;
  readonly text: Readonly<Record<Lang, string>>;
}

export type PresetName = (typeof DESCRIPTION_PRESETS)[number]["name"];

export const PRESET_NAMES: readonly PresetName[] = DESCRIPTION_PRESETS.map((p) => p.name);

export function findPreset(name: string): (typeof DESCRIPTION_PRESETS)[number] | undefined {
  const wanted = foldCase(name.trim());
  return DESCRIPTION_PRESETS.find((preset) => preset.name === wanted);
}

/**
 * The presets as the wizard offers them, in the run's language, before "type my own": the
 * choice's label is the text itself (what will be sent), its value the text too.
 */
export function presetChoices(lang: Lang): readonly { name: PresetName; description: string }[] {
  return DESCRIPTION_PRESETS.map((preset) => ({
    name: preset.name,
    description: preset.text[lang],
  }));
}

/** A preset's text in a language: the description sent when the preset is chosen. */
export function presetText(name: PresetName, lang: Lang): string {
  return DESCRIPTION_PRESETS.find((preset) => preset.name === name)!.text[lang];
}
