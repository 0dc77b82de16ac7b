import type { Message, Translation } from "../catalog-types.js";

/**
 * What the domain finds wrong in what people type (src/domain: ids, amounts, times, a `--from`
 * row), and the error report's "and N more" after a long list of problems (src/errors.ts).
 */
export const en = {
  "domain.rules.onceSeveral":
    "a --once rule matches more than one pending declaration (rules: {rules}); not sent",
  "domain.rules.differentAnswers": "rules with different answers match it ({rules}); not sent",
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
  "domain.when.tooFar": "'{text}' is more than 100 years from now",
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
  "domain.outcome.code": ": code {code}",
  "domain.outcome.words": ": {message}",
  "domain.outcome.notAnswer": "HTTP {status} with a body that is not the service's answer",
  "domain.outcome.status": "HTTP {status}{said}",
  "domain.outcome.wordsCode": ": {message}, code {code}",
  "domain.outcome.notWritten":
    "declaration {id}: not sent ({reason}); no byte of the request was written",
  "domain.outcome.confirmed": "declaration {id} confirmed",
  "domain.outcome.refused2xx":
    "declaration {id}: refused by the service (HTTP {status}, success false){said}; not applied",
  "domain.outcome.rateLimited": "declaration {id}: HTTP 429, the service did not process it{said}",
  "domain.outcome.stampRefused":
    "declaration {id}: HTTP 401, the service refused the request's stamp{said}",
  "domain.outcome.unauthorized":
    "declaration {id}: HTTP 401, the service refused the request's authorization{said}",
  "domain.outcome.refused":
    "declaration {id}: refused by the service (HTTP 400){said}; not applied",
  "domain.outcome.keyRefused":
    "declaration {id}: the service refused the key (HTTP {status}){said}; not applied",
  "domain.outcome.notFound": "declaration {id}: not found (HTTP 404){said}",
  "domain.outcome.alreadyConfirmed": "declaration {id}: already confirmed (HTTP 422){said}",
  "domain.readBack.at": "at {at}",
  "domain.readBack.by": "by {by}",
  "domain.readBack.sender": "sender {names}",
  "domain.readBack.and": "{all}, {part}",
  "domain.readBack.shown": " ({parts})",
  "domain.readBack.pending":
    "declaration {id}: sent, but the answer was lost ({lost}) and the list still shows it Pending: the request may yet be applied; running the same command again is safe: it reads the receipts and the list first",
  "domain.readBack.failed":
    "declaration {id}: sent, but the answer was lost ({lost}) and reading it back failed ({reason}): the request may have been applied; running the same command again is safe: it reads the receipts and the list first",
  "domain.readBack.otherAnswers":
    "declaration {id}: the answer was lost ({lost}); the list shows it Confirmed with other answers{shown}",
  "domain.readBack.before":
    "declaration {id}: the answer was lost ({lost}); the list shows it Confirmed before this request was sent{shown}",
  "domain.readBack.otherConfirmed":
    "declaration {id}: the answer was lost ({lost}); the list shows it Confirmed{shown}, and another request for it is on record ({names}) that confirmed it",
  "domain.readBack.otherMay":
    "declaration {id}: the answer was lost ({lost}); the list shows it Confirmed{shown}, and another request for it is on record ({names}) that may have confirmed it",
  "domain.readBack.confirmedSame":
    "declaration {id}: the answer was lost ({lost}); the list shows it Confirmed{shown} with the answers this request sent, and no other request for it is on record",
  "domain.readBack.confirmed":
    "declaration {id}: the answer was lost ({lost}); the list shows it Confirmed{shown}, and no other request for it is on record",
} as const satisfies Record<string, Message>;

