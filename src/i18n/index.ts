export type { Message, Plural } from "./catalog-types.js";
export { LANGS, type Lang, langFlagOf, langFromEnv, langOfLocale, resolveLang } from "./lang.js";
export {
  createTranslator,
  english,
  type MessageKey,
  type ParamArgs,
  render,
  said,
  type Translator,
} from "./translate.js";
