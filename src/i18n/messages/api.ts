import type { Message, Translation } from "../catalog-types.js";

/**
 * The API client's own words (src/api/): a request that did not reach the service, an answer
 * that cannot be read, a walk that would loop. The service's own messages are never here: they
 * are shown as sent, after a line of report.ts (`report.server.*`) that says what kind they are.
 */
export const en = {
  // transport.ts: the request did not get an answer
  "api.cancelled": "cancelled",
  "api.timedOut": "the request timed out after {ms} ms",
  "api.noAnswerAfterSent": "no answer within {ms} ms after the request was sent",
  "api.refused": "connection refused by {host}",
  // The English names the code; the Turkish also says what it means, by `reason`.
  "api.failed": {
    select: "reason",
    cases: ["notFound", "dnsAgain", "connectTimeout", "unreachable", "reset"],
    other: "connection to {host} failed ({code})",
  },
  // read-response.ts: an answer that cannot be read
  "api.unreadable.nested":
    "unreadable response from the server ({status} with JSON nested more than {max} levels deep)",
  "api.unreadable.empty": "unreadable response from the server ({status} with an empty body)",
  "api.unreadable.html":
    "unreadable response from the server ({status} with an HTML page instead of JSON)",
  "api.unreadable.partial":
    "unreadable response from the server ({status} with a body that is not complete JSON)",
  "api.unexpected": "unexpected response from the server ({status}): {issue}",
  "api.unexpectedWithWords":
    "unexpected response from the server ({status}): {issue} (server said: {message})",
  "api.tooLarge": "the server's response is too large ({size} bytes; the limit is {limit})",
  "api.tooLargeRead": "the server's response is too large (over {limit} bytes)",
  // response-errors.ts: an answer without the service's own words
  "api.emptyBody": "{status} with an empty body",
  "api.notJson": "{status}: the server's answer is not JSON",
  "api.refusedIn2xx": "the server answered {status} but said the request failed: {message}",
  "api.refusedIn2xxCode":
    "the server answered {status} but said the request failed: {message} (code {code})",
  "api.refusedIn2xxSilent": "the server answered {status} but said the request failed: no message",
  "api.refusedIn2xxSilentCode":
    "the server answered {status} but said the request failed: no message (code {code})",
  // retry-policy.ts: a detail line after the service's words (said once details can be)
  "api.notRetried":
    "not retried: the service asked to wait {wait}, longer than what is left of --timeout",
  // response-errors.ts waitText: a wait as a person reads it
  "api.wait.seconds": "{n} s",
  "api.wait.minutes": "{n} min",
  "api.wait.hours": "{h} h",
  "api.wait.hoursMinutes": "{h} h {m} min",
  // client.ts, walk.ts, clock-skew-error.ts
  "api.noCredentials": "no API credentials are configured",
  "api.serverTimeUnreadable":
    "the server's time ({value}, {date}) is no time the service would send: not used to correct this machine's clock",
  "api.strangerTrades":
    "the trades answered for order {orderId} include {count} of {total} that belong to other orders ({others})",
  "api.strangerTradesHint":
    "the service, or a proxy in between, did not filter the trades by order; nothing was summed. Try again, or report it",
  "api.samePage":
    "the server sent the same records for page {page} as for page {previous}; stopped instead of looping",
  "api.seenPage":
    "the server sent page {page} (of {size}) with only records it had sent before; stopped instead of looping",
  "api.pageIgnoredHint": "the server seems to ignore the page parameter; check --base-url",
  "api.skewStays":
    "the server still refuses our timestamp after correcting the clock by {offset} ms; check the system clock (timedatectl / NTP)",
} as const satisfies Record<string, Message>;

