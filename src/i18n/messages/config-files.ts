import type { Message, Translation } from "../catalog-types.js";

/**
 * The local files (src/config/): a file that cannot be read or written (config/files.ts
 * `fileError`, one text per action and reason, since a reason is said inside the sentence), a
 * lock held too long, the config file, the base URL and exchanges path, saved rules and
 * senders, the receipts.
 */
export const en = {
  "file.read": "cannot read {path}: {reason}",
  "file.write": "cannot write {path}: {reason}",
  "file.writeIn": "cannot write in {path}: {reason}",
  "file.lock": "cannot create the lock file {path}: {reason}",
  "file.why.EACCES": "permission denied (EACCES)",
  "file.why.EPERM": "operation not permitted (EPERM)",
  "file.why.EROFS": "read-only file system (EROFS)",
  "file.why.ENOSPC": "no space left on device (ENOSPC)",
  "file.why.EDQUOT": "disk quota exceeded (EDQUOT)",
  "file.why.ENOTDIR": "a part of the path is not a directory (ENOTDIR)",
  "file.why.EISDIR": "it is a directory (EISDIR)",
  "file.writableHint":
    "make it writable by this user, or point XDG_CONFIG_HOME / XDG_STATE_HOME (or --state) at a directory that is",
  "lock.heldTooLong": "the lock file {path} is held too long",
  "lock.heldTooLongHint": "if no other tradectl is running, delete the lock file",
  // store.ts: the config file
  "store.unreadable": "cannot read the config file {path}: {why}",
  "store.openToOthers":
    "the credentials file {path} is readable by other users (mode {mode}); refusing to use it",
  "store.chmodHint": "run: chmod 600 '{path}'",
  "store.notJson": "the config file {path} is not valid JSON",
  "store.notJsonAt": "the config file {path} is not valid JSON (at position {position})",
  "store.notJsonAtLine":
    "the config file {path} is not valid JSON (at position {position} (line {line} column {column}))",
  "store.fixHint": "fix or remove it, then run `tradectl auth login`",
  // base-url.ts and credentials.ts: where requests go
  "baseUrl.invalid": "{origin} '{url}' is not a valid URL",
  "baseUrl.invalidOf": "the base URL '{url}' of {origin} is not a valid URL",
  "baseUrl.notHttp": "{origin} '{url}' must be http(s), got '{protocol}'",
  "baseUrl.notHttpOf": "the base URL '{url}' of {origin} must be http(s), got '{protocol}'",
  "baseUrl.plainHttp":
    "refusing plain http:// for {host}: credentials and signatures would cross the network unencrypted",
  "baseUrl.plainHttpHint":
    "use https://, or http:// only for a loopback host (localhost, 127.0.0.0/8, [::1])",
  "exchangesPath.bad":
    "the exchanges path from {origin} must start with '/' and hold no spaces, got '{path}'",
  "exchangesPath.hint": "for example /api/v1/exchanges",
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
  "savedName.sender":
    "a sender's name is 1 to 64 of a-z, A-Z, 0-9 and _ . @ + - (no spaces), got '{name}'",
  "savedName.rule":
    "a rule's name is 1 to 64 of a-z, A-Z, 0-9 and _ . @ + - (no spaces), got '{name}'",
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
  // senders.ts readSenderFile: why an entry of the file is no sender
  "senderWhy.notObject": "it is not an object of answers",
  "senderWhy.answers": "{problems}",
  "savedSender.unknown": "no saved sender is called '{name}'",
  "savedSender.known": "saved senders: {names}; nothing was sent",
  "savedSender.none":
    "no sender is saved yet: `tradectl senders add NAME --self --address-type exchange --exchange-id N` saves one; nothing was sent",
  "savedSender.unreadable":
    "saved sender '{name}' cannot be read: {why} (fix it in {path}, or `tradectl senders remove {name}`)",
  // receipts.ts and receipts-chain.ts
  "receiptsFile.notEntry":
    "receipts {path}, line {line}: not a receipt entry (not JSON, or fields missing)",
  "receiptsFile.changedHint":
    "`tradectl receipts verify` checks the whole file; the receipts were changed outside tradectl",
  // receipts-chain.ts verifyLines: why a line breaks the chain (`receipts verify`)
  "receiptsFile.looseDir":
    "the state directory {path} is writable by every user (mode {mode}): another user could replace the receipts; `chmod 700 {path}`",
  "receiptsFile.looseFile":
    "the receipts file {path} is open to other users (mode {mode}): it holds your declarations' answers; `chmod 600 {path}`",
  "receiptsFile.why.notEntry": "not a receipt entry (not JSON, or fields missing)",
  "receiptsFile.why.notStart": "does not start the chain: lines before it were removed",
  "receiptsFile.why.notFollow":
    "does not follow line {previous}: a line was edited, removed or reordered here",
  "receiptsFile.why.bodyEdited": "its body does not match its bodySha256: the body was edited",
  "receiptsFile.why.edited":
    "the next line was written after a different line: this one was edited (or a line after it removed)",
  // receipts-verify.ts: the end of the file against the head anchor
  "receiptsFile.why.endRemoved":
    "the file ends before it: {head} records {count} entries, so lines at the end were removed (or the file emptied or deleted)",
  "receiptsFile.why.lastEdited":
    "it is not the last line {head} records: it was edited after it was written",
  "receiptsFile.why.headUnreadable":
    "{head}, which anchors the end of the file, was changed outside tradectl",
  "receiptsFile.busy":
    "declaration {id}: another tradectl{pid} has a request for it in flight, and its outcome did not come within {ms} ms (its claim: {file})",
  "receiptsFile.busySince":
    "declaration {id}: another tradectl{pid} has a request for it in flight since {since}, and its outcome did not come within {ms} ms (its claim: {file})",
  "receiptsFile.busyHint":
    "nothing was sent for it; `tradectl receipts show {id}` shows what is on record, and running the command again once the other run ends is safe; if no other tradectl runs, that claim is a crashed run's: remove {file}",
} as const satisfies Record<string, Message>;

