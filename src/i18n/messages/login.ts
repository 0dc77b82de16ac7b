import type { Message, Translation } from "../catalog-types.js";

/**
 * `auth login` (src/commands/auth/login.ts): a failed check's hint, then what became of the pair.
 */
export const en = {
  "login.hintThen": "{hint}; {next}",
} as const satisfies Record<string, Message>;

export const tr = {
  "login.hintThen": "{hint}; {next}",
} as const satisfies Translation<typeof en>;
