import type { Message, Translation } from "../catalog-types.js";

/** Why a saved rule cannot be read (config/rules.ts): what is wrong with its fields. */
export const en = {
  // rules.ts ruleFromEntry: why an entry of the file is no rule
  "ruleWhy.notObject": "it is not an object",
  "ruleWhy.noMatch": "it has no match",
  "ruleWhy.noSymbol": "match.symbol is missing",
  "ruleWhy.matchNotText": "match.address, match.memo and match.amount must be text",
  "ruleWhy.amount": "match.amount '{amount}' is not a decimal number",
  "ruleWhy.sender": "sender is not a sender's name",
  "ruleWhy.answersNotObject": "answers is not an object",
  "ruleWhy.answers": "answers: {problems}",
  "ruleWhy.declarationId": "answers hold a declaration id",
  "ruleWhy.once": "once must be true or false",
  "ruleWhy.until": "until is not an ISO-8601 time",
  "ruleWhy.spent": "spent must name a declarationId and a time",
  "ruleWhy.amounts": "match.amounts must be a list of decimal amounts",
  "ruleWhy.origin": "imported must name a source and a key (and a time, when it has one)",
} as const satisfies Record<string, Message>;

export const tr = {
  "ruleWhy.notObject": "bir nesne değil",
  "ruleWhy.noMatch": "eşleşme tanımı (match) yok",
  "ruleWhy.noSymbol": "match.symbol eksik",
  "ruleWhy.matchNotText": "match.address, match.memo ve match.amount metin olmalı",
  "ruleWhy.amount": "match.amount '{amount}' ondalık bir sayı değil",
  "ruleWhy.sender": "sender geçerli bir gönderen adı değil",
  "ruleWhy.answersNotObject": "answers bir nesne değil",
  "ruleWhy.answers": "answers: {problems}",
  "ruleWhy.declarationId": "answers bir beyan numarası içeriyor",
  "ruleWhy.once": "once true ya da false olmalı",
  "ruleWhy.until": "until ISO-8601 bir zaman değil",
  "ruleWhy.spent": "spent bir declarationId ve bir zaman belirtmeli",
  "ruleWhy.amounts": "match.amounts ondalık tutarlardan oluşan bir liste olmalı",
  "ruleWhy.origin": "imported bir kaynak ve bir anahtar belirtmeli (varsa bir zaman da)",
} as const satisfies Translation<typeof en>;
