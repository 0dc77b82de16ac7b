import type { Message, Translation } from "../catalog-types.js";

/**
 * What the confirm wizard offers after a send (src/commands/declarations/confirm/offers.ts): save
 * as a sender or a rule, declare the others the same way.
 */
export const en = {
  "confirm.offer.save": "Save these answers as a sender for next time?",
  "confirm.offer.senderName": "Name for this sender:",
  "confirm.offer.senderSaved":
    "Sender '{name}' saved: `--sender {name}` answers the same way next time",
  "confirm.offer.rule": "Remember these answers as a rule for deposits like it?",
  "confirm.offer.symbol": "Symbol:",
  "confirm.offer.symbolNeeded": "a rule needs the asset's symbol, e.g. XRP",
  "confirm.offer.address": "Deposit address (empty: any):",
  "confirm.offer.memo": "Memo or tag (empty: any):",
  "confirm.offer.amount": "Amount, exactly (empty: any amount):",
  "confirm.offer.ruleName": "Name for this rule:",
  "confirm.offer.ruleExists": "a rule called '{name}' exists already",
  "confirm.offer.ruleSaved":
    "Rule '{name}' saved: `tradectl declarations watch --auto` declares deposits like it as they arrive (`tradectl rules list`)",
  "confirm.offer.sameWay": {
    one: "Declare the other {count} pending deposit the same way?",
    other: "Declare the other {count} pending deposits the same way?",
  },
} as const satisfies Record<string, Message>;

export const tr = {
  "confirm.offer.save": "Bu yanıtlar bir dahaki sefer için gönderen olarak kaydedilsin mi?",
  "confirm.offer.senderName": "Bu gönderenin adı:",
  "confirm.offer.senderSaved":
    "'{name}' gönderen olarak kaydedildi: bir dahaki sefer `--sender {name}` aynı yanıtları verir",
  "confirm.offer.rule": "Bu yanıtlar benzer yatırmalar için kural olarak hatırlansın mı?",
  "confirm.offer.symbol": "Sembol:",
  "confirm.offer.symbolNeeded": "kural için varlığın sembolü gerekli, ör. XRP",
  "confirm.offer.address": "Yatırma adresi (boş: herhangi biri):",
  "confirm.offer.memo": "Memo ya da etiket (boş: herhangi biri):",
  "confirm.offer.amount": "Tam miktar (boş: herhangi bir miktar):",
  "confirm.offer.ruleName": "Bu kuralın adı:",
  "confirm.offer.ruleExists": "'{name}' adında bir kural zaten var",
  "confirm.offer.ruleSaved":
    "'{name}' kuralı kaydedildi: `tradectl declarations watch --auto` benzer yatırmaları geldikçe beyan eder (`tradectl rules list`)",
  "confirm.offer.sameWay": {
    one: "Bekleyen diğer {count} yatırma da aynı şekilde beyan edilsin mi?",
    other: "Bekleyen diğer {count} yatırma da aynı şekilde beyan edilsin mi?",
  },
} as const satisfies Translation<typeof en>;
