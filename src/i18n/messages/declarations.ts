import type { Message, Translation } from "../catalog-types.js";

/**
 * `tradectl declarations list` and `declarations watch` (src/commands/declarations/, not
 * confirm/).
 */
export const en = {
  "declarations.watch.x.noJson":
    "-o json cannot be used with declarations watch: a JSON array is only complete when the watch ends",
  "declarations.watch.x.jsonHint":
    "use -o ndjson: one JSON object per line, printed as each declaration is seen",
  "declarations.list.x.incomplete":
    "stopped after {records} records from {pages}; the output is incomplete",
  "declarations.warning": "warning:",
  "declarations.list.description": "List your deposit declarations, newest first",
  "declarations.list.opt.status":
    "Pending or Confirmed, case-insensitive; repeat for several (default: both)",
  "declarations.list.opt.page":
    "page number, from 1 (default: 1); with --all, the page to start from",
  "declarations.list.opt.pageSize":
    "records per page, 1 to 100 (default: 20; --all always reads 100)",
  "declarations.list.opt.all":
    "walk every page from --page on, 100 at a time, until the last, streaming records",
  "declarations.list.opt.limit": "stop after N records (without --all: cut the one page fetched)",
  "declarations.list.after": `
Examples:
  $ tradectl declarations list --status pending
  $ tradectl declarations list --all -o ndjson > declarations.ndjson
  $ tradectl declarations list --all --limit 500 -o csv > latest-500.csv
  $ tradectl --sandbox declarations list --page 2 --page-size 50
  $ tradectl declarations list --fields cryptoDepositDeclarationId,amount,symbol -o csv`,
  "declarations.list.badLimit": "--limit must be a whole number of at least 1, got '{value}'",
  "declarations.list.statusNotAllowed": "status '{value}' is not valid; allowed: {allowed}",
  "declarations.list.notWhole": "{field} must be a whole number, got '{value}'",
  "declarations.list.pageSizeWithAll":
    "--page-size cannot be used with --all: --all always reads pages of {size}, the most the service gives",
  "declarations.list.hint":
    "see `tradectl declarations list --help` for the flags and their ranges",
  "declarations.list.hintDropPageSize": "drop --page-size; with --all, --page counts pages of 100",
  "declarations.list.pages": { one: "{count} page", other: "{count} pages" },
  "declarations.list.records": { one: "{count} record", other: "{count} records" },
  "declarations.list.fetched": "fetched {pages}, {records}…",
  "declarations.list.none": "No declarations found{filter}",
  "declarations.list.filter": " ({parts})",
  "declarations.list.filterStatus": "status {statuses}",
  "declarations.list.or": " or ",
  "declarations.list.filterFrom": "from page {page} on",
  "declarations.list.filterPage": "page {page} at {size} per page",
  "declarations.list.pendingOne": "1 pending: confirm it with `tradectl declarations confirm {id}`",
  "declarations.list.pendingMany":
    "{count} pending: confirm one with `tradectl declarations confirm <ID>`",
  "declarations.list.more":
    "more may follow: --page {next} for the next page, or --all for every page",
  "declarations.watch.description":
    "Print each pending declaration once: those pending now, then each new one",
  "declarations.watch.opt.interval":
    "time between polls: seconds or a duration (30, 90s, 1m), at least 1s (default: 30)",
  "declarations.watch.opt.newOnly": "skip the declarations already pending at the start",
  "declarations.watch.opt.once": "exit 0 after the first poll that printed something",
  "declarations.watch.opt.auto":
    "confirm each one a saved rule exactly describes (`tradectl rules list`), printed with its outcome",
  "declarations.watch.opt.exec":
    "run CMD through the shell for each one left to you (no rule, or its rules disagree): the record as one JSON line on stdin, TRADECTL_DECLARATION_ID set",
  "declarations.watch.after": `
A deposit is not credited until it is declared, and the service sends no notification.
The watch reads every pending declaration at the start (one walk of the list), then polls
page 1 of the pending ones every --interval seconds: one request per poll while nothing
new arrived. Each declaration is printed once, however the pages shift. A failed poll
(network, 5xx, 429) is reported once on stderr and the watch goes on; an auth failure
(401) ends it with exit 4; Ctrl-C ends it with exit 130.

Output: on a terminal, a line per declaration with the time it was seen; piped, tsv;
-o csv (header once), -o ndjson (one object per line). -o json is refused (it never ends).

Examples:
  $ tradectl declarations watch
  $ tradectl declarations watch -o ndjson | while read -r line; do
      notify-send "To declare" "$(jq -r '"\\(.amount) \\(.symbol)"' <<<"$line")"
    done
  $ tradectl declarations watch --new-only --once && tradectl decl confirm
  $ tradectl --sandbox declarations watch --interval 5
  $ tradectl declarations watch -o csv --fields cryptoDepositDeclarationId,amount,symbol

Declaring by rules (tradectl rules --help): with --auto, each one a saved rule exactly describes is
confirmed as it appears, by the confirm's send path, and printed with its rule and outcome
(ndjson adds rule, outcome, verifiedBy, byThisRequest, message). One no rule covers is printed
as it is; one whose rules disagree is printed with them and never sent. --exec CMD runs for
each of those (without --auto, for every new one); a failing CMD is reported on stderr and the
watch goes on; a slow one never holds up the polling. With --once, the exit code is a batch's
over what was confirmed.
  $ tradectl rules add expected-xrp --symbol XRP --amount 250.5 --sender me-kraken --once
  $ tradectl declarations watch --auto --new-only --exec 'notify-send "Deposit to declare"'`,
  "declarations.watch.badInterval":
    "--interval must be seconds or a duration (30, 90s, 1m) from {min} to {max} seconds, got '{value}'",
  "declarations.watch.hint": "see `tradectl declarations watch --help`",
  "declarations.watch.emptyExec": "--exec needs a command, e.g. --exec 'notify-send deposit'",
  "declarations.watch.pollFailed":
    "poll failed: {message}; still watching, trying again every {seconds}s",
  "declarations.watch.pollsBack": {
    one: "polls work again after 1 failed poll (since {since})",
    other: "polls work again after {count} failed polls (since {since})",
  },
  "declarations.watch.backlog": "reading the pending backlog…",
  "declarations.watch.watching":
    "watching for new pending declarations every {seconds}s (Ctrl-C stops)",
  "declarations.watch.stopped": {
    one: "stopped; 1 declaration printed",
    other: "stopped; {count} declarations printed",
  },
  "declarations.watch.hooksStopped": {
    one: "1 --exec hook was running: sent SIGTERM, with its children",
    other: "{count} --exec hooks were running: each sent SIGTERM, with its children",
  },
  "declarations.watch.unreadableRule":
    "the rule '{name}' in the config file cannot be read ({why}); it matches nothing. `tradectl rules remove {name}` deletes it",
  "declarations.watch.brokenRule":
    "declaration {id}: not sent: the rule '{name}' no longer makes a confirmation: {problems}",
  "declarations.watch.rulesNotApplied": {
    one: "the rules could not be applied to this declaration ({why}); nothing was sent for them",
    other:
      "the rules could not be applied to these {count} declarations ({why}); nothing was sent for them",
  },
  "declarations.watch.execFailed": "--exec failed for declaration {id}: {why}; the watch goes on",
  "declarations.watch.killed": "killed by {signal}",
  "declarations.watch.exit": "exit {code}",
  "declarations.description": "List and confirm crypto deposit declarations (travel rule)",
} as const satisfies Record<string, Message>;

