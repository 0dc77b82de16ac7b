import type { Message, Translation } from "../catalog-types.js";

/**
 * `tradectl declarations confirm` (src/commands/declarations/confirm/): its flags, the plan,
 * sending, summaries, warnings and errors (its refusals before a send are confirm-in.ts, the
 * wizard's questions confirm-wizard.ts, its offers confirm-offer.ts). The exchange's own form is the model for the Turkish: beyan, gönderen,
 * borsa, kişisel cüzdan, "Gönderen kişi benim", "Diğer", "Açıklama Seçiniz".
 */
export const en = {
  "confirm.flag.firstName": "sender's first name (another person)",
  "confirm.flag.lastName": "sender's last name (another person)",
  "confirm.flag.description": "what the deposit is, 20 to 100 characters",
  "confirm.flag.addressType": "exchange or individual-wallet (also Exchange, IndividualWallet)",
  "confirm.flag.exchangeId": "id from `tradectl exchanges list`",
  "confirm.flag.exchangeName":
    "the exchange's name: sent as its exchangeId when the exchanges listing has it (any case), else as a name not listed (at most 200 characters)",
  "confirm.flag.sender": "answers from a saved sender (`tradectl senders list`); flags override",
  "confirm.flag.pending": "a batch: every Pending declaration (narrowed by the three flags below)",
  "confirm.flag.symbol": "with --pending: only this asset, any case (repeatable)",
  "confirm.flag.address": "with --pending: only deposits to this address",
  "confirm.flag.amount":
    "with --pending: only deposits of exactly this amount (0.5 matches 0.50000000)",
  "confirm.flag.from":
    "a batch from a CSV file with a header row or NDJSON (- for stdin): one confirm body per row, the API's field names",
  "confirm.flag.auto":
    "declare by the saved rules (`tradectl rules list`): each pending declaration a rule exactly describes, with its answers",
  "confirm.flag.yes": "do not ask the final 'Send?' question",
  "confirm.flag.dryRun":
    "check everything and print the request body in the -o format; send nothing (it may read the exchanges listing)",
  "confirm.flag.self": "I sent it myself (my own name is used)",
  "confirm.after": `
Output: a confirmation the server answered 200 with success:true prints, with -o json,
  {"cryptoDepositDeclarationId": ID, "success": true, "message": "", "code": 0}.
  Every other ending prints the outcome record, never an answer the server did not send:
  {"cryptoDepositDeclarationId":ID,"outcome":…,
   "verifiedBy":"answer"|"read-back"|null,
   "byThisRequest":true|false|null,"message":…}
  A lost answer (a reset, a timeout, a 3xx, an HTML page, a 5xx) is read back from the list:
  still Pending is "unknown" (it may yet be applied; running the command again is safe).
  Every confirmation is on record first: \`tradectl receipts list\`. Outcomes and their exit
  codes: \`tradectl help exit-codes\`.
  --fields chooses and orders the outcome record's fields (with --dry-run, the body's) in
  every format. With --fields, a single confirm prints its outcome record whatever the ending
  (a 200 with success:true reads "outcome":"confirmed","verifiedBy":"answer"): the fields
  asked for, one shape for a script; the success object above has no fields to choose.

Examples:
  $ tradectl declarations confirm
  $ tradectl declarations confirm 4711 --self --address-type exchange --exchange-name binance \\
      --description "Transfer from my own Binance account" --yes
  $ tradectl declarations confirm 4711 --first-name Ayse --last-name Yilmaz \\
      --address-type individual-wallet --description "Gift from my sister's wallet" --dry-run

Batch: the plan is checked first (every rule, every id
  looked up) and nothing is sent if anything is wrong; already confirmed ones are skipped; on a
  terminal the plan is shown and "Send N confirmations?" asked (elsewhere --yes is required).
  Each item prints its outcome record as it finishes, outcome one of confirmed,
  already_confirmed, rejected, not_found, unknown, not_sent. Ctrl-C stops before the next POST;
  running the same command again sends only what is left.
  $ tradectl declarations confirm --pending --symbol XRP --self --address-type exchange \\
      --exchange-name kraken --description "My own XRP from my Kraken account"
  $ tradectl declarations confirm 734001023 734001008 --sender me-kraken --yes
  $ tradectl declarations confirm --pending --symbol xrp --sender me-kraken --dry-run -o ndjson > plan.ndjson
  $ tradectl declarations confirm --from plan.ndjson --yes

By rules (tradectl rules --help): --auto shows the plan (each pending
  declaration with its rule, no_rule, or ambiguous: never sent), then sends the matched ones
  as a batch does. A --once rule is spent by the one confirmation it makes.
  $ tradectl declarations confirm --auto --dry-run
  $ tradectl declarations confirm --auto --yes`,
  "confirm.description":
    "Confirm a pending declaration: say who sent the deposit (a wizard on a terminal)",
  "confirm.arg":
    "declaration id (picked from the pending ones when not given); several ids: a batch with the same answers",
  "confirm.presetAfter": `
Ready-made descriptions (--description-preset NAME; the text sent is in the language of the
run, English here, Turkish with --lang tr):
{presets}`,
  "confirm.note": "note:",
  "confirm.summary.title": "This will be sent",
  "confirm.summary.ownName": "(your own name is used)",
  "confirm.send": "Send?",
  "confirm.confirmed": "Declaration {id} confirmed: the deposit will be credited to your wallet",
  "confirm.hint.already_confirmed":
    "nothing was changed; `tradectl declarations list --status confirmed` shows it, with who confirmed it and when",
  "confirm.hint.rejected":
    "the service did not apply it; fix what it names and run the command again",
  "confirm.hint.not_found":
    "no pending declaration has this id; `tradectl declarations list --status pending` lists the declarations you can confirm",
  "confirm.hint.unknown":
    "the request may yet be applied; running the same command again is safe: it reads the receipts and the list before sending anything",
  "confirm.hint.not_sent": "nothing was sent for it; running the same command again is safe",
  "confirm.means.confirmed": "{count} confirmed",
  "confirm.means.already_confirmed": "{count} already confirmed",
  "confirm.means.rejected": "{count} rejected by the service (not applied)",
  "confirm.means.not_found": "{count} not found",
  "confirm.means.unknown":
    "{count} unknown (sent, the answer lost: may yet be applied; running the same command again settles it)",
  "confirm.means.not_sent": "{count} not sent",
  "confirm.summary.sent": {
    one: "{outcomes} ({count} confirmation sent)",
    other: "{outcomes} ({count} confirmations sent)",
  },
  "confirm.plan.me": "me",
  "confirm.plan.wallet": "individual wallet",
  "confirm.plan.exchangeId": "exchange {id}",
  "confirm.plan.exchangeName": "exchange '{name}'",
  "confirm.plan.send": "send",
  "confirm.plan.skip": "skip: already confirmed",
  "confirm.batch.dryRun": {
    one: "dry run: {count} body that would be sent{skipped}; nothing was sent",
    other: "dry run: {count} bodies that would be sent{skipped}; nothing was sent",
  },
  "confirm.batch.dryRunSkipped": "; {count} already confirmed: skipped",
  "confirm.batch.noTerminal": {
    one: "{count} confirmation to send, and no terminal to ask on: pass --yes to send them",
    other: "{count} confirmations to send, and no terminal to ask on: pass --yes to send them",
  },
  "confirm.batch.noTerminalHint":
    "nothing was sent; --dry-run prints the bodies that would be sent",
  "confirm.batch.send": {
    one: "Send {count} confirmation?",
    other: "Send {count} confirmations?",
  },
  "confirm.batch.othersNotSent": {
    one: "declaration {id} was confirmed; the other {count} declaration were not sent",
    other: "declaration {id} was confirmed; the other {count} declarations were not sent",
  },
  "confirm.batch.progress": "{done}/{total} confirmed…",
  // An outcome's message (its record says it in English): a declaration the batch did not send.
  "confirm.batch.skipped": "declaration {id}: already confirmed: skipped, nothing sent",
  "confirm.batch.skippedAt": "declaration {id}: already confirmed at {at}: skipped, nothing sent",
  "confirm.batch.cancelledBefore": "declaration {id}: not sent: the batch was cancelled before it",
  "confirm.batch.stoppedBefore":
    "declaration {id}: not sent: the batch stopped at an earlier failure",
  // Prepared while the POST before it was in flight (src/declare/send-ahead.ts), then stopped.
  "confirm.batch.cancelledOnRecord":
    "declaration {id}: not sent: its request was on record, but the batch was cancelled before it was sent",
  "confirm.batch.stoppedOnRecord":
    "declaration {id}: not sent: its request was on record, but the batch stopped before it was sent",
  "confirm.confirmedNothingMore": "declaration {id} was confirmed; nothing more was sent",
  "confirm.dryRun": "dry run: this is the body that would be sent; nothing was sent",
  "confirm.lostAnswer":
    "declaration {id}: the request was sent but its answer was lost ({lost}); reading its state back instead of sending it again",
  "confirm.waiting":
    "the service answered 429 (not processed); waiting {seconds} s before sending it again, and nothing else meanwhile",
  "confirm.outcomeNotRecorded":
    "declaration {id}: {outcome}, but this outcome could not be put on record ({why}); its request is on record, and the next run that touches it reads it back",
  "confirm.onceStaysSpent":
    "the --once rule '{rule}' stays spent by declaration {id}, which was not confirmed ({why}); `tradectl rules add {rule} … --once` saves it again",
  "confirm.byName":
    "--exchange-name '{name}' is the listed exchange {listed}: sent as exchangeId {id}",
  "confirm.noListingId":
    "could not read the exchanges listing ({why}); whether exchangeId {id} is supported is left to the server",
  "confirm.noListingName":
    "could not read the exchanges listing ({why}); '{name}' is sent as the name of an exchange that is not listed (exchangeOtherName)",
  "confirm.senderDescriptionDropped":
    "note: the description saved with sender '{sender}' is about that sender, not the one the flags name: not used (give --description)",
  "confirm.noMatch": "No pending declaration matches {filter}: nothing to confirm.",
  "confirm.auto.noRules":
    "No rule is saved: nothing to confirm. `tradectl rules add NAME --symbol SYM …` saves one",
  "confirm.auto.allSpent":
    "Every saved rule is spent or expired: nothing to confirm (`tradectl rules list`)",
  "confirm.auto.nonePending": "No pending declarations: nothing to confirm.",
  "confirm.auto.noneMatch":
    "No pending declaration matches a rule exactly: nothing to confirm ({unmatched}).",
  "confirm.auto.leftUnsent": "{unmatched}: not sent, not a failure.",
  "confirm.auto.noRule": {
    one: "{count} pending declaration with no rule",
    other: "{count} pending declarations with no rule",
  },
  "confirm.auto.ambiguous": { one: "{count} ambiguous one", other: "{count} ambiguous ones" },
  "confirm.already": "declaration {id} is already confirmed",
  "confirm.already.at": "declaration {id} is already confirmed at {at}",
  "confirm.already.by": "declaration {id} is already confirmed by {by}",
  "confirm.already.atBy": "declaration {id} is already confirmed at {at} by {by}",
  "confirm.notFound": "declaration {id} was not found among your declarations",
  "confirm.notFoundHint":
    "nothing was asked or sent; `tradectl declarations list --status pending` lists the declarations you can confirm",
  "confirm.missingHint":
    "nothing was sent; without a terminal (or with --no-input) every answer must be a flag (or come from --sender NAME); on a terminal, tradectl asks for what is missing",
  "confirm.violationHintListing":
    "nothing was sent; `tradectl exchanges list` shows the supported exchange ids",
} as const satisfies Record<string, Message>;

