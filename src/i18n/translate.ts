import type { Phrase, SaidAs } from "../errors.js";
import { EN } from "./catalog.js";
import type { Message, ParamsOf } from "./catalog-types.js";
import { TR_LABELS } from "./labels.js";
import type { Lang } from "./langs.js";

export type MessageKey = keyof typeof EN;

/** A parameter: a text or number as it is, or a catalog entry said in the same language. */
type Value = string | number | bigint | SaidAs | Phrase;

/** The arguments a key takes after it: none, or an object with exactly its parameters. */
export type ParamArgs<K extends MessageKey> = [ParamsOf<(typeof EN)[K]>] extends [never]
  ? []
  : [params: Readonly<Record<ParamsOf<(typeof EN)[K]>, Value>>];

/**
 * Text for people in one language, chosen once per run (src/cli.ts) and carried on the IO
 * (`io.t`), so a test sets the language by building its IO, with no global to reset.
 */
export interface Translator {
  readonly lang: Lang;
  <K extends MessageKey>(key: K, ...params: ParamArgs<K>): string;
  /** A table's column label or a detail view's label (English in the view) in this language. */
  label(english: string): string;
  /** An error's catalog entry (TradectlError `said`), or null when the key is not known. */
  said(ref: SaidAs): string | null;
  /** A problem (see `phrase`) in this language: its catalog entry, else its English. */
  say(problem: Phrase): string;
}

/** `{name}`: a letter, then letters, digits or `_` (as Placeholders in catalog-types.ts). */
export const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;

type Catalog = Readonly<Record<MessageKey, Message>>;

/** English is always here (errors keep it for the JSON line); another language once loaded. */
const CATALOGS: Partial<Record<Lang, Catalog>> = { en: EN };

/**
 * Loads `lang`'s catalog, once: main() does so as soon as the language is chosen, before any
 * text is made (a Turkish run reads the Turkish texts, an English one never does).
 */
export async function loadLanguage(lang: Lang): Promise<void> {
  if (lang === "tr") CATALOGS.tr ??= (await import("./catalog-tr.js")).TR;
}

function catalogOf(lang: Lang): Catalog {
  const catalog = CATALOGS[lang];
  if (!catalog) throw new Error(`the ${lang} message catalog is not loaded (loadLanguage)`);
  return catalog;
}

/** English has one and other; Turkish keeps the noun singular after any number. */
function pluralForm(lang: Lang, count: Value | undefined): "one" | "other" {
  return lang === "en" && count !== undefined && Number(count) === 1 ? "one" : "other";
}

function fill(lang: Lang, text: string, params: Readonly<Record<string, Value>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name]!;
    if (typeof value !== "object") return String(value);
    if ("english" in value) return sayIn(lang, value);
    return isKey(value.key) ? render(lang, value.key, value.params) : whole;
  });
}

export function render(
  lang: Lang,
  key: MessageKey,
  params: Readonly<Record<string, Value>> = {},
): string {
  const message = catalogOf(lang)[key] ?? EN[key];
  const count = params.count;
  const text =
    typeof message === "string"
      ? message
      : message[pluralForm(lang, typeof count === "object" ? undefined : count)];
  return fill(lang, text, params);
}

function isKey(key: string): key is MessageKey {
  return Object.hasOwn(EN, key);
}

/** A Phrase in `lang`: its own English in English, else as the catalog says it (if it can). */
function sayIn(lang: Lang, problem: Phrase): string {
  return lang !== "en" && problem.said && isKey(problem.said.key)
    ? render(lang, problem.said.key, problem.said.params)
    : problem.english;
}

export function createTranslator(lang: Lang): Translator {
  catalogOf(lang); // A language not loaded yet is refused here, not at the first text.
  const t = (key: MessageKey, params?: Readonly<Record<string, Value>>) =>
    render(lang, key, params);
  return Object.assign(t as Translator, {
    lang,
    label: (english: string) => (lang === "tr" ? (TR_LABELS[english] ?? english) : english),
    said: (ref: SaidAs) => (isKey(ref.key) ? render(lang, ref.key, ref.params) : null),
    say: (problem: Phrase) => sayIn(lang, problem),
  });
}

/** English, for callers that have no IO yet (a spec's refusal) and for tests. */
export const english: Translator = createTranslator("en");

/**
 * A catalog entry for a TradectlError (`said`), its key and parameters checked like `t`'s: the
 * error's message stays English (the JSON line, logs), the report says it in the run's language.
 */
export function said<K extends MessageKey>(key: K, ...params: ParamArgs<K>): SaidAs {
  const [given] = params as [Readonly<Record<string, Value>>?];
  return given === undefined
    ? { key }
    : {
        key,
        params: Object.fromEntries(
          Object.entries(given).map(([k, v]) => [k, typeof v === "object" ? v : String(v)]),
        ),
      };
}

/**
 * A problem in English (an error's message or detail line, for the JSON line) and as the catalog
 * says it (for people): what `TradectlError.listing` takes.
 */
export function phrase<K extends MessageKey>(
  key: K,
  ...params: ParamArgs<K>
): Phrase & { said: SaidAs } {
  return { english: english(key, ...params), said: said(key, ...params) };
}

/** Several problems as one, "; " between them, each said in the run's language (a row's list). */
export function joinedPhrases(phrases: readonly Phrase[]): Phrase {
  const [first, ...others] = phrases;
  if (first === undefined) return { english: "" };
  if (others.length === 0) return first;
  const rest = joinedPhrases(others);
  return {
    english: `${first.english}; ${rest.english}`,
    said: said("list.semicolon", { first, rest }),
  };
}