export const tr = {
  "declarations.watch.x.noJson":
    "-o json, declarations watch ile kullanılamaz: bir JSON dizisi ancak izleme bittiğinde tamamlanır",
  "declarations.watch.x.jsonHint":
    "-o ndjson kullanın: her beyan görüldükçe yazdırılan, satır başına bir JSON nesnesi",
  "declarations.list.x.incomplete":
    "{pages} okunup {records} kayıt yazdırıldıktan sonra durdu; çıktı eksik",
  "declarations.warning": "uyarı:",
  "declarations.list.description": "Yatırma beyanlarınızı listele, en yenisi başta",
  "declarations.list.opt.status":
    "Pending ya da Confirmed, büyük/küçük harf fark etmez; birkaçı için yineleyin (varsayılan: ikisi de)",
  "declarations.list.opt.page":
    "sayfa numarası, 1'den başlar (varsayılan: 1); --all ile başlanacak sayfa",
  "declarations.list.opt.pageSize":
    "sayfa başına kayıt, 1 ile 100 arası (varsayılan: 20; --all her zaman 100 okur)",
  "declarations.list.opt.all":
    "--page'den sonuncusuna dek her sayfayı 100'er kayıtla oku, kayıtları geldikçe yaz",
  "declarations.list.opt.limit":
    "N kayıttan sonra dur (--all olmadan: alınan tek sayfayı kısaltır)",
  "declarations.list.after": `
Örnekler:
  $ tradectl declarations list --status pending
  $ tradectl declarations list --all -o ndjson > beyanlar.ndjson
  $ tradectl declarations list --all --limit 500 -o csv > son-500.csv
  $ tradectl --sandbox declarations list --page 2 --page-size 50
  $ tradectl declarations list --fields cryptoDepositDeclarationId,amount,symbol -o csv`,
  "declarations.list.badLimit": "--limit en az 1 olan bir tam sayı olmalı; verilen: '{value}'",
  "declarations.list.statusNotAllowed":
    "'{value}' geçerli bir durum (status) değil; geçerli olanlar: {allowed}",
  "declarations.list.notWhole": "{field} bir tam sayı olmalı; verilen: '{value}'",
  "declarations.list.pageSizeWithAll":
    "--page-size, --all ile birlikte kullanılamaz: --all her zaman borsanın verdiği en büyük sayfayı ({size} kayıt) okur",
  "declarations.list.hint":
    "seçenekler ve geçerli aralıkları için: `tradectl declarations list --help`",
  "declarations.list.hintDropPageSize":
    "--page-size'ı kaldırın; --all ile --page 100 kayıtlık sayfaları sayar",
  "declarations.list.pages": "{count} sayfa",
  "declarations.list.records": "{count} kayıt",
  "declarations.list.fetched": "{pages}, {records} alındı…",
  "declarations.list.none": "Beyan bulunamadı{filter}",
  "declarations.list.filter": " ({parts})",
  "declarations.list.filterStatus": "durum: {statuses}",
  "declarations.list.or": " ya da ",
  "declarations.list.filterFrom": "{page}. sayfadan itibaren",
  "declarations.list.filterPage": "{page}. sayfa, sayfa başına {size} kayıt",
  "declarations.list.pendingOne":
    "1 bekleyen beyan var: `tradectl declarations confirm {id}` ile onaylayın",
  "declarations.list.pendingMany":
    "{count} bekleyen beyan var: birini `tradectl declarations confirm <ID>` ile onaylayın",
  "declarations.list.more":
    "devamı olabilir: sonraki sayfa için --page {next}, tüm sayfalar için --all",
  "declarations.watch.description":
    "Her bekleyen beyanı bir kez yaz: önce şu an bekleyenleri, sonra gelen her yenisini",
  "declarations.watch.opt.interval":
    "sorgular arasındaki süre: saniye ya da süre (30, 90s, 1m), en az 1s (varsayılan: 30)",
  "declarations.watch.opt.newOnly": "başlangıçta zaten bekleyen beyanları atla",
  "declarations.watch.opt.once": "bir şey yazan ilk sorgudan sonra 0 koduyla çık",
  "declarations.watch.opt.auto":
    "kayıtlı bir kuralın tam olarak tarif ettiği her beyanı onayla (`tradectl rules list`) ve sonucuyla yaz",
  "declarations.watch.opt.exec":
    "size kalan her beyan için (kural yok ya da kuralları çelişiyor) CMD'yi kabukta çalıştır: kayıt stdin'e tek JSON satırı olarak verilir, TRADECTL_DECLARATION_ID tanımlanır",
  "declarations.watch.after": `
Bir yatırma, beyan edilmeden hesaba geçmez ve borsa bunun için bildirim göndermez.
İzleme başlangıçta bekleyen tüm beyanları okur (listenin tek bir taraması), sonra her
--interval saniyede bir bekleyenlerin 1. sayfasını sorgular: yeni bir şey gelmedikçe sorgu
başına tek istek. Sayfalar nasıl kayarsa kaysın her beyan bir kez yazılır. Başarısız bir
sorgu (ağ, 5xx, 429) stderr'de bir kez bildirilir ve izleme sürer; kimlik doğrulama hatası
(401) izlemeyi 4 koduyla bitirir; Ctrl-C 130 koduyla bitirir.

Çıktı: terminalde her beyan için görüldüğü saatle bir satır; borulandığında tsv;
-o csv (başlık bir kez), -o ndjson (satır başına bir nesne). -o json reddedilir (hiç bitmez).

Örnekler:
  $ tradectl declarations watch
  $ tradectl declarations watch -o ndjson | while read -r line; do
      notify-send "Beyan edilecek" "$(jq -r '"\\(.amount) \\(.symbol)"' <<<"$line")"
    done
  $ tradectl declarations watch --new-only --once && tradectl decl confirm
  $ tradectl --sandbox declarations watch --interval 5
  $ tradectl declarations watch -o csv --fields cryptoDepositDeclarationId,amount,symbol

Kurallarla beyan (tradectl rules --help): --auto ile, kayıtlı bir kuralın tam olarak tarif ettiği
her beyan göründüğü anda onay komutunun gönderme yoluyla onaylanır ve kuralı ve sonucuyla
yazılır (ndjson'a rule, outcome, verifiedBy, byThisRequest, message eklenir). Hiçbir kuralın
kapsamadığı beyan olduğu gibi yazılır; kuralları çelişen beyan kurallarıyla yazılır ve asla
gönderilmez. --exec CMD bunların her biri için çalışır (--auto olmadan her yeni beyan için);
başarısız bir CMD stderr'de bildirilir ve izleme sürer; yavaş bir CMD sorguları asla
bekletmez. --once ile çıkış kodu, onaylananlar üzerinden bir toplu işleminkidir.
  $ tradectl rules add beklenen-xrp --symbol XRP --amount 250.5 --sender me-kraken --once
  $ tradectl declarations watch --auto --new-only --exec 'notify-send "Beyan edilecek yatırma"'`,
  "declarations.watch.badInterval":
    "--interval {min} ile {max} saniye arasında bir saniye sayısı ya da süre (30, 90s, 1m) olmalı; verilen: '{value}'",
  "declarations.watch.hint": "bkz. `tradectl declarations watch --help`",
  "declarations.watch.emptyExec": "--exec bir komut ister, örneğin --exec 'notify-send yatirma'",
  "declarations.watch.pollFailed":
    "sorgu başarısız: {message}; izleme sürüyor, {seconds} sn'de bir yeniden deneniyor",
  "declarations.watch.pollsBack":
    "sorgular yeniden çalışıyor: {count} başarısız sorgudan sonra ({since} itibarıyla)",
  "declarations.watch.backlog": "bekleyen beyanlar okunuyor…",
  "declarations.watch.watching":
    "yeni bekleyen beyanlar {seconds} sn'de bir izleniyor (durdurmak için Ctrl-C)",
  "declarations.watch.stopped": "durduruldu; {count} beyan yazıldı",
  "declarations.watch.hooksStopped":
    "{count} --exec komutu çalışıyordu: her birine alt süreçleriyle birlikte SIGTERM gönderildi",
  "declarations.watch.unreadableRule":
    "yapılandırma dosyasındaki '{name}' kuralı okunamıyor ({why}); hiçbir beyanla eşleşmez. `tradectl rules remove {name}` onu siler",
  "declarations.watch.brokenRule":
    "{id} numaralı beyan gönderilmedi: '{name}' kuralı artık bir onay oluşturmuyor: {problems}",
  "declarations.watch.rulesNotApplied":
    "kurallar {count} beyana uygulanamadı ({why}); bunlar için hiçbir şey gönderilmedi",
  "declarations.watch.execFailed":
    "--exec, {id} numaralı beyan için başarısız oldu: {why}; izleme sürüyor",
  "declarations.watch.killed": "{signal} sinyaliyle sonlandırıldı",
  "declarations.watch.exit": "çıkış kodu {code}",
  "declarations.description": "Kripto yatırma beyanlarını listele ve onayla (seyahat kuralı)",
} as const satisfies Translation<typeof en>;
