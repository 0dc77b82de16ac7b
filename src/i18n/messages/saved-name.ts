import type { Message, Translation } from "../catalog-types.js";

/** The name of a saved sender or rule (config/saved-entries.ts), refused. */
export const en = {
  "savedName.sender":
    "a sender's name is 1 to 64 of a-z, A-Z, 0-9 and _ . @ + - (no spaces), got '{name}'",
  "savedName.rule":
    "a rule's name is 1 to 64 of a-z, A-Z, 0-9 and _ . @ + - (no spaces), got '{name}'",
} as const satisfies Record<string, Message>;

export const tr = {
  "savedName.sender":
    "gönderen adı 1 ile 64 karakter arası olmalı ve yalnızca a-z, A-Z, 0-9 ile _ . @ + - içermeli (boşluk olmaz); verilen: '{name}'",
  "savedName.rule":
    "kural adı 1 ile 64 karakter arası olmalı ve yalnızca a-z, A-Z, 0-9 ile _ . @ + - içermeli (boşluk olmaz); verilen: '{name}'",
} as const satisfies Translation<typeof en>;
