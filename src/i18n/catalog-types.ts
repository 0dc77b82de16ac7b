/**
 * The shape of the message catalog, checked by the compiler: every Turkish entry exists for an
 * English one and no other (a missing or extra key fails `tsc`), a plural stays a plural, and
 * the Turkish text names the same `{parameters}` as the English (a mismatch names the key).
 */

/** A text that depends on `{count}`: English "1 declaration" / "3 declarations". */
export interface Plural {
  readonly one: string;
  readonly other: string;
}

/**
 * A text one parameter chooses among, for a language that words some of its values apart: the
 * English names the values (`cases`) and says them all one way (`other`); a translation may
 * give a value its own text (`when`), checked against those names, and falls back to `other`.
 * `api.failed`: one English line, a Turkish line for each failure that says what it means.
 */
export interface Select {
  /** The parameter that chooses; its values are `cases` or "other" (ParamArgs, translate.ts). */
  readonly select: string;
  /** Named by the English only. */
  readonly cases?: readonly string[];
  readonly other: string;
  readonly when?: Readonly<Record<string, string>>;
}

export type Message = string | Plural | Select;

/** Characters a parameter's name never holds: `{"error":{…}}` in a help text is no parameter. */
type NotInName =
  | '"'
  | "'"
  | "`"
  | ":"
  | ";"
  | " "
  | "\n"
  | "{"
  | "("
  | ")"
  | "["
  | "]"
  | ","
  | "."
  | "="
  | "$"
  | "/"
  | "\\"
  | "-"
  | "<"
  | ">"
  | "|"
  | "*"
  | "+"
  | "!"
  | "?"
  | "@"
  | "#"
  | "%"
  | "&"
  | "~";

/** The `{name}` placeholders of a text (see PLACEHOLDER in translate.ts for the runtime's). */
export type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? (P extends "" | `${string}${NotInName}${string}` ? never : P) | Placeholders<Rest>
  : never;

/** The texts of a select's `when`, when it has one. */
type WhenTexts<M> = M extends { readonly when: infer W } ? W[keyof W] & string : never;

/** The parameters a message takes; a plural always takes `count`, a select its `select`. */
export type ParamsOf<M> = M extends string
  ? Placeholders<M>
  : M extends Plural
    ? Placeholders<M["one"]> | Placeholders<M["other"]> | "count"
    : M extends Select
      ? M["select"] | Placeholders<M["other"]> | Placeholders<WhenTexts<M>>
      : never;

type CasesOf<S> = S extends { readonly cases: readonly (infer C extends string)[] } ? C : never;

/** A select's translation: the same parameter, `other`, and a text for any of the English's cases. */
type SelectTranslation<S extends Select> = {
  readonly select: S["select"];
  readonly other: string;
  readonly when?: { readonly [C in CasesOf<S>]?: string };
};

/**
 * The Turkish for an English catalog: the same keys; for a plural, either a plural or one text
 * (Turkish keeps the noun singular after a number: "3 beyan").
 */
export type Translation<E extends Record<string, Message>> = {
  readonly [K in keyof E]: E[K] extends Plural
    ? string | Plural
    : E[K] extends Select
      ? SelectTranslation<E[K]>
      : string;
};

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The keys whose Turkish names other parameters than the English. */
type ParamMismatch<E, T extends { [K in keyof E]: unknown }> = {
  [K in keyof E]: Same<ParamsOf<E[K]>, ParamsOf<T[K]>> extends true ? never : K;
}[keyof E];

/**
 * The Turkish catalog itself when every text names the parameters of its English; otherwise a
 * type it cannot be assigned to, whose error names the keys that differ.
 */
export type SameParams<E, T extends { [K in keyof E]: unknown }> = [ParamMismatch<E, T>] extends [
  never,
]
  ? T
  : { readonly parametersDifferFor: ParamMismatch<E, T> };

/** `A | B | C` as `A & B & C`: the rooms of the catalog as one object's type. */
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/**
 * The rooms as one catalog, for the compiler and the tests. The bundles do not join rooms at
 * start: the build runs catalog.ts and catalog-tr.ts and writes what this made as one object
 * literal (scripts/build.js, `oneLanguage`).
 */
export function rooms<T extends readonly object[]>(...parts: T): Intersection<T[number]> {
  return Object.assign({}, ...parts) as Intersection<T[number]>;
}
