import type { Message, Translation } from "../catalog-types.js";

/**
 * The hints of the error report (src/api/response-errors.ts `hintFor`, src/commands/report.ts):
 * what to do next, by kind of failure.
 */
export const en = {
  // api/response-errors.ts hintFor
  "hint.keyRefused":
    "check on the exchange's API settings that the key is active, has the permissions this needs and, if it is bound to IP addresses, that this machine's address is one of them",
  "hint.doctorPointer": "`tradectl auth doctor` finds which",
  "hint.clock":
    "the request's time stamp was refused: this machine's clock must be within 5 seconds of the server's; sync it (e.g. enable NTP), `tradectl auth doctor` shows the offset",
  "hint.pending":
    "`tradectl declarations list --status pending` lists the declarations you can confirm",
  "hint.orderId":
    "check the id: `tradectl order get` takes the numeric id of one of your own orders",
  "hint.noDeclarations":
    "the service has no declarations list at this address; check --base-url (TRADECTL_BASE_URL)",
  "hint.noExchanges":
    "the service has no exchanges listing at this path; TRADECTL_EXCHANGES_PATH sets another",
  "hint.noServerTime":
    "the service has no server time at this address; check --base-url (TRADECTL_BASE_URL)",
  "hint.conflict":
    "`tradectl declarations list --status confirmed` shows it, with who confirmed it and when",
  "hint.waitFor": "the service asks to wait {wait} before the next request; try again after that",
  "hint.rateLimited":
    "the rate limit for this key and IP was reached; wait a minute, then try again",
  "hint.serverFailed":
    "the service failed on its side; try again later (--debug shows the exchange)",
  // hints many commands give, word for word
  "hint.nothingSent": "nothing was sent",
  "hint.nothingSaved": "nothing was saved",
  "hint.nothingSentExchanges":
    "nothing was sent; `tradectl exchanges list` shows the supported exchange ids",
  "hint.nothingSentDryRun": "nothing was sent; --dry-run prints the bodies that would be sent",
  "hint.login": "run `tradectl auth login`, or set TRADECTL_API_KEY and TRADECTL_API_SECRET",
  "hint.network": "check the network, or raise --timeout",
  "hint.declarationId":
    "a declaration id is its decimal digits, as `tradectl declarations list` shows it",
  "hint.senderShape":
    "a sender is --self (or --first-name and --last-name) and --address-type, with --exchange-id or --exchange-name for an exchange; nothing was saved",
  "hint.bothKeys": "set both, or unset both to use a saved profile",
} as const satisfies Record<string, Message>;

export const tr = {
  "hint.keyRefused":
    "borsanın API ayarlarında anahtarın etkin olduğunu, bu işlem için gereken izinlere sahip olduğunu ve IP adreslerine bağlıysa bu makinenin adresinin aralarında olduğunu kontrol edin",
  "hint.doctorPointer": "hangisi olduğunu `tradectl auth doctor` bulur",
  "hint.clock":
    "isteğin zaman damgası reddedildi: bu makinenin saati sunucununkinden en fazla 5 saniye farklı olmalı; saati eşitleyin (ör. NTP'yi açın), farkı `tradectl auth doctor` gösterir",
  "hint.pending":
    "onaylayabileceğiniz beyanları `tradectl declarations list --status pending` listeler",
  "hint.orderId":
    "numarayı kontrol edin: `tradectl order get` kendi emirlerinizden birinin sayısal numarasını alır",
  "hint.noDeclarations":
    "hizmetin bu adreste beyan listesi yok; --base-url'i (TRADECTL_BASE_URL) kontrol edin",
  "hint.noExchanges":
    "hizmetin bu yolda borsa listesi yok; başka bir yolu TRADECTL_EXCHANGES_PATH belirler",
  "hint.noServerTime":
    "hizmetin bu adreste sunucu saati yok; --base-url'i (TRADECTL_BASE_URL) kontrol edin",
  "hint.conflict":
    "`tradectl declarations list --status confirmed` onu, kimin ne zaman onayladığıyla birlikte gösterir",
  "hint.waitFor":
    "hizmet bir sonraki istekten önce {wait} beklenmesini istiyor; sonra yeniden deneyin",
  "hint.rateLimited":
    "bu anahtar ve IP için istek sınırına ulaşıldı; bir dakika bekleyip yeniden deneyin",
  "hint.serverFailed":
    "hizmet kendi tarafında hata verdi; daha sonra yeniden deneyin (--debug alışverişi gösterir)",
  "hint.nothingSent": "hiçbir şey gönderilmedi",
  "hint.nothingSaved": "hiçbir şey kaydedilmedi",
  "hint.nothingSentExchanges":
    "hiçbir şey gönderilmedi; desteklenen borsa numaralarını `tradectl exchanges list` gösterir",
  "hint.nothingSentDryRun": "hiçbir şey gönderilmedi; gönderilecek gövdeleri --dry-run yazdırır",
  "hint.login":
    "`tradectl auth login` çalıştırın ya da TRADECTL_API_KEY ve TRADECTL_API_SECRET'i ayarlayın",
  "hint.network": "ağı kontrol edin ya da --timeout'u artırın",
  "hint.declarationId":
    "beyan numarası, `tradectl declarations list`'in gösterdiği gibi yalnızca rakamlardır",
  "hint.senderShape":
    "gönderen: --self (ya da --first-name ve --last-name) ve --address-type; borsa için ayrıca --exchange-id ya da --exchange-name; hiçbir şey kaydedilmedi",
  "hint.bothKeys": "ikisini de ayarlayın ya da kayıtlı bir profil için ikisini de kaldırın",
} as const satisfies Translation<typeof en>;
