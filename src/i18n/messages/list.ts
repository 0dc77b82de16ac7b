import type { Message, Translation } from "../catalog-types.js";

/** Problems one after another (translate.ts `joined`), each said in the run's language. */
export const en = {
  /** Problems one after another (joinedPhrases): each said in the run's language. */
  "list.semicolon": "{first}; {rest}",
} as const satisfies Record<string, Message>;

export const tr = {
  "list.semicolon": "{first}; {rest}",
} as const satisfies Translation<typeof en>;