export const tr = {
  "confirm.flag.firstName": "gönderenin adı (başka biri gönderdiyse)",
  "confirm.flag.lastName": "gönderenin soyadı (başka biri gönderdiyse)",
  "confirm.flag.description": "yatırmanın açıklaması, 20 ile 100 karakter arası",
  "confirm.flag.addressType":
    "exchange (borsa) ya da individual-wallet (kişisel cüzdan); Exchange, IndividualWallet da olur",
  "confirm.flag.exchangeId": "`tradectl exchanges list` içindeki borsa numarası",
  "confirm.flag.exchangeName":
    "borsanın adı: borsa listesinde varsa (büyük/küçük harf fark etmez) exchangeId olarak, yoksa listede olmayan bir borsanın adı olarak gönderilir (en fazla 200 karakter)",
  "confirm.flag.sender":
    "kayıtlı bir gönderenin yanıtları (`tradectl senders list`); seçenekler bunların önüne geçer",
  "confirm.flag.pending":
    "toplu onay: bekleyen (Pending) her beyan (aşağıdaki üç seçenekle daraltılır)",
  "confirm.flag.symbol":
    "--pending ile: yalnızca bu varlık, büyük/küçük harf fark etmez (tekrarlanabilir)",
  "confirm.flag.address": "--pending ile: yalnızca bu adrese yapılan yatırmalar",
  "confirm.flag.amount":
    "--pending ile: yalnızca tam bu miktardaki yatırmalar (0.5, 0.50000000 ile eşleşir)",
  "confirm.flag.from":
    "başlık satırlı bir CSV ya da NDJSON dosyasından toplu onay (stdin için -): satır başına bir onay gövdesi, API'nin alan adlarıyla",
  "confirm.flag.auto":
    "kayıtlı kurallarla beyan et (`tradectl rules list`): bir kuralın tam tarif ettiği her bekleyen beyan, o kuralın yanıtlarıyla",
  "confirm.flag.yes": "son 'Gönder?' sorusunu sorma",
  "confirm.flag.dryRun":
    "her şeyi denetle ve istek gövdesini -o biçiminde yazdır; hiçbir şey gönderme (borsa listesini okuyabilir)",
  "confirm.flag.self": "gönderen kişi benim (hesaptaki kendi adım kullanılır)",
  "confirm.after": `
Çıktı: sunucunun 200 ve success:true ile yanıtladığı bir onay, -o json ile şunu yazdırır:
  {"cryptoDepositDeclarationId": ID, "success": true, "message": "", "code": 0}.
  Başka her sonuç, sunucunun göndermediği bir yanıtı asla değil, sonuç kaydını yazdırır:
  {"cryptoDepositDeclarationId":ID,"outcome":…,
   "verifiedBy":"answer"|"read-back"|null,
   "byThisRequest":true|false|null,"message":…}
  Kaybolan bir yanıt (bağlantı kesilmesi, zaman aşımı, 3xx, bir HTML sayfası, 5xx) listeden
  geri okunur: hâlâ Pending ise "unknown" olur (yine de uygulanabilir; komutu yeniden
  çalıştırmak güvenlidir). Her onay gönderilmeden önce kayda geçer: \`tradectl receipts list\`.
  Sonuçlar ve çıkış kodları: \`tradectl help exit-codes\`.
  --fields sonuç kaydının alanlarını (--dry-run ile gövdenin alanlarını) her biçimde seçer ve
  sıralar. --fields ile tek bir onay, sonuç ne olursa olsun sonuç kaydını yazdırır (200 ve
  success:true "outcome":"confirmed","verifiedBy":"answer" olarak okunur): istenen alanlar,
  betik için tek bir biçim; yukarıdaki başarı nesnesinin seçilecek alanı yoktur.

Örnekler:
  $ tradectl declarations confirm
  $ tradectl declarations confirm 4711 --self --address-type exchange --exchange-name binance \\
      --description-preset own-accounts --yes
  $ tradectl declarations confirm 4711 --first-name Ayşe --last-name Yılmaz \\
      --address-type individual-wallet --description-preset family-gift --dry-run

Toplu onay: plan önce denetlenir (her kural, her numara aranır) ve bir sorun varsa hiçbir şey
  gönderilmez; zaten onaylı olanlar atlanır; terminalde plan gösterilir ve "N onay
  gönderilsin mi?" diye sorulur (başka yerde --yes gerekir). Her öğe bittikçe sonuç kaydını
  yazdırır; sonuç şunlardan biridir: confirmed, already_confirmed, rejected, not_found,
  unknown, not_sent. Ctrl-C bir sonraki POST'tan önce durdurur; aynı komutu yeniden
  çalıştırmak yalnızca kalanları gönderir.
  $ tradectl declarations confirm --pending --symbol XRP --self --address-type exchange \\
      --exchange-name kraken --description "Kraken hesabımdaki kendi XRP'lerim"
  $ tradectl declarations confirm 734001023 734001008 --sender me-kraken --yes
  $ tradectl declarations confirm --pending --symbol xrp --sender me-kraken --dry-run -o ndjson > plan.ndjson
  $ tradectl declarations confirm --from plan.ndjson --yes

Kurallarla (tradectl rules --help): --auto planı gösterir (her bekleyen beyan
  kuralıyla, no_rule ya da ambiguous olarak: bunlar asla gönderilmez), sonra eşleşenleri
  toplu onaydaki gibi gönderir. Bir --once kuralı yaptığı tek onayla harcanır.
  $ tradectl declarations confirm --auto --dry-run
  $ tradectl declarations confirm --auto --yes`,
  "confirm.description":
    "Bekleyen bir beyanı onayla: yatırmayı kimin gönderdiğini bildir (terminalde sihirbazla)",
  "confirm.arg":
    "beyan numarası (verilmezse bekleyenlerden seçilir); birden çok numara: aynı yanıtlarla toplu onay",
  "confirm.presetAfter": `
Hazır açıklamalar (--description-preset NAME; gönderilen metin çalıştırmanın dilindedir,
burada Türkçe, --lang en ile İngilizce):
{presets}`,
  "confirm.note": "not:",
  "confirm.summary.title": "Gönderilecek istek",
  "confirm.summary.ownName": "(hesaptaki kendi adınız kullanılır)",
  "confirm.send": "Gönder?",
  "confirm.confirmed": "{id} numaralı beyan onaylandı: yatırma cüzdanınıza aktarılacak",
  "confirm.hint.already_confirmed":
    "hiçbir şey değişmedi; `tradectl declarations list --status confirmed` onu, kimin ve ne zaman onayladığıyla birlikte gösterir",
  "confirm.hint.rejected":
    "servis bunu uygulamadı; belirttiği sorunu düzeltip komutu yeniden çalıştırın",
  "confirm.hint.not_found":
    "bu numarayla bekleyen bir beyan yok; onaylayabileceğiniz beyanları `tradectl declarations list --status pending` listeler",
  "confirm.hint.unknown":
    "istek yine de uygulanmış olabilir; aynı komutu yeniden çalıştırmak güvenlidir: bir şey göndermeden önce kayıtları ve listeyi okur",
  "confirm.hint.not_sent":
    "bunun için hiçbir şey gönderilmedi; aynı komutu yeniden çalıştırmak güvenlidir",
  "confirm.means.confirmed": "{count} onaylandı",
  "confirm.means.already_confirmed": "{count} zaten onaylıydı",
  "confirm.means.rejected": "{count} servis tarafından reddedildi (uygulanmadı)",
  "confirm.means.not_found": "{count} bulunamadı",
  "confirm.means.unknown":
    "{count} belirsiz (gönderildi, yanıt kayboldu: yine de uygulanabilir; aynı komutu yeniden çalıştırmak durumu netleştirir)",
  "confirm.means.not_sent": "{count} gönderilmedi",
  "confirm.summary.sent": {
    one: "{outcomes} ({count} onay gönderildi)",
    other: "{outcomes} ({count} onay gönderildi)",
  },
  "confirm.plan.me": "ben",
  "confirm.plan.wallet": "kişisel cüzdan",
  "confirm.plan.exchangeId": "borsa {id}",
  "confirm.plan.exchangeName": "borsa '{name}'",
  "confirm.plan.send": "gönder",
  "confirm.plan.skip": "atla: zaten onaylı",
  "confirm.batch.dryRun": {
    one: "deneme: gönderilecek {count} gövde{skipped}; hiçbir şey gönderilmedi",
    other: "deneme: gönderilecek {count} gövde{skipped}; hiçbir şey gönderilmedi",
  },
  "confirm.batch.dryRunSkipped": "; {count} zaten onaylı: atlandı",
  "confirm.batch.noTerminal": {
    one: "gönderilecek {count} onay var ama sorulacak bir terminal yok: göndermek için --yes verin",
    other:
      "gönderilecek {count} onay var ama sorulacak bir terminal yok: göndermek için --yes verin",
  },
  "confirm.batch.noTerminalHint":
    "hiçbir şey gönderilmedi; --dry-run gönderilecek gövdeleri yazdırır",
  "confirm.batch.send": {
    one: "{count} onay gönderilsin mi?",
    other: "{count} onay gönderilsin mi?",
  },
  "confirm.batch.othersNotSent": {
    one: "{id} numaralı beyan onaylandı; diğer {count} beyan gönderilmedi",
    other: "{id} numaralı beyan onaylandı; diğer {count} beyan gönderilmedi",
  },
  "confirm.batch.progress": "{done}/{total} onaylandı…",
  "confirm.batch.skipped": "{id} numaralı beyan zaten onaylanmış: atlandı, hiçbir şey gönderilmedi",
  "confirm.batch.skippedAt":
    "{id} numaralı beyan {at} tarihinde zaten onaylanmış: atlandı, hiçbir şey gönderilmedi",
  "confirm.batch.cancelledBefore":
    "{id} numaralı beyan gönderilmedi: toplu işlem ondan önce iptal edildi",
  "confirm.batch.stoppedBefore":
    "{id} numaralı beyan gönderilmedi: toplu işlem daha önceki bir hatada durdu",
  "confirm.batch.cancelledOnRecord":
    "{id} numaralı beyan gönderilmedi: isteği kayda geçirilmişti, ama toplu işlem gönderilmeden önce iptal edildi",
  "confirm.batch.stoppedOnRecord":
    "{id} numaralı beyan gönderilmedi: isteği kayda geçirilmişti, ama toplu işlem gönderilmeden önce durdu",
  "confirm.confirmedNothingMore": "{id} numaralı beyan onaylandı; başka bir şey gönderilmedi",
  "confirm.dryRun": "deneme: gönderilecek gövde budur; hiçbir şey gönderilmedi",
  "confirm.lostAnswer":
    "{id} numaralı beyan: istek gönderildi ama yanıtı kayboldu ({lost}); yeniden göndermek yerine durumu geri okunuyor",
  "confirm.waiting":
    "servis 429 ile yanıt verdi (işlenmedi); yeniden göndermeden önce {seconds} sn bekleniyor, bu arada başka bir şey gönderilmiyor",
  "confirm.outcomeNotRecorded":
    "{id} numaralı beyan: {outcome}, ama bu sonuç kayda geçirilemedi ({why}); isteği kayıtta, ona dokunan bir sonraki çalıştırma durumunu geri okur",
  "confirm.onceStaysSpent":
    "--once kuralı '{rule}', onaylanmayan {id} numaralı beyan için harcanmış olarak kalıyor ({why}); `tradectl rules add {rule} … --once` onu yeniden kaydeder",
  "confirm.byName":
    "--exchange-name '{name}' listedeki {listed} borsası: exchangeId {id} olarak gönderiliyor",
  "confirm.noListingId":
    "borsa listesi okunamadı ({why}); exchangeId {id} desteklenip desteklenmediğine sunucu karar verecek",
  "confirm.noListingName":
    "borsa listesi okunamadı ({why}); '{name}' listede olmayan bir borsanın adı olarak gönderiliyor (exchangeOtherName)",
  "confirm.senderDescriptionDropped":
    "not: '{sender}' göndereniyle kaydedilen açıklama o gönderene ait, seçeneklerde verilen gönderene değil: kullanılmadı (--description verin)",
  "confirm.noMatch": "{filter} ile eşleşen bekleyen beyan yok: onaylanacak bir şey yok.",
  "confirm.auto.noRules":
    "Kayıtlı kural yok: onaylanacak bir şey yok. `tradectl rules add NAME --symbol SYM …` bir kural kaydeder",
  "confirm.auto.allSpent":
    "Kayıtlı kuralların hepsi harcanmış ya da süresi dolmuş: onaylanacak bir şey yok (`tradectl rules list`)",
  "confirm.auto.nonePending": "Bekleyen beyan yok: onaylanacak bir şey yok.",
  "confirm.auto.noneMatch":
    "Hiçbir bekleyen beyan bir kuralla tam eşleşmiyor: onaylanacak bir şey yok ({unmatched}).",
  "confirm.auto.leftUnsent": "{unmatched}: gönderilmedi, bu bir hata değil.",
  "confirm.auto.noRule": {
    one: "kuralı olmayan {count} bekleyen beyan",
    other: "kuralı olmayan {count} bekleyen beyan",
  },
  "confirm.auto.ambiguous": {
    one: "birden çok kurala uyan {count} beyan",
    other: "birden çok kurala uyan {count} beyan",
  },
  "confirm.already": "{id} numaralı beyan zaten onaylanmış",
  "confirm.already.at": "{id} numaralı beyan {at} tarihinde zaten onaylanmış",
  "confirm.already.by": "{id} numaralı beyan {by} tarafından zaten onaylanmış",
  "confirm.already.atBy": "{id} numaralı beyan {at} tarihinde {by} tarafından zaten onaylanmış",
  "confirm.notFound": "{id} numaralı beyan beyanlarınız arasında bulunamadı",
  "confirm.notFoundHint":
    "hiçbir şey sorulmadı ya da gönderilmedi; onaylayabileceğiniz beyanları `tradectl declarations list --status pending` listeler",
  "confirm.missingHint":
    "hiçbir şey gönderilmedi; terminal yokken (ya da --no-input ile) her yanıt bir seçenekle verilmeli (ya da --sender NAME'den gelmeli); terminalde tradectl eksik olanı sorar",
  "confirm.violationHintListing":
    "hiçbir şey gönderilmedi; desteklenen borsa numaralarını `tradectl exchanges list` gösterir",
} as const satisfies Translation<typeof en>;
