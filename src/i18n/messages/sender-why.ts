import type { Message, Translation } from "../catalog-types.js";

/** Why a saved sender cannot be read (config/saved-entries.ts). */
export const en = {
  // senders.ts readSenderFile: why an entry of the file is no sender
  "senderWhy.notObject": "it is not an object of answers",
  "senderWhy.answers": "{problems}",
} as const satisfies Record<string, Message>;

export const tr = {
  "senderWhy.notObject": "yanıtlardan oluşan bir nesne değil",
  "senderWhy.answers": "{problems}",
} as const satisfies Translation<typeof en>;
