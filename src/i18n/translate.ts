import { EN } from "./catalog.js";
import type { Message, ParamsOf, Select } from "./catalog-types.js";
import type { Lang } from "./langs.js";

export type MessageKey = keyof typeof EN;

/**
 * A table's column label (`label.*`) or a detail view's line label (`label.detail.*`): the
 * views name them by key, the table says them in the run's language (output/table.ts).
 */
export type LabelKey = Extract<MessageKey, `label.${string}`>;

/** A parameter: a text or number as it is, or another text of the catalog said in the same language. */
export type Param = string | number | bigint | Text;

/**
 * A text for people, as one value from where it is raised to where it is printed: a catalog key
 * and its parameters. The output edge says it in the run's language (`t.text`); the JSON error
 * line, receipts and logs say it in English (`inEnglish`).
 */
export interface Text {
  readonly key: MessageKey;
  readonly params?: Readonly<Record<string, Param>>;
}

/** The values a select's parameter takes: those the English names, or "other". */
export type CaseOf<K extends MessageKey> = (typeof EN)[K] extends Select & {
  readonly cases: readonly (infer C)[];
}
  ? C | "other"
  : never;

type Chosen<K extends MessageKey> = (typeof EN)[K] extends Select
  ? { readonly [P in (typeof EN)[K]["select"]]: CaseOf<K> }
  : unknown;

/** The arguments a key takes after it: none, or an object with exactly its parameters. */
export type ParamArgs<K extends MessageKey> = [ParamsOf<(typeof EN)[K]>] extends [never]
  ? []
  : [params: Readonly<Record<ParamsOf<(typeof EN)[K]>, Param>> & Chosen<K>];

/** A catalog text as a value, its key and parameters checked by the compiler. */
export function msg<K extends MessageKey>(key: K, ...params: ParamArgs<K>): Text {
  const [given] = params as [Readonly<Record<string, Param>>?];
  return given === undefined ? { key } : { key, params: given };
}

/**
 * A line that is no text of ours (the service's own words, a system error's): shown as it is
 * in every language. The report tells it apart by its key (`isAsIs`).
 */
export function asIs(line: string): Text {
  return { key: "text.asIs", params: { line } };
}

/** Whether `value` is a line shown as it is (see `asIs`), and which. */
export function asIsLine(value: Text): string | null {
  return value.key === "text.asIs" ? String(value.params?.line ?? "") : null;
}

/** Several texts as one, "; " between them (a row's problems). */
export function joined(texts: readonly Text[]): Text {
  const [first, ...others] = texts;
  if (first === undefined) return asIs("");
  return others.length === 0 ? first : msg("list.semicolon", { first, rest: joined(others) });
}

/**
 * Text for people in one language, chosen once per run (src/cli.ts) and carried on the IO
 * (`io.t`), so a test sets the language by building its IO, with no global to reset.
 */
export interface Translator {
  readonly lang: Lang;
  <K extends MessageKey>(key: K, ...params: ParamArgs<K>): string;
  /** A text value (see `Text`) in this language. */
  text(value: Text): string;
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
function pluralForm(lang: Lang, count: Param | undefined): "one" | "other" {
  return lang === "en" && count !== undefined && Number(count) === 1 ? "one" : "other";
}

/** `value` in `lang`. */
export function render(lang: Lang, value: Text): string {
  const message = catalogOf(lang)[value.key] ?? EN[value.key];
  const params = value.params ?? {};
  const count = params.count;
  const line =
    typeof message === "string"
      ? message
      : "select" in message
        ? (message.when?.[String(params[message.select])] ?? message.other)
        : message[pluralForm(lang, typeof count === "object" ? undefined : count)];
  return line.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const param = params[name]!;
    return typeof param === "object" ? render(lang, param) : String(param);
  });
}

/** `value` in English: an error's message, the JSON error line, receipts and logs. */
export function inEnglish(value: Text): string {
  return render("en", value);
}

export function createTranslator(lang: Lang): Translator {
  catalogOf(lang); // A language not loaded yet is refused here, not at the first text.
  const t = (key: MessageKey, params?: Readonly<Record<string, Param>>) =>
    render(lang, params === undefined ? { key } : { key, params });
  return Object.assign(t as Translator, {
    lang,
    text: (value: Text) => render(lang, value),
  });
}

/** The English translator, for callers that have no IO yet (a spec's help) and for tests. */
export const english: Translator = createTranslator("en");
