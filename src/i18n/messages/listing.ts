import type { Message, Translation } from "../catalog-types.js";

/**
 * The exchanges listing as `senders add` and `rules add` read it (src/declare/rule-listing.ts):
 * unread, or an id checked later.
 */
export const en = {
  "listing.unread": "could not read the exchanges listing ({why}); {left}",
  "listing.senderLater":
    "whether exchangeId {id} is supported is checked when a confirm uses this sender",
  "listing.ruleLater": "whether exchangeId {id} is supported is checked when the rule is used",
  "listing.keptName": "'{name}' is kept as the name of an exchange that is not listed",
} as const satisfies Record<string, Message>;

export const tr = {
  "listing.unread": "borsa listesi okunamadı ({why}); {left}",
  "listing.senderLater":
    "exchangeId {id} değerinin desteklenip desteklenmediği, bir onay bu göndereni kullandığında denetlenir",
  "listing.ruleLater":
    "exchangeId {id} değerinin desteklenip desteklenmediği, kural kullanıldığında denetlenir",
  "listing.keptName": "'{name}', listede olmayan bir borsanın adı olarak tutulur",
} as const satisfies Translation<typeof en>;
