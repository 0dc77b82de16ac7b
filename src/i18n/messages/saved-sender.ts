import type { Message, Translation } from "../catalog-types.js";

/** Saved senders (config/saved-entries.ts): unknown or unreadable. */
export const en = {
  "savedSender.unknown": "no saved sender is called '{name}'",
  "savedSender.known": "saved senders: {names}; nothing was sent",
  "savedSender.none":
    "no sender is saved yet: `tradectl senders add NAME --self --address-type exchange --exchange-id N` saves one; nothing was sent",
  "savedSender.unreadable":
    "saved sender '{name}' cannot be read: {why} (fix it in {path}, or `tradectl senders remove {name}`)",
} as const satisfies Record<string, Message>;

export const tr = {
  "savedSender.unknown": "'{name}' adında kayıtlı bir gönderen yok",
  "savedSender.known": "kayıtlı gönderenler: {names}; hiçbir şey gönderilmedi",
  "savedSender.none":
    "henüz kayıtlı gönderen yok: `tradectl senders add NAME --self --address-type exchange --exchange-id N` bir gönderen kaydeder; hiçbir şey gönderilmedi",
  "savedSender.unreadable":
    "kayıtlı '{name}' göndereni okunamıyor: {why} ({path} içinde düzeltin ya da `tradectl senders remove {name}` ile silin)",
} as const satisfies Translation<typeof en>;
