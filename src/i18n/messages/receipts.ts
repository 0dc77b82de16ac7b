import type { Message, Translation } from "../catalog-types.js";

/** `tradectl receipts list|show|verify` (src/commands/receipts/). */
export const en = {
  "receipts.x.notAnId": "{subject} is not an id",
  "receipts.description": "Every confirmation on record: what was declared, when, and how it ended",
  "receipts.list.description":
    "Every confirmation request on record, with how it ended (the export: -o csv)",
  "receipts.list.id": "only the requests for this declaration",
  "receipts.list.since": "only requests from then on: an ISO-8601 time, or 24h, 7d… back from now",
  "receipts.list.until": "only requests before then: an ISO-8601 time, or 24h, 7d… back from now",
  "receipts.list.after": `
One row per confirmation request tradectl sent (or was about to send), oldest first: when,
for which declaration, its outcome (the one vocabulary of \`declarations confirm\`), and what it
declared. A request with no outcome on record is shown as unsettled (outcome null): the next
confirm that touches its declaration reads it back first. --sandbox lists the sandbox's own.

Examples:
  $ tradectl receipts list
  $ tradectl receipts list --id 734001026
  $ tradectl receipts list --since 7d -o csv > declared.csv
  $ tradectl receipts list --since 2026-11-01 --until 2026-12-01 \\
      --fields requestedAt,cryptoDepositDeclarationId,outcome -o tsv`,
  "receipts.show.description":
    "Every receipt entry for one declaration, with the bodies sent and received",
  "receipts.show.id": "the declaration's id",
  "receipts.show.after": `
Each request as it was recorded before it was sent (time, base URL, public key, the exact
body and its sha256), each answer that proved it was not processed (a 429), and its outcome
(HTTP status, the server's body, outcome, verifiedBy, byThisRequest).

Examples:
  $ tradectl receipts show 734001026
  $ tradectl receipts show 734001026 -o json`,
  "receipts.verify.description":
    "Check that no receipt line was edited, removed or reordered (exit 1 if one was)",
  "receipts.verify.after": `
Each line carries the sha256 of the line before it, and receipts.ndjson.head keeps the count
and the last line's hash apart, so a change at the end is found too. verify walks the chain and
prints the count of entries when it is whole. Otherwise it exits 1 (kind "integrity") naming
the line that was changed: an edited line itself (the line after it still vouches for the
text it had), or where lines were removed, reordered or cut from the end. A last line a crash
cut short was never sent: verify names it and does not fail; the next confirmation sets it
aside in receipts.ndjson.torn, and verify reports how many lines were set aside there.

Examples:
  $ tradectl receipts verify
  $ tradectl receipts verify -o json`,
  "receipts.notAnId": "is not an id",
  "receipts.badWhenHint":
    "{flag} takes a time (2026-11-01, 2026-11-01T09:00:00Z) or a duration back from now (24h, 7d, 2w)",
  "receipts.sinceAfterUntil": "--since is later than --until: no request can be in between",
  "receipts.sinceAfterUntilHint": "--since is the start and --until the end of the period",
  "receipts.noneForDeclaration": "No confirmation request on record for declaration {id} ({path})",
  "receipts.noneForDeclarationInPeriod":
    "No confirmation request on record for declaration {id} in that period ({path})",
  "receipts.none": "No confirmation request on record ({path})",
  "receipts.noneInPeriod": "No confirmation request on record in that period ({path})",
  "receipts.noFile": "No receipts yet: {path} is written by the first confirmation sent",
  "receipts.notFound": "no receipt on record for declaration {id}",
  "receipts.notFoundHint":
    "tradectl records a confirmation before it sends it ({path}); `tradectl receipts list` shows the declarations on record",
  "receipts.broken": "receipts {path}: line {line} does not fit: {reason}",
  "receipts.brokenHint":
    "the receipts were changed outside tradectl; keep a copy of the file as it is, the lines before this one are still whole",
  "receipts.whole": {
    one: "The chain is whole: 1 entry",
    other: "The chain is whole: {count} entries",
  },
  "receipts.tornLine":
    "line {line} was cut short by an interrupted write; its request was never sent, and the next confirmation sets it aside in {path}",
  "receipts.setAside": {
    one: "1 line cut short by an interrupted write was set aside in {path}; its request was never sent",
    other:
      "{count} lines cut short by interrupted writes were set aside in {path}; none of their requests was sent",
  },
  "receipts.notAnchored":
    "the end of the file is not anchored yet ({head} is missing): lines removed from the end would not be found; the next confirmation writes it",
  "receipts.me": "me",
  "receipts.exchange": "exchange {id}",
  "receipts.ownWallet": "own wallet",
  "receipts.unsettled": "unsettled",
} as const satisfies Record<string, Message>;

