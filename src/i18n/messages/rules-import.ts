import type { Message, Translation } from "../catalog-types.js";

/** `tradectl rules import` (src/commands/rules/import/). */
export const en = {
  "rules.import.description":
    "Expect deposits from the sending side: each completed withdrawal of an export becomes a --once rule",
  "rules.import.arg":
    "the withdrawal history: a CSV (comma, semicolon or tab) or ndjson file; - for stdin",
  "rules.import.opt.source": "whose export it is: binance, okx, bybit, kraken or generic",
  "rules.import.opt.columns":
    "generic only: FIELD=COLUMN pairs joined by commas, e.g. symbol=Coin,address=To,amount=Qty; symbol, address and amount are needed, memo, txid, id, time, fee and status may follow",
  "rules.import.opt.decimalComma": "amounts are written with a decimal comma (1.234,56)",
  "rules.import.opt.skipBad": "save the good rows and leave the bad ones out (named in the plan)",
  "rules.import.opt.until": "how long after the withdrawal its rule lives (default 14d)",
  "rules.import.opt.yes": "save without asking",
  "rules.import.opt.dryRun": "show the plan and save nothing",
  "rules.import.opt.sender":
    "declare them with a saved sender's answers instead of the defaults (self, from that exchange)",
  "rules.import.after": `
Each completed withdrawal becomes an expected deposit: a --once rule for its symbol, address,
memo and the amount it arrives with (both the amount and the amount less the fee when the
source does not say which), expiring --until after the withdrawal. By default it is declared
as your own money (--self) from that exchange (--address-type exchange, the exchange's id from
the listing, else its name), described with the own-accounts preset; answer flags or --sender
change that. The plan comes first; nothing is saved without "Save?" or --yes. A file with a bad
row saves nothing unless --skip-bad. The same withdrawal imported twice adds nothing.
The formats each source reads: docs/IMPORT.md.

Examples:
  $ tradectl rules import withdrawals.csv --source binance --dry-run
  $ tradectl rules import okx.ndjson --source okx --yes
  $ tradectl rules import sheet.csv --source generic --columns symbol=Coin,address=To,amount=Sent \\
      --exchange-name "My Exchange" --decimal-comma`,
  "rules.import.badSource": "--source {source} is not one this version reads: {sources}",
  "rules.import.columnsOnlyGeneric": "--columns is for --source generic only",
  "rules.import.columnsNeeded":
    "--source generic needs --columns symbol=COL,address=COL,amount=COL (see --help)",
  "rules.import.columnsBad": "--columns: '{item}' is not FIELD=COLUMN with a field of {fields}",
  "rules.import.columnsMissing": "--columns must name the {field} column",
  "rules.import.untilBad": "--until {until} is not a duration such as 14d or 36h",
  "rules.import.hint": "see `tradectl rules import --help`; nothing was saved",
  "rules.import.tooBig": "{file}: more than {max} MB; a withdrawal history is far smaller",
  "rules.import.empty": "{file}: no withdrawals in it (an empty file, or a header alone)",
  "rules.import.missingColumns":
    "{file}: no column {columns}, which a {source} export has (the file's columns: {found})",
  "rules.import.columnTwice": "{file}: the column {column} is there twice",
  "rules.import.badRow": "{file} row {row} (line {line}), column {column}: {problem}",
  "rules.import.badHint":
    "nothing was saved; correct those rows, or give --skip-bad to save the others",
  "rules.import.problem.missing": "the row has no such field",
  "rules.import.problem.notText": "not a text or a number",
  "rules.import.problem.formula": "'{text}' looks like a spreadsheet formula",
  "rules.import.problem.symbol": "'{text}' is not a symbol (letters and digits)",
  "rules.import.problem.address": "'{text}' has blanks or control characters",
  "rules.import.problem.amountAmbiguous":
    "'{text}' can be read two ways (a thousands comma or a decimal comma); give --decimal-comma when the comma is decimal",
  "rules.import.problem.amountUnreadable": "'{text}' is not an amount",
  "rules.import.problem.amountNotPositive": "'{text}' is not an amount above zero",
  "rules.import.problem.fee": "'{text}' is not a fee",
  "rules.import.problem.time": "'{text}' is not a time this source writes",
  "rules.import.skip.not_completed": "not completed (status {detail})",
  "rules.import.skip.no_address": "no address",
  "rules.import.skip.no_key": "no transaction id and no withdrawal id",
  "rules.import.skip.expired": "its rule would have expired at {detail}",
  "rules.import.skip.imported_before": "imported before",
  "rules.import.skip.duplicate": "the same withdrawal as row {detail}",
  "rules.import.save": { one: "Save this rule?", other: "Save these {count} rules?" },
  "rules.import.saved": {
    one: "{count} rule saved: `tradectl rules list --source {source}` shows it",
    other: "{count} rules saved: `tradectl rules list --source {source}` shows them",
  },
  "rules.import.nothing": {
    one: "Nothing to save: {count} row skipped",
    other: "Nothing to save: {count} rows skipped",
  },
  "rules.import.dryRun": {
    one: "Dry run: {count} rule would be saved; nothing was saved",
    other: "Dry run: {count} rules would be saved; nothing was saved",
  },
  "rules.import.noTerminal": {
    one: "{count} rule to save, and no terminal to ask",
    other: "{count} rules to save, and no terminal to ask",
  },
  "rules.import.noTerminalHint": "give --yes to save them, or --dry-run to see the plan",
  "rules.import.nearMiss":
    "near_miss: rule '{rule}' expects {expected}, this is {amount}; not sent",
  "rules.import.noNearMiss":
    "the pending declarations could not be read ({why}): near misses are not shown",
  "rules.import.matchedAmount": "{rule} (the withdrawal's amount)",
  "rules.import.matchedLessFee": "{rule} (the withdrawal's amount less its fee)",
} as const satisfies Record<string, Message>;

