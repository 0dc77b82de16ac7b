/**
 * Text for people, in English and Turkish (docs/OUTPUT.md, "Language"). Machine output never
 * goes through here. To bring a room into the catalog:
 * 1. add `messages/<room>.ts` with `en` and `tr` side by side (`tr` satisfies
 *    `Translation<typeof en>`, so tsc refuses a missing key or a different `{param}`), add `en` to
 *    EN in catalog.ts, `tr` to TR in catalog-tr.ts, and the room to test/i18n/catalog.test.ts
 *    (the build gives each bundle a language's catalog as one object: scripts/build.js);
 * 2. a verb's spec takes `t` (`command: (t = english) => …`), its `registerX(program, run, t)`
 *    passes it on;
 * 3. a run says `ctx.io.t(key, params)`; an error keeps its English message for the JSON line
 *    and says it for people: `new TradectlError(kind, english(k, p), { said: said(k, p) })`;
 * 4. table headings go in labels.ts; dates through `localTime(value, lang)`.
 */
export type { Message, Plural } from "./catalog-types.js";
export { LANGS, type Lang, langFlagOf, langFromEnv, langOfLocale, resolveLang } from "./lang.js";
export {
  createTranslator,
  english,
  joinedPhrases,
  loadLanguage,
  type MessageKey,
  type ParamArgs,
  phrase,
  render,
  said,
  type Translator,
} from "./translate.js";
