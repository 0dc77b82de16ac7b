import type { Message, Translation } from "../catalog-types.js";

/** `tradectl help environment` and `tradectl help formats` (src/commands/help-topics.ts). */
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
} as const satisfies Translation<typeof en>;
