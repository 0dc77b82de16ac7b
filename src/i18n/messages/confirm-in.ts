import type { Message, Translation } from "../catalog-types.js";

/**
 * `declarations confirm`'s refusals before anything is sent: its flags (spec.ts), a `--from`
 * file (input.ts, plan.ts), what is missing (answers.ts), the `--auto` plan (auto.ts) and a
 * rule's hold on a send (rule-guard.ts).
 */
export const en = {
  // spec.ts
  "confirm.in.addressType": "--address-type must be exchange or individual-wallet, got '{given}'",
  "confirm.in.selfAndNames":
    "--self cannot be used with --first-name or --last-name: pick one sender",
  "confirm.in.seeHelp": "see `tradectl declarations confirm --help`",
  "confirm.in.seeHelpNothingSent": "see `tradectl declarations confirm --help`; nothing was sent",
  "confirm.in.waySeveralIds": "several ids",
  "confirm.in.wayAnId": "an id",
  "confirm.in.oneWay": "choose one of {ways}: they select declarations in different ways",
  "confirm.in.narrowsPending": {
    one: "{flags} narrows --pending: add --pending",
    other: "{flags} narrow --pending: add --pending",
  },
  "confirm.in.symbolEmpty": "--symbol needs an asset symbol, e.g. XRP",
  "confirm.in.addressEmpty": "--address needs a deposit address",
  "confirm.in.fromEmpty": "--from needs a file, or - for stdin",
  "confirm.in.declarationIds": "declaration ids",
  "confirm.in.none": "nothing",
  "confirm.in.one": "{item}",
  "confirm.in.list": "{first}, {rest}",
  "confirm.in.autoConflicts":
    "--auto cannot be used with {flags}: the saved rules choose the declarations and give the answers",
  "confirm.in.autoHint":
    "`tradectl rules list` shows the rules; without --auto, the flags select and answer; nothing was sent",
  "confirm.in.fieldsFlag":
    "only these fields, in this order, in every format: of the outcome records ({outcomes}); with --dry-run, of the bodies ({bodies})",
  "confirm.in.fieldsOfBodies":
    "of the bodies --dry-run prints; without it, of the outcome records: {names}",
  "confirm.in.fieldsOfOutcomes": "of the outcome records; with --dry-run, of the bodies: {names}",
  "confirm.in.fieldsHint": "{hint} ({whose}); nothing was sent",
  // input.ts: reading --from
  "confirm.in.row": "row {row}",
  "confirm.in.rowLine": "row {row} (line {line})",
  "confirm.in.cannotRead": "cannot read {source}: {why}",
  "confirm.in.noSuchFile": "no such file",
  "confirm.in.isDirectory": "it is a directory",
  "confirm.in.readHint": "give a CSV or NDJSON file, or - to read stdin; nothing was sent",
  "confirm.in.unreadable": "{source}: {what}",
  "confirm.in.unreadableHint":
    "CSV with a header row of the confirm body's field names, or NDJSON (one JSON object a line, as `--dry-run -o ndjson` prints); nothing was sent",
  "confirm.in.notObject": "{where} is not a JSON object",
  "confirm.in.line": "line {line}",
  "confirm.in.item": "item {item}",
  "confirm.in.lineNotJson": "line {line} is not valid JSON",
  "confirm.in.notJson": "is not valid JSON",
  "confirm.in.notArray": "is not a JSON array of objects",
  "confirm.in.notCsv": "not readable as CSV ({why})",
  "confirm.in.headerTwice":
    "field {name} is given twice in the header (columns {first} and {second})",
  // plan.ts: the problems of a batch, each named by its row or id
  "confirm.in.declaration": "declaration {id}",
  "confirm.in.rowDeclaration": "{row}, declaration {id}",
  "confirm.in.labelled": "{label}: {problem}",
  "confirm.in.notFound": "not found among your declarations",
  "confirm.in.idMissing": "cryptoDepositDeclarationId is missing",
  "confirm.in.alreadyIn": "declaration {id} is already in {earlier}",
  "confirm.in.noRows": "--from {source} holds no rows",
  "confirm.in.noRowsHint":
    "a CSV header row and a row per declaration, or one JSON object a line; nothing was sent",
  "confirm.in.fixAll": {
    one: "nothing was sent: fix it and run the command again",
    other: "nothing was sent: fix all {count} and run the command again",
  },
  "confirm.in.filterSymbol": "symbol {symbols}",
  "confirm.in.filterOr": " or ",
  "confirm.in.filterAddress": "address {address}",
  "confirm.in.filterAmount": "amount {amount}",
  "confirm.in.filterAll": "the selection",
  // answers.ts: what is missing, and the flags that answer it
  "confirm.in.missing": "missing {what}: {flags}",
  "confirm.in.missingRule": "missing {what}: {flags} ({rule})",
  "confirm.in.what.declaration": "the declaration id",
  "confirm.in.what.sender": "the sender",
  "confirm.in.what.firstName": "the sender's first name",
  "confirm.in.what.lastName": "the sender's last name",
  "confirm.in.what.description": "the description",
  "confirm.in.what.addressType": "the address type",
  "confirm.in.what.exchange": "the exchange",
  "confirm.in.flags.declaration":
    "pass it as the argument: `tradectl declarations confirm ID` (`tradectl declarations list --status pending` lists them)",
  "confirm.in.flags.sender": "pass --self, or --first-name and --last-name",
  "confirm.in.flags.firstName": "pass --first-name NAME",
  "confirm.in.flags.lastName": "pass --last-name NAME",
  "confirm.in.flags.description": "pass --description TEXT",
  "confirm.in.flags.addressType":
    "pass --address-type exchange or --address-type individual-wallet",
  "confirm.in.flags.exchange":
    "pass --exchange-id N (`tradectl exchanges list` shows them) or --exchange-name NAME",
  "confirm.in.noListing": "the service has no exchanges listing",
  // auto.ts: the --auto plan
  "confirm.in.planRule": "rule '{rule}'",
  "confirm.in.planLine": "declaration {id} ({amount}): {plan}",
  "confirm.in.planAmbiguous": "ambiguous: {why}",
  "confirm.in.planBroken": "broken: {problems}",
  "confirm.in.ruleProblem": "declaration {id}, rule '{rule}': {problem}",
  "confirm.in.fixRules": {
    one: "nothing was sent: fix the rule (`tradectl rules add {name} …` replaces it, `tradectl rules remove {name}` deletes it) and run the command again",
    other:
      "nothing was sent: fix the rules (`tradectl rules add {name} …` replaces it, `tradectl rules remove {name}` deletes it) and run the command again",
  },
  // rule-guard.ts: a rule changed since the plan was made
  "confirm.in.guardUnclaimed":
    "declaration {id}: not sent: the rule '{rule}' could not be claimed ({why})",
  "confirm.in.guardReadHint":
    "nothing was sent for it; `tradectl rules list` reads the config file",
  "confirm.in.guardChanged": "declaration {id}: not sent: {change} since this run read it",
  "confirm.in.guardChangedHint":
    "nothing was sent for it; `tradectl rules list` shows the rules as they are now",
  "confirm.in.ruleRemoved": "the rule '{name}' was removed",
  "confirm.in.ruleExpired": "the rule '{name}' has expired",
  "confirm.in.ruleSpent": "the --once rule '{name}' was already spent by declaration {id}",
} as const satisfies Record<string, Message>;

