import type { Message, Translation } from "../catalog-types.js";

/** `tradectl help exit-codes` and `tradectl help sandbox` (src/commands/help-topics.ts). */
export const en = {
  "topic.exit.when.0": "success (an empty list is a success)",
  "topic.exit.when.1":
    "5xx, unreadable response, connection or timeout failure; a confirmation whose answer was lost and could not be settled (unknown); receipts that fail `receipts verify` (integrity); a disk that is full or failing (io)",
  "topic.exit.when.2":
    "bad flags, a rule of the service broken locally (nothing sent), or HTTP 400",
  "topic.exit.when.3": "HTTP 404, or the service's 'not found' message for an order",
  "topic.exit.when.4": "HTTP 401, missing or unusable credentials",
  "topic.exit.when.5": "HTTP 422: the declaration is already confirmed",
  "topic.exit.when.6": "HTTP 429 still failing after retries",
  "topic.exit.when.130": "Ctrl-C, or 'no' at the wizard's last question; nothing sent",
  "topic.exit.code": "code",
  "topic.outcome.outcome": "outcome",
  "topic.outcome.exit": "exit",
  "topic.outcome.means": "it means",
  "topic.outcome.confirmed":
    "200 success:true; or the answer lost and the list shows it Confirmed as sent",
  "topic.outcome.already_confirmed":
    "422; or the list shows it Confirmed earlier or with other answers",
  "topic.outcome.rejected": "refused, not applied: 400, or 2xx with success:false",
  "topic.outcome.not_found": "404",
  "topic.outcome.unknown": "sent, the answer lost, not settled: it may yet be applied",
  "topic.outcome.not_sent": "no byte of the request was written",
  "topic.outcome.orCause": "{code} or cause",
  "topic.exit.kind": "kind",
  "topic.exit.when": "when",
  "topic.exit.text": `Exit codes

Every run ends with one of these codes; scripts can rely on them.

{table}

A confirmation's outcome (declarations confirm: every batch item, and a single confirm that
did not end in a 200 success:true) claims no more than the server said:

{outcomes}

verifiedBy says how it is known ("answer" or "read-back"); byThisRequest is true only when
proven. unknown never means "not applied": running the same command again is safe, it reads
the receipts and the list before sending anything. A batch exits with the code of its first
item that ended in neither confirmed nor already_confirmed. Every confirmation is on record:
\`tradectl receipts list\`.

With -o json or -o ndjson an error is also written to stderr as one JSON line, its kind one
of the above:
  {"error":{"kind":KIND,"status":HTTP_OR_NULL,"code":API_CODE_OR_NULL,
   "message":TEXT}}
The human lines (error:, hint:) stay on stderr too, so read it line by line and keep the JSON.

Examples:
  $ tradectl declarations confirm 4711 --self --address-type individual-wallet \\
      --description "From my own hardware wallet" --yes; echo "exit $?"
  $ tradectl order get 21545488 -o json 2> errors.log || jq -Rr 'fromjson? | .error.kind' errors.log
`,
  "topic.sandbox.text": `The sandbox

A reference implementation of the service on this machine: every endpoint, the same
validation messages and state changes, Authentication V1 checking, realistic seed data.
For trying tradectl with no account, and for testing scripts and other clients.

  tradectl --sandbox COMMAND   run one command against the embedded sandbox (in-process,
                               loopback, demo credentials); its state persists between runs
  tradectl sandbox serve       run it as a server: prints its URL, then logs each request
  tradectl sandbox reset       restore the seed data

The sandbox always signs with its demo key pair and never touches saved profiles:
\`--sandbox auth login\` and \`--sandbox auth logout\` are refused (exit 2). A --state file
must be sandbox state (or new, or empty): any other file is refused and left unchanged.
{details}
Examples:
  $ tradectl --sandbox declarations list --status pending
  $ tradectl --sandbox declarations confirm
  $ tradectl sandbox serve --port 8080 --faults 'latency=20-80,5xx=0.1,seed=42'
  $ tradectl sandbox serve --arrivals 'every=20s,max=1,symbol=XRP,amount=250.5,memo=1048576'
`,
} as const satisfies Record<string, Message>;