export const tr = {
  "rules.import.description":
    "Gönderen taraftan beklenen yatırmalar: bir dökümdeki her tamamlanmış çekim bir --once kuralı olur",
  "rules.import.arg":
    "çekim geçmişi: bir CSV (virgül, noktalı virgül ya da sekme) ya da ndjson dosyası; stdin için -",
  "rules.import.opt.source": "dökümün kimin olduğu: binance, okx, bybit, kraken ya da generic",
  "rules.import.opt.columns":
    "yalnızca generic: virgülle ayrılmış ALAN=SÜTUN çiftleri, örneğin symbol=Coin,address=To,amount=Qty; symbol, address ve amount gerekir, memo, txid, id, time, fee ve status eklenebilir",
  "rules.import.opt.decimalComma": "tutarlar ondalık virgülle yazılmış (1.234,56)",
  "rules.import.opt.skipBad": "iyi satırları kaydet, hatalıları dışarıda bırak (planda adlarıyla)",
  "rules.import.opt.until": "kuralın çekimden sonra ne kadar yaşayacağı (varsayılan 14d)",
  "rules.import.opt.yes": "sormadan kaydet",
  "rules.import.opt.dryRun": "planı göster, hiçbir şey kaydetme",
  "rules.import.opt.sender":
    "varsayılanlar (kendim, o borsadan) yerine kayıtlı bir göndericinin yanıtlarıyla beyan et",
  "rules.import.after": `
Her tamamlanmış çekim beklenen bir yatırma olur: sembolü, adresi, memo'su ve varacağı tutar
için bir --once kuralı (kaynak hangisi olduğunu söylemiyorsa hem tutar hem ücret düşülmüş
tutar); çekimden --until sonra süresi dolar. Varsayılan olarak kendi paranız (--self), o
borsadan (--address-type exchange, listede varsa borsanın numarası, yoksa adı) ve own-accounts
hazır açıklamasıyla beyan edilir; yanıt bayrakları ya da --sender bunu değiştirir. Önce plan
gelir; "Kaydedilsin mi?" ya da --yes olmadan hiçbir şey kaydedilmez. Hatalı satırı olan bir
dosya --skip-bad olmadan hiçbir şey kaydetmez. Aynı çekim iki kez içe aktarılırsa hiçbir şey
eklenmez. Her kaynağın okunan biçimi: docs/IMPORT.md.

Örnekler:
  $ tradectl rules import withdrawals.csv --source binance --dry-run
  $ tradectl rules import okx.ndjson --source okx --yes
  $ tradectl rules import tablo.csv --source generic --columns symbol=Coin,address=To,amount=Sent \\
      --exchange-name "Borsam" --decimal-comma`,
  "rules.import.badSource": "--source {source} bu sürümün okuduğu bir kaynak değil: {sources}",
  "rules.import.columnsOnlyGeneric": "--columns yalnızca --source generic içindir",
  "rules.import.columnsNeeded":
    "--source generic için --columns symbol=SÜTUN,address=SÜTUN,amount=SÜTUN gerekir (bkz. --help)",
  "rules.import.columnsBad": "--columns: '{item}' ALAN=SÜTUN değil; alanlar: {fields}",
  "rules.import.columnsMissing": "--columns {field} sütununu belirtmeli",
  "rules.import.untilBad": "--until {until} 14d ya da 36h gibi bir süre değil",
  "rules.import.hint": "bkz. `tradectl rules import --help`; hiçbir şey kaydedilmedi",
  "rules.import.tooBig": "{file}: {max} MB'tan büyük; bir çekim geçmişi çok daha küçüktür",
  "rules.import.empty": "{file}: içinde çekim yok (boş bir dosya ya da yalnızca başlık)",
  "rules.import.missingColumns":
    "{file}: {source} dökümünde bulunan {columns} sütunu yok (dosyanın sütunları: {found})",
  "rules.import.columnTwice": "{file}: {column} sütunu iki kez var",
  "rules.import.badRow": "{file} satır {row} (dosya satırı {line}), sütun {column}: {problem}",
  "rules.import.badHint":
    "hiçbir şey kaydedilmedi; bu satırları düzeltin ya da diğerlerini kaydetmek için --skip-bad verin",
  "rules.import.problem.missing": "satırda bu alan yok",
  "rules.import.problem.notText": "bir metin ya da sayı değil",
  "rules.import.problem.formula": "'{text}' bir tablo formülüne benziyor",
  "rules.import.problem.symbol": "'{text}' bir sembol değil (harf ve rakam)",
  "rules.import.problem.address": "'{text}' boşluk ya da denetim karakteri içeriyor",
  "rules.import.problem.amountAmbiguous":
    "'{text}' iki türlü okunabilir (binlik virgülü ya da ondalık virgül); virgül ondalıksa --decimal-comma verin",
  "rules.import.problem.amountUnreadable": "'{text}' bir tutar değil",
  "rules.import.problem.amountNotPositive": "'{text}' sıfırdan büyük bir tutar değil",
  "rules.import.problem.fee": "'{text}' bir ücret değil",
  "rules.import.problem.time": "'{text}' bu kaynağın yazdığı bir zaman değil",
  "rules.import.skip.not_completed": "tamamlanmamış (durum {detail})",
  "rules.import.skip.no_address": "adres yok",
  "rules.import.skip.no_key": "işlem numarası da çekim numarası da yok",
  "rules.import.skip.expired": "kuralın süresi {detail} zamanında dolmuş olurdu",
  "rules.import.skip.imported_before": "daha önce içe aktarıldı",
  "rules.import.skip.duplicate": "{detail}. satırdaki çekimin aynısı",
  "rules.import.save": {
    one: "Bu kural kaydedilsin mi?",
    other: "Bu {count} kural kaydedilsin mi?",
  },
  "rules.import.saved": {
    one: "{count} kural kaydedildi: `tradectl rules list --source {source}` onu gösterir",
    other: "{count} kural kaydedildi: `tradectl rules list --source {source}` onları gösterir",
  },
  "rules.import.nothing": {
    one: "Kaydedilecek bir şey yok: {count} satır atlandı",
    other: "Kaydedilecek bir şey yok: {count} satır atlandı",
  },
  "rules.import.dryRun": {
    one: "Deneme: {count} kural kaydedilirdi; hiçbir şey kaydedilmedi",
    other: "Deneme: {count} kural kaydedilirdi; hiçbir şey kaydedilmedi",
  },
  "rules.import.noTerminal": {
    one: "Kaydedilecek {count} kural var ve sorulacak bir terminal yok",
    other: "Kaydedilecek {count} kural var ve sorulacak bir terminal yok",
  },
  "rules.import.noTerminalHint": "kaydetmek için --yes, planı görmek için --dry-run verin",
  "rules.import.nearMiss":
    "near_miss: '{rule}' kuralı {expected} bekliyor, bu {amount}; gönderilmedi",
  "rules.import.noNearMiss": "bekleyen beyanlar okunamadı ({why}): yakın eşleşmeler gösterilmiyor",
  "rules.import.matchedAmount": "{rule} (çekim tutarı)",
  "rules.import.matchedLessFee": "{rule} (çekim tutarından ücreti düşülmüş)",
} as const satisfies Translation<typeof en>;