export const tr = {
  "api.cancelled": "iptal edildi",
  "api.timedOut": "istek {ms} ms içinde yanıtlanmadı (zaman aşımı)",
  "api.noAnswerAfterSent": "istek gönderildikten sonra {ms} ms içinde yanıt gelmedi",
  "api.refused": "hizmete ulaşılamadı: {host} bağlantıyı reddetti",
  "api.failed": {
    select: "reason",
    other: "hizmete ulaşılamadı: {host} ile bağlantı kurulamadı ({code})",
    when: {
      notFound: "hizmete ulaşılamadı: {host} adı çözümlenemedi, böyle bir ad bulunamadı ({code})",
      dnsAgain:
        "hizmete ulaşılamadı: {host} adı şu an çözümlenemiyor, ad sunucusu yanıt vermedi ({code})",
      connectTimeout: "hizmete ulaşılamadı: {host} ile bağlantı zamanında kurulamadı ({code})",
      unreachable: "hizmete ulaşılamadı: {host} adresine ağdan erişilemiyor ({code})",
      reset: "{host} ile bağlantı yanıt gelmeden kesildi ({code})",
    },
  },
  "api.unreadable.nested":
    "sunucunun yanıtı okunamadı ({status}, JSON {max} düzeyden daha derin iç içe)",
  "api.unreadable.empty": "sunucunun yanıtı okunamadı ({status}, gövde boş)",
  "api.unreadable.html": "sunucunun yanıtı okunamadı ({status}, JSON yerine bir HTML sayfası)",
  "api.unreadable.partial": "sunucunun yanıtı okunamadı ({status}, gövde eksik ya da bozuk JSON)",
  "api.unexpected": "sunucudan beklenmeyen yanıt ({status}): {issue}",
  "api.unexpectedWithWords":
    "sunucudan beklenmeyen yanıt ({status}): {issue} (sunucunun mesajı: {message})",
  "api.tooLarge": "sunucunun yanıtı çok büyük ({size} bayt; sınır {limit})",
  "api.tooLargeRead": "sunucunun yanıtı çok büyük ({limit} bayttan fazla)",
  "api.emptyBody": "hizmet {status} ile yanıt verdi; yanıtın gövdesi boş",
  "api.notJson":
    "hizmet {status} ile yanıt verdi, ama yanıt JSON değil (araya giren bir ağ geçidinin ya da vekil sunucunun sayfası olabilir)",
  "api.refusedIn2xx":
    "sunucu {status} ile yanıt verdi ama isteğin başarısız olduğunu bildirdi: {message}",
  "api.refusedIn2xxCode":
    "sunucu {status} ile yanıt verdi ama isteğin başarısız olduğunu bildirdi: {message} (kod {code})",
  "api.refusedIn2xxSilent":
    "sunucu {status} ile yanıt verdi ama isteğin başarısız olduğunu bildirdi (mesaj yok)",
  "api.refusedIn2xxSilentCode":
    "sunucu {status} ile yanıt verdi ama isteğin başarısız olduğunu bildirdi (mesaj yok, kod {code})",
  "api.notRetried":
    "yeniden denenmedi: hizmet {wait} beklenmesini istedi, bu --timeout'tan kalan süreden uzun",
  "api.wait.seconds": "{n} sn",
  "api.wait.minutes": "{n} dk",
  "api.wait.hours": "{h} sa",
  "api.wait.hoursMinutes": "{h} sa {m} dk",
  "api.noCredentials": "API kimlik bilgisi tanımlı değil",
  "api.serverTimeUnreadable":
    "sunucu saati ({value}, {date}) borsanın göndereceği bir zaman değil: bu makinenin saatini düzeltmek için kullanılmadı",
  "api.strangerTrades":
    "{orderId} numaralı emir için gelen {total} işlemden {count} tanesi başka emirlere ait ({others})",
  "api.strangerTradesHint":
    "hizmet ya da aradaki bir vekil sunucu işlemleri emre göre süzmedi; hiçbir şey toplanmadı. Yeniden deneyin ya da durumu bildirin",
  "api.samePage":
    "sunucu {page}. sayfa için {previous}. sayfadaki kayıtların aynısını gönderdi; döngüye girmemek için durduruldu",
  "api.seenPage":
    "sunucu {page}. sayfayı ({size} kayıtlık) yalnızca daha önce gönderdiği kayıtlarla gönderdi; döngüye girmemek için durduruldu",
  "api.pageIgnoredHint": "sunucu sayfa parametresini yok sayıyor gibi; --base-url'i kontrol edin",
  "api.skewStays":
    "saat {offset} ms düzeltildikten sonra da sunucu zaman damgamızı reddediyor; sistem saatini kontrol edin (timedatectl / NTP)",
} as const satisfies Translation<typeof en>;