export const tr = {
  "topic.exit.when.0": "başarılı (boş bir liste de başarıdır)",
  "topic.exit.when.1":
    "5xx, okunamayan yanıt, bağlantı ya da zaman aşımı hatası; yanıtı kaybolan ve sonucu okunamayan bir onay (unknown); `receipts verify`'dan geçemeyen kayıtlar (integrity); dolu ya da arızalı bir disk (io)",
  "topic.exit.when.2":
    "hatalı seçenekler, yerelde çiğnenen bir hizmet kuralı (hiçbir şey gönderilmez) ya da HTTP 400",
  "topic.exit.when.3": "HTTP 404 ya da hizmetin bir emir için 'bulunamadı' iletisi",
  "topic.exit.when.4": "HTTP 401, eksik ya da kullanılamayan kimlik bilgileri",
  "topic.exit.when.5": "HTTP 422: beyan zaten onaylanmış",
  "topic.exit.when.6": "yeniden denemelerden sonra hâlâ HTTP 429",
  "topic.exit.when.130": "Ctrl-C ya da sihirbazın son sorusuna 'hayır'; hiçbir şey gönderilmez",
  "topic.exit.code": "kod",
  "topic.outcome.outcome": "sonuç",
  "topic.outcome.exit": "çıkış",
  "topic.outcome.means": "anlamı",
  "topic.outcome.confirmed":
    "200 success:true; ya da yanıt kayboldu ve liste onu gönderildiği gibi Confirmed gösteriyor",
  "topic.outcome.already_confirmed":
    "422; ya da liste onu daha önce ya da başka yanıtlarla Confirmed gösteriyor",
  "topic.outcome.rejected": "reddedildi, uygulanmadı: 400 ya da success:false ile 2xx",
  "topic.outcome.not_found": "404",
  "topic.outcome.unknown": "gönderildi, yanıt kayboldu, sonuçlanmadı: hâlâ uygulanmış olabilir",
  "topic.outcome.not_sent": "isteğin tek bir baytı bile yazılmadı",
  "topic.outcome.orCause": "{code} ya da nedeninki",
  "topic.exit.kind": "tür",
  "topic.exit.when": "ne zaman",
  "topic.exit.text": `Çıkış kodları

Her çalıştırma bu kodlardan biriyle biter; betikler bunlara güvenebilir.

{table}

Bir onayın sonucu (declarations confirm: bir toplu işlemin her öğesi ve 200 success:true ile
bitmeyen tek bir onay) sunucunun söylediğinden fazlasını iddia etmez:

{outcomes}

verifiedBy bunun nasıl bilindiğini söyler ("answer" ya da "read-back"); byThisRequest yalnızca
kanıtlandığında true olur. unknown asla "uygulanmadı" demek değildir: aynı komutu yeniden
çalıştırmak güvenlidir, bir şey göndermeden önce kayıtları ve listeyi okur. Bir toplu işlem,
ne confirmed ne already_confirmed ile biten ilk öğesinin koduyla çıkar. Her onay kayıtlıdır:
\`tradectl receipts list\`.

-o json ya da -o ndjson ile bir hata stderr'e tek bir JSON satırı olarak da yazılır; türü
yukarıdakilerden biridir (message her zaman İngilizcedir):
  {"error":{"kind":KIND,"status":HTTP_OR_NULL,"code":API_CODE_OR_NULL,
   "message":TEXT}}
İnsanlar için satırlar (hata:, ipucu:) da stderr'de kalır; satır satır okuyup JSON'u alın.

Örnekler:
  $ tradectl declarations confirm 4711 --self --address-type individual-wallet \\
      --description "Kendi donanım cüzdanımdan transfer" --yes; echo "exit $?"
  $ tradectl order get 21545488 -o json 2> errors.log || jq -Rr 'fromjson? | .error.kind' errors.log
`,
  "topic.sandbox.text": `Deneme sunucusu (sandbox)

Hizmetin bu makinede çalışan bir başvuru uygulaması: her uç nokta, aynı doğrulama iletileri ve
durum değişiklikleri, Authentication V1 denetimi, gerçekçi başlangıç verisi. tradectl'i hesap
açmadan denemek, betikleri ve başka istemcileri sınamak için.

  tradectl --sandbox KOMUT     bir komutu yerleşik deneme sunucusuna karşı çalıştırır (süreç
                               içinde, loopback, deneme kimlik bilgileri); durumu çalıştırmalar
                               arasında korunur
  tradectl sandbox serve       sunucu olarak çalıştırır: adresini yazar, sonra her isteği
                               günlüğe yazar
  tradectl sandbox reset       başlangıç verisini geri yükler

Deneme sunucusu her zaman kendi deneme anahtar çiftiyle imzalar ve kayıtlı profillere asla
dokunmaz: \`--sandbox auth login\` ve \`--sandbox auth logout\` reddedilir (çıkış 2). Bir --state
dosyası deneme sunucusu durumu (ya da yeni, ya da boş) olmalıdır: başka her dosya reddedilir
ve değiştirilmez.
{details}
Örnekler:
  $ tradectl --sandbox declarations list --status pending
  $ tradectl --sandbox declarations confirm
  $ tradectl sandbox serve --port 8080 --faults 'latency=20-80,5xx=0.1,seed=42'
  $ tradectl sandbox serve --arrivals 'every=20s,max=1,symbol=XRP,amount=250.5,memo=1048576'
`,
} as const satisfies Translation<typeof en>;