export const tr = {
  "domain.rules.onceSeveral":
    "bir --once kuralı birden çok bekleyen beyanla eşleşiyor (kurallar: {rules}); gönderilmedi",
  "domain.rules.differentAnswers":
    "farklı yanıtlar veren kurallar bununla eşleşiyor ({rules}); gönderilmedi",
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
  "domain.when.tooFar": "'{text}' şu andan 100 yıldan daha uzak",
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
  "domain.outcome.code": ": kod {code}",
  "domain.outcome.words": ": {message}",
  "domain.outcome.notAnswer": "HTTP {status}, gövdesi hizmetin yanıtı olmayan bir cevap",
  "domain.outcome.status": "HTTP {status}{said}",
  "domain.outcome.wordsCode": ": {message}, kod {code}",
  "domain.outcome.notWritten":
    "{id} numaralı beyan gönderilmedi ({reason}); isteğin tek baytı bile yazılmadı",
  "domain.outcome.confirmed": "{id} numaralı beyan onaylandı",
  "domain.outcome.refused2xx":
    "{id} numaralı beyan: hizmet reddetti (HTTP {status}, success false){said}; uygulanmadı",
  "domain.outcome.rateLimited": "{id} numaralı beyan: HTTP 429, hizmet isteği işlemedi{said}",
  "domain.outcome.stampRefused":
    "{id} numaralı beyan: HTTP 401, hizmet isteğin zaman damgasını reddetti{said}",
  "domain.outcome.unauthorized":
    "{id} numaralı beyan: HTTP 401, hizmet isteğin yetkisini reddetti{said}",
  "domain.outcome.refused": "{id} numaralı beyan: hizmet reddetti (HTTP 400){said}; uygulanmadı",
  "domain.outcome.keyRefused":
    "{id} numaralı beyan: hizmet anahtarı reddetti (HTTP {status}){said}; uygulanmadı",
  "domain.outcome.notFound": "{id} numaralı beyan bulunamadı (HTTP 404){said}",
  "domain.outcome.alreadyConfirmed": "{id} numaralı beyan zaten onaylanmış (HTTP 422){said}",
  "domain.readBack.at": "{at} tarihinde",
  "domain.readBack.by": "onaylayan {by}",
  "domain.readBack.sender": "gönderen {names}",
  "domain.readBack.and": "{all}, {part}",
  "domain.readBack.shown": " ({parts})",
  "domain.readBack.pending":
    "{id} numaralı beyan gönderildi ama yanıt kayboldu ({lost}) ve liste onu hâlâ Pending gösteriyor: istek yine de uygulanabilir; aynı komutu yeniden çalıştırmak güvenlidir: önce kayıtları ve listeyi okur",
  "domain.readBack.failed":
    "{id} numaralı beyan gönderildi ama yanıt kayboldu ({lost}) ve liste geri okunamadı ({reason}): istek uygulanmış olabilir; aynı komutu yeniden çalıştırmak güvenlidir: önce kayıtları ve listeyi okur",
  "domain.readBack.otherAnswers":
    "{id} numaralı beyan: yanıt kayboldu ({lost}); liste onu başka yanıtlarla onaylanmış gösteriyor{shown}",
  "domain.readBack.before":
    "{id} numaralı beyan: yanıt kayboldu ({lost}); liste onu bu istek gönderilmeden önce onaylanmış gösteriyor{shown}",
  "domain.readBack.otherConfirmed":
    "{id} numaralı beyan: yanıt kayboldu ({lost}); liste onu onaylanmış gösteriyor{shown} ve kayıtta onu onaylayan başka bir istek var ({names})",
  "domain.readBack.otherMay":
    "{id} numaralı beyan: yanıt kayboldu ({lost}); liste onu onaylanmış gösteriyor{shown} ve kayıtta onu onaylamış olabilecek başka bir istek var ({names})",
  "domain.readBack.confirmedSame":
    "{id} numaralı beyan: yanıt kayboldu ({lost}); liste onu bu isteğin gönderdiği yanıtlarla onaylanmış gösteriyor{shown} ve kayıtta onun için başka bir istek yok",
  "domain.readBack.confirmed":
    "{id} numaralı beyan: yanıt kayboldu ({lost}); liste onu onaylanmış gösteriyor{shown} ve kayıtta onun için başka bir istek yok",
} as const satisfies Translation<typeof en>;
