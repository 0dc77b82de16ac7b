import type { Message, Translation } from "../catalog-types.js";

/** Saved rules (config/saved-entries.ts): unknown, unreadable, spent or expired. */
export const en = {
  // rules.ts and senders.ts: a saved entry by name
  "savedRule.unknown": "no rule is called '{name}'",
  "savedRule.known": "saved rules: {names}",
  "savedRule.none": "no rule is saved yet: `tradectl rules add NAME --symbol SYM … ` saves one",
  "savedRule.unreadable": "the rule '{name}' cannot be read: {why}",
  "savedRule.unreadableHint":
    "`tradectl rules remove {name}` deletes it; `tradectl rules add {name} …` replaces it",
  // rules.ts spendOnce: why a --once rule could not be spent
  "savedRule.removed": "the rule '{name}' was removed",
  "savedRule.spent": "the --once rule '{name}' was already spent by declaration {id}",
  "savedRule.expired": "the rule '{name}' has expired",
} as const satisfies Record<string, Message>;

export const tr = {
  "savedRule.unknown": "'{name}' adında bir kural yok",
  "savedRule.known": "kayıtlı kurallar: {names}",
  "savedRule.none":
    "henüz kayıtlı kural yok: `tradectl rules add NAME --symbol SYM … ` bir kural kaydeder",
  "savedRule.unreadable": "'{name}' kuralı okunamıyor: {why}",
  "savedRule.unreadableHint":
    "`tradectl rules remove {name}` onu siler; `tradectl rules add {name} …` yerine yenisini kaydeder",
  "savedRule.removed": "'{name}' kuralı silinmiş",
  "savedRule.spent": "--once kuralı '{name}', {id} numaralı beyan için zaten kullanılmış",
  "savedRule.expired": "'{name}' kuralının süresi dolmuş",
} as const satisfies Translation<typeof en>;
