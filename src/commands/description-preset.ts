import { Option } from "@commander-js/extra-typings";
import {
  DESCRIPTION_PRESETS,
  findPreset,
  PRESET_NAMES,
  type PresetName,
} from "../domain/description-presets.js";
import { TradectlError } from "../errors.js";
import { english, msg, type Translator } from "../i18n/index.js";
import { grid } from "../output/table.js";

/**
 * `--description-preset NAME` of `senders add` and `rules add`: a ready-made description
 * (domain/description-presets.ts), saved in the run's language. One flag, one check, one list.
 */
export const presetOption = (t: Translator = english) =>
  new Option("--description-preset <NAME>", t("senders.add.preset"))
    .choices(PRESET_NAMES)
    .conflicts("description");

/** The preset a name gives, any case; an unknown one is refused (exit 2) with the names. */
export function checkedPreset(name: string | undefined): PresetName | undefined {
  if (name === undefined) return undefined;
  const preset = findPreset(name);
  if (preset) return preset.name;
  const names = PRESET_NAMES.join(", ");
  throw new TradectlError("usage", msg("senders.unknownPreset", { name, names }), {
    hint: msg("senders.presetNames", { names }),
  });
}

/** The presets as help lists them: the name, then the text in the run's language. */
export const presetTable = (t: Translator) =>
  grid(
    DESCRIPTION_PRESETS.map((preset) => [preset.name, preset.text[t.lang]]),
    { indent: "  " },
  ).join("\n");

/** The help section that lists the presets (added after a verb's own help). */
export const presetHelp = (t: Translator) => () =>
  t("senders.add.presetAfter", { presets: presetTable(t) });
