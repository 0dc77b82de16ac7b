import type { Message, Translation } from "../catalog-types.js";

/**
 * What the domain finds wrong in what people type (src/domain: ids, amounts, times, a `--from`
 * row), and the error report's "and N more" after a long list of problems (src/errors.ts).
 */
export const en = {
  "domain.andMore": "and {count} more",
  // domain/ids.ts: {subject} is what the id was given as ("declaration id '7x'", "--id 'x'")
  "domain.id.empty": "{subject} is empty",
  "domain.id.digits": "{subject} must contain decimal digits only",
  "domain.id.tooLarge": "{subject} is larger than the maximum {max}",
  "domain.id.declaration": "declaration id '{id}'",
  "domain.id.order": "order id '{id}'",
  "domain.id.flag": "{flag} '{id}'",
  // domain/amount.ts
  "domain.amount.notDecimal": "{flag} must be a decimal number such as 0.5, got '{text}'",
  // domain/duration.ts
  "domain.when.neither":
    "'{text}' is neither an ISO-8601 time (2026-12-01T09:00:00Z) nor a duration (24h, 7d, 30m)",
  "domain.when.flag": "{flag}: {problem}",
  // domain/batch.ts, a --from row: {got} is the value as given (quoted text, a number, a kind)
  "domain.row.unknownField": "unknown field '{name}' (the fields are: {fields})",
  "domain.row.twice": "field {field} is given twice ('{earlier}' and '{name}')",
  "domain.row.idNotNumber": "{field} must be a number",
  "domain.row.selfNotBoolean": "isSelfSender must be true or false, got {got}",
  "domain.row.addressType":
    "AddressType must be Exchange or IndividualWallet (also exchange, individual-wallet), got {got}",
  "domain.row.exchangeIdNotNumber": "exchangeId must be a number, got {got}",
  "domain.row.notText": "{field} must be text, got {got}",
  "domain.row.aList": "a list",
  "domain.row.anObject": "an object",
} as const satisfies Record<string, Message>;

export const tr = {
  "domain.andMore": "ve {count} sorun daha",
  "domain.id.empty": "{subject} boş",
  "domain.id.digits": "{subject} yalnızca rakamlardan oluşmalı",
  "domain.id.tooLarge": "{subject} en büyük değer olan {max} sayısını aşıyor",
  "domain.id.declaration": "beyan numarası '{id}'",
  "domain.id.order": "emir numarası '{id}'",
  "domain.id.flag": "{flag} '{id}'",
  "domain.amount.notDecimal": "{flag} 0.5 gibi ondalık bir sayı olmalı, verilen: '{text}'",
  "domain.when.neither":
    "'{text}' ne ISO-8601 biçiminde bir zaman (2026-12-01T09:00:00Z) ne de bir süre (24h, 7d, 30m)",
  "domain.when.flag": "{flag}: {problem}",
  "domain.row.unknownField": "bilinmeyen alan '{name}' (alanlar: {fields})",
  "domain.row.twice": "{field} alanı iki kez verilmiş ('{earlier}' ve '{name}')",
  "domain.row.idNotNumber": "{field} bir sayı olmalı",
  "domain.row.selfNotBoolean": "isSelfSender true ya da false olmalı, verilen: {got}",
  "domain.row.addressType":
    "AddressType Exchange ya da IndividualWallet olmalı (exchange, individual-wallet da olur), verilen: {got}",
  "domain.row.exchangeIdNotNumber": "exchangeId bir sayı olmalı, verilen: {got}",
  "domain.row.notText": "{field} metin olmalı, verilen: {got}",
  "domain.row.aList": "bir liste",
  "domain.row.anObject": "bir nesne",
} as const satisfies Translation<typeof en>;