export const tr = {
  "confirm.in.addressType":
    "--address-type exchange ya da individual-wallet olmalı, verilen: '{given}'",
  "confirm.in.selfAndNames":
    "--self, --first-name ya da --last-name ile birlikte kullanılamaz: tek bir gönderen seçin",
  "confirm.in.seeHelp": "`tradectl declarations confirm --help` komutuna bakın",
  "confirm.in.seeHelpNothingSent":
    "`tradectl declarations confirm --help` komutuna bakın; hiçbir şey gönderilmedi",
  "confirm.in.waySeveralIds": "birden çok numara",
  "confirm.in.wayAnId": "bir numara",
  "confirm.in.oneWay":
    "{ways} seçeneklerinden yalnızca birini kullanın: beyanları farklı yollarla seçerler",
  "confirm.in.narrowsPending": {
    one: "{flags} --pending seçimini daraltır: --pending ekleyin",
    other: "{flags} --pending seçimini daraltır: --pending ekleyin",
  },
  "confirm.in.symbolEmpty": "--symbol bir varlık simgesi ister, ör. XRP",
  "confirm.in.addressEmpty": "--address bir yatırma adresi ister",
  "confirm.in.fromEmpty": "--from bir dosya ister, stdin için -",
  "confirm.in.declarationIds": "beyan numaraları",
  "confirm.in.none": "hiçbiri",
  "confirm.in.one": "{item}",
  "confirm.in.list": "{first}, {rest}",
  "confirm.in.autoConflicts":
    "--auto şunlarla birlikte kullanılamaz: {flags}; beyanları kayıtlı kurallar seçer, yanıtları da onlar verir",
  "confirm.in.autoHint":
    "kuralları `tradectl rules list` gösterir; --auto olmadan beyanları seçenekler seçer ve yanıtlar; hiçbir şey gönderilmedi",
  "confirm.in.fieldsFlag":
    "her biçimde yalnızca bu alanlar, bu sırayla: sonuç kayıtlarının alanları ({outcomes}); --dry-run ile gövdelerin alanları ({bodies})",
  "confirm.in.fieldsOfBodies":
    "--dry-run'ın yazdırdığı gövdelerin alanları; o olmadan sonuç kayıtlarının alanları: {names}",
  "confirm.in.fieldsOfOutcomes":
    "sonuç kayıtlarının alanları; --dry-run ile gövdelerin alanları: {names}",
  "confirm.in.fieldsHint": "{hint} ({whose}); hiçbir şey gönderilmedi",
  "confirm.in.row": "{row}. satır",
  "confirm.in.rowLine": "{row}. satır ({line}. dosya satırı)",
  "confirm.in.cannotRead": "{source} okunamıyor: {why}",
  "confirm.in.noSuchFile": "böyle bir dosya yok",
  "confirm.in.isDirectory": "bu bir klasör",
  "confirm.in.readHint":
    "bir CSV ya da NDJSON dosyası verin, stdin'den okumak için -; hiçbir şey gönderilmedi",
  "confirm.in.unreadable": "{source}: {what}",
  "confirm.in.unreadableHint":
    "onay gövdesinin alan adlarından oluşan başlık satırlı bir CSV ya da NDJSON (`--dry-run -o ndjson`'ın yazdırdığı gibi satır başına bir JSON nesnesi); hiçbir şey gönderilmedi",
  "confirm.in.notObject": "{where} bir JSON nesnesi değil",
  "confirm.in.line": "{line}. satır",
  "confirm.in.item": "{item}. öğe",
  "confirm.in.lineNotJson": "{line}. satır geçerli bir JSON değil",
  "confirm.in.notJson": "geçerli bir JSON değil",
  "confirm.in.notArray": "nesnelerden oluşan bir JSON dizisi değil",
  "confirm.in.notCsv": "CSV olarak okunamıyor ({why})",
  "confirm.in.headerTwice": "{name} alanı başlıkta iki kez var ({first}. ve {second}. sütun)",
  "confirm.in.declaration": "{id} numaralı beyan",
  "confirm.in.rowDeclaration": "{row}, {id} numaralı beyan",
  "confirm.in.labelled": "{label}: {problem}",
  "confirm.in.notFound": "beyanlarınız arasında bulunamadı",
  "confirm.in.idMissing": "cryptoDepositDeclarationId eksik",
  "confirm.in.alreadyIn": "{id} numaralı beyan zaten şurada var: {earlier}",
  "confirm.in.noRows": "--from {source} hiç satır içermiyor",
  "confirm.in.noRowsHint":
    "bir CSV başlık satırı ve her beyan için bir satır ya da satır başına bir JSON nesnesi; hiçbir şey gönderilmedi",
  "confirm.in.fixAll": {
    one: "hiçbir şey gönderilmedi: sorunu düzeltip komutu yeniden çalıştırın",
    other: "hiçbir şey gönderilmedi: {count} sorunun hepsini düzeltip komutu yeniden çalıştırın",
  },
  "confirm.in.filterSymbol": "{symbols} varlığı",
  "confirm.in.filterOr": " ya da ",
  "confirm.in.filterAddress": "{address} adresi",
  "confirm.in.filterAmount": "{amount} miktarı",
  "confirm.in.filterAll": "seçim",
  "confirm.in.missing": "{what} eksik: {flags}",
  "confirm.in.missingRule": "{what} eksik: {flags}; kural: {rule}",
  "confirm.in.what.declaration": "beyan numarası",
  "confirm.in.what.sender": "gönderen",
  "confirm.in.what.firstName": "gönderenin adı",
  "confirm.in.what.lastName": "gönderenin soyadı",
  "confirm.in.what.description": "açıklama",
  "confirm.in.what.addressType": "adres türü",
  "confirm.in.what.exchange": "borsa",
  "confirm.in.flags.declaration":
    "numarayı argüman olarak verin: `tradectl declarations confirm ID` (bekleyenleri `tradectl declarations list --status pending` listeler)",
  "confirm.in.flags.sender": "--self ya da --first-name ve --last-name verin",
  "confirm.in.flags.firstName": "--first-name NAME verin",
  "confirm.in.flags.lastName": "--last-name NAME verin",
  "confirm.in.flags.description": "--description TEXT verin",
  "confirm.in.flags.addressType":
    "--address-type exchange ya da --address-type individual-wallet verin",
  "confirm.in.flags.exchange":
    "--exchange-id N (borsaları `tradectl exchanges list` gösterir) ya da --exchange-name NAME verin",
  "confirm.in.noListing": "hizmetin borsa listesi yok",
  "confirm.in.planRule": "'{rule}' kuralı",
  "confirm.in.planLine": "{id} numaralı beyan ({amount}): {plan}",
  "confirm.in.planAmbiguous": "belirsiz: {why}",
  "confirm.in.planBroken": "bozuk: {problems}",
  "confirm.in.ruleProblem": "{id} numaralı beyan, '{rule}' kuralı: {problem}",
  "confirm.in.fixRules": {
    one: "hiçbir şey gönderilmedi: kuralı düzeltip (`tradectl rules add {name} …` onu değiştirir, `tradectl rules remove {name}` siler) komutu yeniden çalıştırın",
    other:
      "hiçbir şey gönderilmedi: kuralları düzeltip (`tradectl rules add {name} …` kuralı değiştirir, `tradectl rules remove {name}` siler) komutu yeniden çalıştırın",
  },
  "confirm.in.guardUnclaimed":
    "{id} numaralı beyan gönderilmedi: '{rule}' kuralı bu beyan için ayrılamadı ({why})",
  "confirm.in.guardReadHint":
    "bunun için hiçbir şey gönderilmedi; yapılandırma dosyasını `tradectl rules list` okur",
  "confirm.in.guardChanged":
    "{id} numaralı beyan gönderilmedi: bu çalıştırma kuralı okuduktan sonra {change}",
  "confirm.in.guardChangedHint":
    "bunun için hiçbir şey gönderilmedi; kuralların şimdiki hâlini `tradectl rules list` gösterir",
  "confirm.in.ruleRemoved": "'{name}' kuralı silindi",
  "confirm.in.ruleExpired": "'{name}' kuralının süresi doldu",
  "confirm.in.ruleSpent":
    "tek seferlik (--once) '{name}' kuralı {id} numaralı beyan için kullanıldı",
} as const satisfies Translation<typeof en>;
