import type { Message, Translation } from "../catalog-types.js";

/** The receipts file (config/receipts.ts): busy, changed by hand, or an entry it cannot read. */
export const en = {
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
