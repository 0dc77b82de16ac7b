import type { Message, Translation } from "../catalog-types.js";

/** `--fields` (output/fields-option.ts): names missing, unknown or given twice. */
export const en = {
  "fields.flag": "only these fields, in this order, in every format (API names: {names})",
  "fields.none": "--fields needs at least one field name",
  "fields.emptyName":
    "--fields has an empty name ('{list}'): give the names separated by single commas",
  "fields.unknown": "unknown field '{name}' in --fields",
  "fields.unknownFolded":
    "unknown field '{name}' in --fields (did you mean {folded}? names are case-sensitive)",
  "fields.twice": "--fields names '{name}' twice",
  "fields.hint": "valid fields (comma-separated, in the order wanted): {names}",
} as const satisfies Record<string, Message>;

export const tr = {
  "fields.flag": "her biçimde yalnızca bu alanlar, bu sırayla (API adları: {names})",
  "fields.none": "--fields en az bir alan adı ister",
  "fields.emptyName":
    "--fields içinde boş bir ad var ('{list}'): adları tek virgülle ayırarak verin",
  "fields.unknown": "--fields içinde bilinmeyen alan: '{name}'",
  "fields.unknownFolded":
    "--fields içinde bilinmeyen alan: '{name}' ({folded} mi demek istediniz? adlarda büyük/küçük harf önemlidir)",
  "fields.twice": "--fields '{name}' adını iki kez veriyor",
  "fields.hint": "geçerli alanlar (virgülle ayrılmış, istenen sırada): {names}",
} as const satisfies Translation<typeof en>;