export const tr = {
  "file.read": "{path} okunamadı: {reason}",
  "file.write": "{path} yazılamadı: {reason}",
  "file.writeIn": "{path} dizinine yazılamıyor: {reason}",
  "file.lock": "{path} kilit dosyası oluşturulamadı: {reason}",
  "file.why.EACCES": "erişim izni yok (EACCES)",
  "file.why.EPERM": "işleme izin verilmiyor (EPERM)",
  "file.why.EROFS": "dosya sistemi salt okunur (EROFS)",
  "file.why.ENOSPC": "aygıtta yer kalmadı (ENOSPC)",
  "file.why.EDQUOT": "disk kotası doldu (EDQUOT)",
  "file.why.ENOTDIR": "yolun bir parçası dizin değil (ENOTDIR)",
  "file.why.EISDIR": "bu bir dizin (EISDIR)",
  "file.writableHint":
    "bu kullanıcının yazabileceği hale getirin ya da XDG_CONFIG_HOME / XDG_STATE_HOME'u (veya --state'i) yazılabilir bir dizine yöneltin",
  "lock.heldTooLong": "{path} kilit dosyası çok uzun süredir tutuluyor",
  "lock.heldTooLongHint": "çalışan başka bir tradectl yoksa kilit dosyasını silin",
  "store.unreadable": "{path} yapılandırma dosyası okunamadı: {why}",
  "store.openToOthers":
    "{path} kimlik bilgisi dosyasını başka kullanıcılar da okuyabiliyor (izinler {mode}); bu yüzden kullanılmıyor",
  "store.chmodHint": "şunu çalıştırın: chmod 600 '{path}'",
  "store.notJson": "{path} yapılandırma dosyası geçerli bir JSON değil",
  "store.notJsonAt": "{path} yapılandırma dosyası geçerli bir JSON değil ({position}. konumda)",
  "store.notJsonAtLine":
    "{path} yapılandırma dosyası geçerli bir JSON değil ({position}. konumda: satır {line}, sütun {column})",
  "store.fixHint": "dosyayı düzeltin ya da silin, sonra `tradectl auth login` çalıştırın",
  "baseUrl.invalid": "{origin} '{url}' geçerli bir URL değil",
  "baseUrl.invalidOf": "'{url}' temel adresi ({origin}) geçerli bir URL değil",
  "baseUrl.notHttp": "{origin} '{url}' http(s) olmalı, verilen: '{protocol}'",
  "baseUrl.notHttpOf": "'{url}' temel adresi ({origin}) http(s) olmalı, verilen: '{protocol}'",
  "baseUrl.plainHttp":
    "{host} için düz http:// kullanılmıyor: kimlik bilgileri ve imzalar ağda şifrelenmeden dolaşırdı",
  "baseUrl.plainHttpHint":
    "https:// kullanın; http:// yalnızca bu makinenin kendi adresi için olur (localhost, 127.0.0.0/8, [::1])",
  "exchangesPath.bad":
    "{origin} kaynağındaki borsa listesi yolu '/' ile başlamalı ve boşluk içermemeli, verilen: '{path}'",
  "exchangesPath.hint": "örneğin /api/v1/exchanges",
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
  "savedName.sender":
    "gönderen adı 1 ile 64 karakter arası olmalı ve yalnızca a-z, A-Z, 0-9 ile _ . @ + - içermeli (boşluk olmaz); verilen: '{name}'",
  "savedName.rule":
    "kural adı 1 ile 64 karakter arası olmalı ve yalnızca a-z, A-Z, 0-9 ile _ . @ + - içermeli (boşluk olmaz); verilen: '{name}'",
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
  "senderWhy.notObject": "yanıtlardan oluşan bir nesne değil",
  "senderWhy.answers": "{problems}",
  "savedSender.unknown": "'{name}' adında kayıtlı bir gönderen yok",
  "savedSender.known": "kayıtlı gönderenler: {names}; hiçbir şey gönderilmedi",
  "savedSender.none":
    "henüz kayıtlı gönderen yok: `tradectl senders add NAME --self --address-type exchange --exchange-id N` bir gönderen kaydeder; hiçbir şey gönderilmedi",
  "savedSender.unreadable":
    "kayıtlı '{name}' göndereni okunamıyor: {why} ({path} içinde düzeltin ya da `tradectl senders remove {name}` ile silin)",
  "receiptsFile.notEntry":
    "kayıtlar {path}, {line}. satır: bir onay kaydı değil (JSON değil ya da alanları eksik)",
  "receiptsFile.changedHint":
    "dosyanın tamamını `tradectl receipts verify` denetler; kayıtlar tradectl dışında değiştirilmiş",
  "receiptsFile.looseDir":
    "durum dizini {path} her kullanıcı tarafından yazılabilir (mod {mode}): başka bir kullanıcı onay kayıtlarını değiştirebilir; `chmod 700 {path}`",
  "receiptsFile.looseFile":
    "onay kayıtları dosyası {path} başka kullanıcılara açık (mod {mode}): beyanlarınızın yanıtlarını tutuyor; `chmod 600 {path}`",
  "receiptsFile.why.notEntry": "bir onay kaydı değil (JSON değil ya da alanları eksik)",
  "receiptsFile.why.notStart": "zinciri başlatmıyor: ondan önceki satırlar silinmiş",
  "receiptsFile.why.notFollow":
    "{previous}. satırın ardından gelmiyor: burada bir satır değiştirilmiş, silinmiş ya da yeri değiştirilmiş",
  "receiptsFile.why.bodyEdited": "gövdesi bodySha256 değeriyle uyuşmuyor: gövde değiştirilmiş",
  "receiptsFile.why.edited":
    "sonraki satır başka bir satırın ardından yazılmış: bu satır değiştirilmiş (ya da ondan sonraki bir satır silinmiş)",
  "receiptsFile.why.endRemoved":
    "dosya ondan önce bitiyor: {head} {count} kayıt tutuyor, yani sondaki satırlar silinmiş (ya da dosya boşaltılmış veya silinmiş)",
  "receiptsFile.why.lastEdited":
    "{head} dosyasının kaydettiği son satır bu değil: yazıldıktan sonra değiştirilmiş",
  "receiptsFile.why.headUnreadable": "dosyanın sonunu tutan {head}, tradectl dışında değiştirilmiş",
  "receiptsFile.busy":
    "{id} numaralı beyan: başka bir tradectl{pid} bu beyan için bir istek gönderdi ve sonucu {ms} ms içinde gelmedi (talep dosyası: {file})",
  "receiptsFile.busySince":
    "{id} numaralı beyan: başka bir tradectl{pid} {since} itibarıyla bu beyan için bir istek gönderdi ve sonucu {ms} ms içinde gelmedi (talep dosyası: {file})",
  "receiptsFile.busyHint":
    "bu beyan için hiçbir şey gönderilmedi; kayıtlı olanı `tradectl receipts show {id}` gösterir; öteki çalışma bittiğinde komutu yeniden çalıştırmak güvenlidir; başka bir tradectl çalışmıyorsa bu talep çökmüş bir çalışmanındır: {file} dosyasını silin",
} as const satisfies Translation<typeof en>;
