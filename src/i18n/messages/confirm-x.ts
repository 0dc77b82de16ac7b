import type { Message, Translation } from "../catalog-types.js";

/**
 * A confirmation's fate told outside the send's own answer (src/declare/read-back.ts,
 * confirm/batch.ts): an earlier request read back, a send cancelled or interrupted.
 */
export const en = {
  "confirm.x.cancelledBefore": "cancelled before it was sent",
  "confirm.x.notSent": "declaration {id}: not sent: {why}",
  "confirm.x.notOnRecord": "its answer is not on record",
  "confirm.x.otherUnknown":
    "declaration {id}: another tradectl sent request {request} for it while this run waited, and its answer was lost: it may yet be applied, so nothing was sent by this run; running the same command again is safe: it reads the receipts and the list first",
  "confirm.x.readCancelled": "cancelled by Ctrl-C before it could be read",
  "confirm.x.neitherStatus": "the list shows it under neither status",
  "confirm.x.unsettledEarlier":
    "declaration {id}: not sent: a request for it is on record whose outcome is not settled, and reading the list back failed ({why})",
  "confirm.x.unsettledHint":
    "running the same command again is safe; `tradectl receipts show {id}` shows what is on record",
  "confirm.x.earlierRequest": " (request {request} of {time}: {outcome})",
  "confirm.x.earlierConfirmedAt":
    "declaration {id}: already confirmed at {at} by an earlier request on record{said}; nothing was sent",
  "confirm.x.earlierConfirmed":
    "declaration {id}: already confirmed by an earlier request on record{said}; nothing was sent",
  "confirm.x.stampAgain":
    "{message}, again with a fresh stamp after reading the server's clock; not applied (`tradectl auth doctor` finds why)",
  "confirm.x.waitedAgain": "{message}, {times} times after waiting as asked; not applied",
  "confirm.x.cancelledWaiting": "{message}; cancelled while waiting to send it again: not applied",
  "confirm.x.notSentAgain":
    "{message}; not sent again, as it could not be put on record ({why}): not applied",
  "confirm.x.waitTooLong":
    "{message}; the service asks to wait {seconds} s, longer than --timeout ({timeout} s): not sent again, not applied",
} as const satisfies Record<string, Message>;

export const tr = {
  "confirm.x.cancelledBefore": "gönderilmeden önce iptal edildi",
  "confirm.x.notSent": "{id} numaralı beyan gönderilmedi: {why}",
  "confirm.x.otherUnknown":
    "{id} numaralı beyan: bu çalıştırma beklerken başka bir tradectl onun için {request} isteğini gönderdi ve yanıtı kayboldu: yine de uygulanabilir, bu yüzden bu çalıştırma hiçbir şey göndermedi; aynı komutu yeniden çalıştırmak güvenlidir: önce kayıtları ve listeyi okur",
  "confirm.x.notOnRecord": "yanıtı kayıtta yok",
  "confirm.x.readCancelled": "okunamadan Ctrl-C ile iptal edildi",
  "confirm.x.neitherStatus": "liste onu iki durumun hiçbirinde göstermiyor",
  "confirm.x.unsettledEarlier":
    "{id} numaralı beyan gönderilmedi: kayıtta sonucu netleşmemiş bir isteği var ve liste geri okunamadı ({why})",
  "confirm.x.unsettledHint":
    "aynı komutu yeniden çalıştırmak güvenlidir; kayıtta olanı `tradectl receipts show {id}` gösterir",
  "confirm.x.earlierRequest": " ({time} tarihli {request} isteği: {outcome})",
  "confirm.x.earlierConfirmedAt":
    "{id} numaralı beyan kayıttaki daha önceki bir istekle {at} tarihinde zaten onaylanmış{said}; hiçbir şey gönderilmedi",
  "confirm.x.earlierConfirmed":
    "{id} numaralı beyan kayıttaki daha önceki bir istekle zaten onaylanmış{said}; hiçbir şey gönderilmedi",
  "confirm.x.stampAgain":
    "{message}; sunucunun saati okunup yeni bir zaman damgasıyla yeniden denendi, yine reddedildi; uygulanmadı (nedenini `tradectl auth doctor` bulur)",
  "confirm.x.waitedAgain": "{message}; istendiği gibi beklenerek {times} kez denendi; uygulanmadı",
  "confirm.x.cancelledWaiting":
    "{message}; yeniden göndermek için beklerken iptal edildi: uygulanmadı",
  "confirm.x.notSentAgain":
    "{message}; kayda geçirilemediği için yeniden gönderilmedi ({why}): uygulanmadı",
  "confirm.x.waitTooLong":
    "{message}; servis {seconds} sn beklemeyi istiyor, bu --timeout değerinden ({timeout} sn) uzun: yeniden gönderilmedi, uygulanmadı",
} as const satisfies Translation<typeof en>;
