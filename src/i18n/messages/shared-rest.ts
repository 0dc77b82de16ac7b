import type { Message, Translation } from "../catalog-types.js";

/** Texts many commands share: `--fields` (output/fields-option.ts), the exchanges listing. */
export const en = {
  /** Problems one after another (joinedPhrases): each said in the run's language. */
  "list.semicolon": "{first}; {rest}",
  /** A line that is no text of ours (the service's words), shown as it is (translate.ts asIs). */
  "text.asIs": "{line}",
  "fields.none": "--fields needs at least one field name",
  "fields.emptyName":
    "--fields has an empty name ('{list}'): give the names separated by single commas",
  "fields.unknown": "unknown field '{name}' in --fields",
  "fields.unknownFolded":
    "unknown field '{name}' in --fields (did you mean {folded}? names are case-sensitive)",
  "fields.twice": "--fields names '{name}' twice",
  "fields.hint": "valid fields (comma-separated, in the order wanted): {names}",
  "listing.unread": "could not read the exchanges listing ({why}); {left}",
  "listing.senderLater":
    "whether exchangeId {id} is supported is checked when a confirm uses this sender",
  "listing.ruleLater": "whether exchangeId {id} is supported is checked when the rule is used",
  "listing.keptName": "'{name}' is kept as the name of an exchange that is not listed",
  "process.inFlight":
    "tradectl: interrupted with the confirmation of declaration {id} in flight: it may have been applied; running the same command again reads it back before sending anything",
  "process.stdoutFailed": "error: could not write to standard output: {why}",
  "config.howTo": "run `tradectl auth login`, or set TRADECTL_API_KEY and TRADECTL_API_SECRET",
  "config.secretNotBase64": "the API secret from {origin} is not valid base64",
  "config.copySecret":
    "copy the private key again exactly as the exchange shows it, then run `tradectl auth login`, or set TRADECTL_API_KEY and TRADECTL_API_SECRET",
  "config.halfPair": "{missing} is not set, but {set} is",
  "config.setBoth": "set both, or unset both to use a saved profile",
  "config.noCredentials": "no API credentials found (profile '{name}')",
  "config.loginProfile":
    "run `tradectl --profile {name} auth login` (--profile ignores TRADECTL_API_KEY and TRADECTL_API_SECRET)",
} as const satisfies Record<string, Message>;

export const tr = {
  "list.semicolon": "{first}; {rest}",
  "text.asIs": "{line}",
  "fields.none": "--fields en az bir alan adı ister",
  "fields.emptyName":
    "--fields içinde boş bir ad var ('{list}'): adları tek virgülle ayırarak verin",
  "fields.unknown": "--fields içinde bilinmeyen alan: '{name}'",
  "fields.unknownFolded":
    "--fields içinde bilinmeyen alan: '{name}' ({folded} mi demek istediniz? adlarda büyük/küçük harf önemlidir)",
  "fields.twice": "--fields '{name}' adını iki kez veriyor",
  "fields.hint": "geçerli alanlar (virgülle ayrılmış, istenen sırada): {names}",
  "listing.unread": "borsa listesi okunamadı ({why}); {left}",
  "listing.senderLater":
    "exchangeId {id} değerinin desteklenip desteklenmediği, bir onay bu göndereni kullandığında denetlenir",
  "listing.ruleLater":
    "exchangeId {id} değerinin desteklenip desteklenmediği, kural kullanıldığında denetlenir",
  "listing.keptName": "'{name}', listede olmayan bir borsanın adı olarak tutulur",
  "process.inFlight":
    "tradectl: {id} numaralı beyanın onayı yoldayken kesildi: uygulanmış olabilir; aynı komutu yeniden çalıştırmak, bir şey göndermeden önce onu geri okur",
  "process.stdoutFailed": "hata: standart çıktıya yazılamadı: {why}",
  "config.howTo":
    "`tradectl auth login` çalıştırın ya da TRADECTL_API_KEY ve TRADECTL_API_SECRET değişkenlerini tanımlayın",
  "config.secretNotBase64": "{origin} kaynağındaki API gizli anahtarı geçerli bir base64 değil",
  "config.copySecret":
    "gizli anahtarı borsanın gösterdiği gibi eksiksiz yeniden kopyalayın, sonra `tradectl auth login` çalıştırın ya da TRADECTL_API_KEY ve TRADECTL_API_SECRET değişkenlerini tanımlayın",
  "config.halfPair": "{set} tanımlı ama {missing} tanımlı değil",
  "config.setBoth":
    "ikisini birden tanımlayın ya da kayıtlı bir profil kullanmak için ikisini de kaldırın",
  "config.noCredentials": "API kimlik bilgisi bulunamadı ('{name}' profili)",
  "config.loginProfile":
    "`tradectl --profile {name} auth login` çalıştırın (--profile, TRADECTL_API_KEY ve TRADECTL_API_SECRET değişkenlerini yok sayar)",
} as const satisfies Translation<typeof en>;