export const tr = {
  "receipts.x.notAnId": "{subject} bir numara değil",
  "receipts.description": "Kayıtlı her onay: ne beyan edildi, ne zaman ve nasıl sonuçlandı",
  "receipts.list.description":
    "Kayıtlı her onay isteği ve nasıl sonuçlandığı (dışa aktarmak için: -o csv)",
  "receipts.list.id": "yalnızca bu beyana ait istekler",
  "receipts.list.since":
    "yalnızca o andan sonraki istekler: ISO-8601 bir zaman ya da şimdiden geriye 24h, 7d…",
  "receipts.list.until":
    "yalnızca o andan önceki istekler: ISO-8601 bir zaman ya da şimdiden geriye 24h, 7d…",
  "receipts.list.after": `
tradectl'in gönderdiği (ya da göndermek üzere olduğu) her onay isteği için bir satır, en
eskisi önce: ne zaman, hangi beyan için, sonucu (\`declarations confirm\`'un sözcükleriyle) ve
ne beyan edildiği. Sonucu kayıtlı olmayan bir istek sonuçlanmamış görünür (outcome null): o
beyana dokunan bir sonraki onay önce sonucu okur. --sandbox deneme sunucusunun kayıtlarını
listeler.

Örnekler:
  $ tradectl receipts list
  $ tradectl receipts list --id 734001026
  $ tradectl receipts list --since 7d -o csv > declared.csv
  $ tradectl receipts list --since 2026-11-01 --until 2026-12-01 \\
      --fields requestedAt,cryptoDepositDeclarationId,outcome -o tsv`,
  "receipts.show.description": "Bir beyanın tüm kayıtları, gönderilen ve alınan gövdeleriyle",
  "receipts.show.id": "beyanın numarası",
  "receipts.show.after": `
Her istek gönderilmeden önce kaydedildiği haliyle (zaman, temel adres, açık anahtar, gövdenin
kendisi ve sha256'sı), işlenmediğini kanıtlayan her yanıt (bir 429) ve sonucu (HTTP durumu,
sunucunun gövdesi, outcome, verifiedBy, byThisRequest).

Örnekler:
  $ tradectl receipts show 734001026
  $ tradectl receipts show 734001026 -o json`,
  "receipts.verify.description":
    "Hiçbir kayıt satırının değiştirilmediğini, silinmediğini ya da yeri değişmediğini denetle (öyleyse çıkış 1)",
  "receipts.verify.after": `
Her satır kendinden önceki satırın sha256'sını taşır; receipts.ndjson.head de kayıt sayısını
ve son satırın özetini ayrıca tutar, böylece sondaki bir değişiklik de bulunur. verify zinciri
baştan sona yürür ve zincir sağlamsa kayıt sayısını yazar. Değilse değişen satırı söyleyerek
1 ile çıkar (kind "integrity"): düzenlenmiş bir satırın kendisini (ardındaki satır onun eski
metnine hâlâ kefildir) ya da satırların silindiği, yer değiştirdiği veya sondan kesildiği yeri.
Bir çökmenin yarıda kestiği son satır hiç gönderilmemiştir: verify onu söyler ve başarısız
olmaz; bir sonraki onay onu receipts.ndjson.torn dosyasına ayırır ve verify orada kaç satır
ayrıldığını bildirir.

Örnekler:
  $ tradectl receipts verify
  $ tradectl receipts verify -o json`,
  "receipts.notAnId": "bir numara değil",
  "receipts.badWhenHint":
    "{flag} bir zaman (2026-11-01, 2026-11-01T09:00:00Z) ya da şimdiden geriye bir süre (24h, 7d, 2w) alır",
  "receipts.sinceAfterUntil": "--since, --until'den sonra: arada hiçbir istek olamaz",
  "receipts.sinceAfterUntilHint": "--since dönemin başı, --until sonudur",
  "receipts.noneForDeclaration": "{id} numaralı beyan için kayıtlı onay isteği yok ({path})",
  "receipts.noneForDeclarationInPeriod":
    "{id} numaralı beyan için o dönemde kayıtlı onay isteği yok ({path})",
  "receipts.none": "Kayıtlı onay isteği yok ({path})",
  "receipts.noneInPeriod": "O dönemde kayıtlı onay isteği yok ({path})",
  "receipts.noFile": "Henüz kayıt yok: {path} gönderilen ilk onayla yazılır",
  "receipts.notFound": "{id} numaralı beyan için kayıt yok",
  "receipts.notFoundHint":
    "tradectl bir onayı göndermeden önce kaydeder ({path}); kayıtlı beyanları `tradectl receipts list` gösterir",
  "receipts.broken": "kayıtlar {path}: {line}. satır zincire uymuyor: {reason}",
  "receipts.brokenHint":
    "kayıtlar tradectl dışında değiştirilmiş; dosyanın bu halinin bir kopyasını saklayın, bu satırdan öncekiler hâlâ sağlam",
  "receipts.whole": "Zincir sağlam: {count} kayıt",
  "receipts.tornLine":
    "{line}. satır yarıda kesilen bir yazmada kısa kaldı; isteği hiç gönderilmedi, bir sonraki onay onu {path} dosyasına ayırır",
  "receipts.setAside":
    "yarıda kesilen yazmalarda kısa kalan {count} satır {path} dosyasına ayrıldı; hiçbirinin isteği gönderilmedi",
  "receipts.notAnchored":
    "dosyanın sonu henüz sabitlenmedi ({head} yok): sondan silinen satırlar bulunamaz; bir sonraki onay onu yazar",
  "receipts.me": "ben",
  "receipts.exchange": "borsa {id}",
  "receipts.ownWallet": "kendi cüzdanım",
  "receipts.unsettled": "sonuçlanmadı",
} as const satisfies Translation<typeof en>;
