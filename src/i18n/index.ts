/**
 * Text for people, in English and Turkish (docs/OUTPUT.md, "Language"). Machine output never
 * goes through here. To bring a room into the catalog:
 * 1. add `messages/<room>.ts` (its keys start with `<room>.`) with `en` and `tr` side by side
 *    (`tr` satisfies `Translation<typeof en>`, so tsc refuses a missing key or a different
 *    `{param}`), add `en` to EN in catalog.ts, `tr` to TR in catalog-tr.ts, and the room to
 *    test/i18n/catalog.test.ts (the build gives each bundle a language's catalog as one
 *    object: scripts/build.js);
 * 2. a verb's spec takes `t` (`command: (t = english) => …`), its `registerX(program, run, t)`
 *    passes it on;
 * 3. a run says `ctx.io.t(key, params)`; anything raised or handed up (an error, a problem, an
 *    outcome's line) is one value, `msg(key, params)`, said where it is printed (`io.t.text`)
 *    and in English for the JSON line and records (`inEnglish`):
 *    `new TradectlError(kind, msg(k, p), { hint: msg(h) })`;
 * 4. dates through `localTime(value, lang)`.
 */
export type { Message, Plural, Select } from "./catalog-types.js";
export {
  LANGS,
  type Lang,
  langFlagOf,
  langFromEnv,
  langFromFlag,
  langOfLocale,
  resolveLang,
} from "./lang.js";
export {
  asIs,
  asIsLine,
  type CaseOf,
  createTranslator,
  english,
  inEnglish,
  joined,
  type LabelKey,
  loadLanguage,
  type MessageKey,
  msg,
  type Param,
  type ParamArgs,
  render,
  type Text,
  type Translator,
} from "./translate.js";
