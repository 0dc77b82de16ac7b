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

export type Message = string | Plural;

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

/** The parameters a message takes; a plural always takes `count`. */
export type ParamsOf<M> = M extends string
  ? Placeholders<M>
  : M extends Plural
    ? Placeholders<M["one"]> | Placeholders<M["other"]> | "count"
    : never;

/**
 * The Turkish for an English catalog: the same keys; for a plural, either a plural or one text
 * (Turkish keeps the noun singular after a number: "3 beyan").
 */
export type Translation<E extends Record<string, Message>> = {
  readonly [K in keyof E]: E[K] extends Plural ? Message : string;
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
