import type { Message, Translation } from "../catalog-types.js";

/**
 * The help topics' bodies (src/commands/help-topics.ts): exit codes, environment, formats, the
 * sandbox.
 */
export const en = {
  "topic.env.default": " (default: {value})",
  "topic.env.apiKey": "public API key; with TRADECTL_API_SECRET, used instead of a profile",
  "topic.env.apiSecret": "private API key (base64); there is no flag for it",
  "topic.env.baseUrl": "same as --base-url{default}",
  "topic.env.profile": "same as --profile{default}",
  "topic.env.exchangesPath": "path of the crypto-exchanges listing (default /api/v1/exchanges)",
  "topic.env.noInput": "same as --no-input: never prompt (1, true, yes or on)",
  "topic.env.debug": "same as --debug: trace HTTP exchanges to stderr, secrets redacted",
  "topic.env.lang": "same as --lang: en or tr (else LC_ALL, LC_MESSAGES, LANG: tr* is Turkish)",
  "topic.env.noColor": "non-empty: no colour, same as --no-color",
  "topic.env.forceColor": "colour even when piped (1, 2 or 3 for the depth); NO_COLOR wins",
  "topic.env.columns": "table width when the terminal's width cannot be read",
  "topic.env.pager":
    "the pager for long help on a terminal (then PAGER, then less -FRX); empty or cat: none; --no-pager turns it off",
  "topic.env.configHome": "profiles live in $XDG_CONFIG_HOME/tradectl/config.json (~/.config)",
  "topic.env.stateHome":
    "receipts: $XDG_STATE_HOME/tradectl/receipts.ndjson; sandbox state: sandbox.json and sandbox.receipts.ndjson there (~/.local/state)",
  "topic.env.cacheHome":
    "on Node 20, V8's compiled code for tradectl's own files, for a faster start: $XDG_CACHE_HOME/tradectl (~/.cache; Node 22 and later keep their own); NODE_DISABLE_COMPILE_CACHE=1: none is kept",
  "topic.env.text": `Environment

{table}

Precedence: flags > environment > profile > default, for the key pair, the base URL and the
exchanges path. A --profile typed on the command line is a flag: that profile's key pair and
settings then win over the environment's (--base-url still wins over the profile). The key
pair comes whole from one place: both variables, or a saved profile (\`tradectl auth login\`).
--debug and \`auth status\` say where each came from. A profile may also hold "baseUrl" and
"exchangesPath":
  {"profiles":{"work":{"apiKey":"…","apiSecret":"…",
   "baseUrl":"https://proxy.example/bt"}}}
The config file is written with mode 0600; a config file other users can read is refused
until \`chmod 600\` fixes it. The base URL is checked only when a request is sent.

Examples:
  $ TRADECTL_API_KEY=... TRADECTL_API_SECRET=... tradectl declarations list
  $ TRADECTL_PROFILE=work tradectl auth status
  $ NO_COLOR=1 TRADECTL_NO_INPUT=1 tradectl declarations list --status pending
`,
  "topic.formats.table":
    "aligned columns for people, colour where allowed, local times; the default on a terminal",
  "topic.formats.tsv":
    "one record per line, tab-separated, no header, no colour, ISO-8601 UTC times;\nthe default when stdout is not a terminal (a pipe, a file)",
  "topic.formats.csv": "RFC 4180 with a header row (the API's field names)",
  "topic.formats.json":
    "declarations list: an array of records with the API's field names;\norder get: the order object (an array when several ids are given), with --fills a fills object;\norder trades: an array of every trade of the orders given;\ndeclarations confirm: the id with the service's answer",
  "topic.formats.ndjson": "one JSON object per line; with --all they stream as the pages arrive",
  "topic.formats.text": `Output formats: -o, --output FORMAT (--json is -o json)

{table}

Numbers keep exactly the digits the server sent, in every format: an id of
9223372036854775807 or an amount of 0.8000000000000000 comes out unchanged.
Control characters and terminal escape sequences in server text are neutralised in table,
tsv and csv (JSON escapes them). Data goes to stdout; prompts, progress, warnings, notes and
errors go to stderr, so a pipe gets only data.

Choosing fields: --fields F1,F2,... (declarations list, order get, order trades, exchanges list)
takes the API's field names, comma-separated, and prints only those, in that order, in every
format: the columns of table, tsv and csv, the keys of json and ndjson. An unknown name is a
usage error (exit 2) that lists the valid names, and nothing is sent. Shell completion offers
the names. With order get --fills the fills.* names are valid too.

Tables on a narrow terminal: a table never runs past the terminal's width (COLUMNS when it
cannot be read). What is read least gives way first, and only as much as needed: addresses
are shortened in the middle (both ends identify them: bc1qar…wf5mdq), then memos and
invoices; then columns are left out in a stated order (declarations: CONFIRMED, SENDER,
MEMO/LN, the time of day, CREATED; orders: an all-zero STOP, the time of day, METHOD, LEFT,
CREATED, SIDE, STOP); people's names and the lightning marker are never cut in the middle,
only at their end. Ids and amounts are never cut. When even that does not fit, each record is
printed as a block of label/value lines. On a wide terminal nothing is cut. With --all the
table prints page by page, its widths fixed by the first page.

csv and spreadsheets: a text cell that begins with = + - @, a tab or a carriage return gets a
leading ' so a spreadsheet shows it instead of running it as a formula. Numeric columns (ids,
amounts, prices) are never changed: a negative amount -0.5 stays the number -0.5. Which cells
are text is decided by the column, not by what the cell holds.

tsv escaping: one record per line, one tab between fields, so a field never holds a raw tab
or line break. A backslash is written \\\\; a control character (tab and newline included) as
\\xHH; U+2028, U+2029 and bidi marks as {uEscape}. Every backslash in tsv output starts one
of these escapes, so the text reads back exactly.

Examples:
  $ tradectl declarations list --all -o ndjson | jq -r .symbol
  $ tradectl declarations list --status confirmed -o csv > confirmed.csv
  $ tradectl declarations list --fields cryptoDepositDeclarationId,amount,symbol -o tsv
  $ tradectl order get 21545488 --json | jq -r .price
`,
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
  "topic.env.default": " (varsayılan: {value})",
  "topic.env.apiKey":
    "açık API anahtarı; TRADECTL_API_SECRET ile birlikte profil yerine kullanılır",
  "topic.env.apiSecret": "gizli API anahtarı (base64); bunun için bir seçenek yoktur",
  "topic.env.baseUrl": "--base-url ile aynı{default}",
  "topic.env.profile": "--profile ile aynı{default}",
  "topic.env.exchangesPath": "kripto borsaları listesinin yolu (varsayılan /api/v1/exchanges)",
  "topic.env.noInput": "--no-input ile aynı: hiç soru sorma (1, true, yes ya da on)",
  "topic.env.debug":
    "--debug ile aynı: HTTP alışverişlerini stderr'e yaz, gizli bilgiler maskelenir",
  "topic.env.lang": "--lang ile aynı: en ya da tr (yoksa LC_ALL, LC_MESSAGES, LANG: tr* Türkçedir)",
  "topic.env.noColor": "boş değilse: renk yok, --no-color ile aynı",
  "topic.env.forceColor":
    "yönlendirilse bile renk (derinlik için 1, 2 ya da 3); NO_COLOR önce gelir",
  "topic.env.columns": "terminalin genişliği okunamadığında tablo genişliği",
  "topic.env.pager":
    "terminalde uzun yardım için sayfalayıcı (sonra PAGER, sonra less -FRX); boş ya da cat: yok; --no-pager kapatır",
  "topic.env.configHome":
    "profiller $XDG_CONFIG_HOME/tradectl/config.json dosyasındadır (~/.config)",
  "topic.env.stateHome":
    "kayıtlar: $XDG_STATE_HOME/tradectl/receipts.ndjson; deneme sunucusu durumu: oradaki sandbox.json ve sandbox.receipts.ndjson (~/.local/state)",
  "topic.env.cacheHome":
    "Node 20'de daha hızlı açılış için tradectl'in kendi dosyalarının V8 derlenmiş kodu: $XDG_CACHE_HOME/tradectl (~/.cache; Node 22 ve sonrası kendininkini tutar); NODE_DISABLE_COMPILE_CACHE=1: hiçbiri tutulmaz",
  "topic.env.text": `Ortam değişkenleri

{table}

Öncelik: seçenekler > ortam > profil > varsayılan; anahtar çifti, temel adres ve borsa listesi
yolu için. Komut satırında yazılan bir --profile bir seçenektir: o profilin anahtar çifti ve
ayarları ortamınkilerden önce gelir (--base-url yine profilden önce gelir). Anahtar çifti bütün
olarak tek bir yerden gelir: iki değişken ya da kayıtlı bir profil (\`tradectl auth login\`).
Her birinin nereden geldiğini --debug ve \`auth status\` söyler. Bir profil "baseUrl" ve
"exchangesPath" de tutabilir:
  {"profiles":{"work":{"apiKey":"…","apiSecret":"…",
   "baseUrl":"https://proxy.example/bt"}}}
Yapılandırma dosyası 0600 kipiyle yazılır; başka kullanıcıların okuyabildiği bir yapılandırma
dosyası \`chmod 600\` düzeltene dek reddedilir. Temel adres yalnızca bir istek gönderilirken
denetlenir.

Örnekler:
  $ TRADECTL_API_KEY=... TRADECTL_API_SECRET=... tradectl declarations list
  $ TRADECTL_PROFILE=work tradectl auth status
  $ NO_COLOR=1 TRADECTL_NO_INPUT=1 tradectl declarations list --status pending
`,
  "topic.formats.table":
    "insanlar için hizalı sütunlar, izin verilen yerde renk, yerel saatler; terminalde varsayılan",
  "topic.formats.tsv":
    "satır başına bir kayıt, sekmeyle ayrılmış, başlıksız, renksiz, ISO-8601 UTC saatler;\nstdout bir terminal değilken varsayılan (bir boru, bir dosya)",
  "topic.formats.csv": "başlık satırlı RFC 4180 (API'nin alan adları)",
  "topic.formats.json":
    "declarations list: API'nin alan adlarıyla kayıtlardan bir dizi;\norder get: emir nesnesi (birkaç numara verilince bir dizi), --fills ile bir fills nesnesi;\norder trades: verilen emirlerin tüm işlemlerinden bir dizi;\ndeclarations confirm: numara ve hizmetin yanıtı",
  "topic.formats.ndjson": "satır başına bir JSON nesnesi; --all ile sayfalar geldikçe akar",
  "topic.formats.text": `Çıktı biçimleri: -o, --output FORMAT (--json, -o json demektir)

{table}

Sayılar her biçimde sunucunun gönderdiği rakamları aynen korur: 9223372036854775807 gibi bir
numara ya da 0.8000000000000000 gibi bir miktar değişmeden çıkar. Sunucu metnindeki denetim
karakterleri ve terminal kaçış dizileri table, tsv ve csv'de etkisiz hale getirilir (JSON
onları kaçışlar). Veri stdout'a gider; sorular, ilerleme, uyarılar, notlar ve hatalar stderr'e,
böylece bir boruya yalnızca veri akar. Dil (--lang) yalnızca insanlar için yazılanları değiştirir.

Alan seçmek: --fields F1,F2,... (declarations list, order get, order trades, exchanges list)
API'nin alan adlarını virgülle ayrılmış olarak alır ve her biçimde yalnızca onları, o sırayla
yazar: table, tsv ve csv'nin sütunları, json ve ndjson'un anahtarları. Bilinmeyen bir ad,
geçerli adları listeleyen bir kullanım hatasıdır (çıkış 2) ve hiçbir şey gönderilmez. Kabuk
tamamlaması adları önerir. order get --fills ile fills.* adları da geçerlidir.

Dar bir terminalde tablolar: bir tablo asla terminalin genişliğini aşmaz (okunamazsa COLUMNS).
En az okunan önce yer açar, yalnızca gerektiği kadar: adresler ortadan kısaltılır (iki ucu
onları tanıtır: bc1qar…wf5mdq), sonra memolar ve faturalar; sonra sütunlar belirli bir sırayla
çıkarılır (beyanlar: CONFIRMED, SENDER, MEMO/LN, günün saati, CREATED; emirler: tamamı sıfır
bir STOP, günün saati, METHOD, LEFT, CREATED, SIDE, STOP); kişi adları ve lightning işareti
asla ortadan kesilmez, yalnızca sondan. Numaralar ve miktarlar asla kesilmez. Bu da sığmazsa
her kayıt etiket/değer satırlarından oluşan bir blok olarak yazılır. Geniş bir terminalde hiçbir
şey kesilmez. --all ile tablo sayfa sayfa yazılır, genişlikleri ilk sayfaya göre belirlenir.
Türkçede sütun başlıkları Türkçedir ve tarihler gün önce yazılır (13.06.2025 10:59).

csv ve hesap tabloları: = + - @, sekme ya da satır başı ile başlayan bir metin hücresinin başına
' eklenir; böylece hesap tablosu onu formül olarak çalıştırmaz, gösterir. Sayısal sütunlar
(numaralar, miktarlar, fiyatlar) asla değiştirilmez: -0.5 gibi negatif bir miktar -0.5 sayısı
olarak kalır. Hangi hücrelerin metin olduğuna hücrenin içeriği değil, sütun karar verir.

tsv kaçışları: satır başına bir kayıt, alanlar arasında bir sekme; bu yüzden bir alan asla ham
bir sekme ya da satır sonu içermez. Ters eğik çizgi \\\\ olarak yazılır; bir denetim karakteri
(sekme ve satır sonu dahil) \\xHH olarak; U+2028, U+2029 ve yön işaretleri {uEscape} olarak.
tsv çıktısındaki her ters eğik çizgi bu kaçışlardan birini başlatır, böylece metin aynen geri
okunur.

Örnekler:
  $ tradectl declarations list --all -o ndjson | jq -r .symbol
  $ tradectl declarations list --status confirmed -o csv > confirmed.csv
  $ tradectl declarations list --fields cryptoDepositDeclarationId,amount,symbol -o tsv
  $ tradectl order get 21545488 --json | jq -r .price
`,
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
