import type { Message, Translation } from "../catalog-types.js";

/** `tradectl sandbox serve|reset` (src/commands/sandbox/). */
export const en = {
  "sandbox.description": "The embedded reference server (no account needed)",
  "sandbox.stateFlag": "state file (default: $XDG_STATE_HOME/tradectl/sandbox.json)",
  "sandbox.serve.description": "Run the sandbox as a server for scripts and other clients",
  "sandbox.serve.host": "address to listen on (loopback only; localhost: both 127.0.0.1 and ::1)",
  "sandbox.serve.port": "port (default: a free one)",
  "sandbox.serve.faults":
    "inject failures, e.g. 'latency=50,5xx=0.2,429=0.1:2,reset=0.05' (syntax below)",
  "sandbox.serve.arrivals":
    "simulate arriving deposits, e.g. 'every=5s' or 'every=2-8s,count=2,max=100' (below)",
  "sandbox.serve.arrivalsFrom":
    "deposits that follow a withdrawal export: each completed withdrawal arrives in turn (on --arrivals' schedule, else every 3s)",
  "sandbox.serve.arrivalsSource": "whose export --arrivals-from is: binance, okx, bybit or kraken",
  "sandbox.serve.arrivalsOff":
    "these withdrawals (numbered from 1) arrive with a slightly different amount: near misses",
  "sandbox.serve.arrivalsFromBad":
    "--arrivals-from FILE needs --arrivals-source binance|okx|bybit|kraken, and --arrivals-off whole numbers from 1 (2,3)",
  "sandbox.serve.faultsHelp": `
Demo credentials: key sandbox-public-key, secret c2FuZGJveC1wcml2YXRlLWtleQ==
The URL is printed on stdout as one line; everything else (and a line per request) on stderr.

--faults SPEC is a comma-separated list of name=value:
  latency=MS or MIN-MAX  delay every answer
  5xx=P                  share P (0..1) answered 500/502/503, half of them with an HTML page
  429=P[:S]              share P answered 429 with Retry-After S seconds (default 1)
  retry-after=S          Retry-After of injected 429s
  reset=P                share P whose connection is reset mid-response (after the request
                         was handled: a confirm is kept)
  truncate=P             share P whose body is cut in half (short Content-Length, or the
                         connection closed early)
  skew=MS                the sandbox clock runs MS ms ahead (negative: behind)
  seed=N                 repeatable random choices
  quota=CLASS:N/PERIOD   answer 429 (the service's body: details, limit, period) past N
                         requests per PERIOD (1s, 1m, 1h) of one rate-limit class:
                         declarations, confirm, exchanges, order, trades, serverTime;
                         may be repeated, e.g. quota=declarations:5/1s
  key=unknown            the demo key is unknown (deleted, or a key from the old site)
  key=wrong-secret       the demo key is known with another private key
  key=other-ip           the demo key is bound to another IP address (203.0.113.7)
  key=ipv4-only          the demo key is bound to 127.0.0.1: refused over IPv6 (::1);
                         key=ipv6-only the other way round (with --host localhost)
  deny=PERMISSION        the demo key lacks a permission: declarations, orders or trades;
                         may be repeated
  401=empty, 401=html    every private request refused 401 with an empty body, or with a
                         gateway's HTML page instead of the service's JSON
Refusals read "Unauthorized", as the service's do; the request log says which rule refused.
\`tradectl auth doctor\` names the cause of each (with the demo credentials and --base-url).
Example: tradectl sandbox serve --port 8080 --faults 'latency=20-80,5xx=0.1,skew=-7000,seed=42'

--arrivals SPEC makes deposits arrive (new Pending declarations, newest first), for trying
\`declarations watch\`; a comma-separated list of name=value:
  every=T or MIN-MAX     a deposit arrives every T: 500ms, 5s, 2m (a bare number is seconds),
                         or after a random time from MIN to MAX (every=2-8s)
  count=N                deposits per arrival (default 1)
  max=N                  stop after N deposits in all
  seed=N                 repeatable random times
  symbol=SYM address=ADDR amount=N memo=MEMO
                         what each deposit is: the deposit a rule expects (\`rules add\`);
                         fields not given are made up
Each arrival is logged on stderr: "<time> arrival <id> <amount> <symbol> Pending".
A deposit also arrives on request (loopback only, no credentials, never faulted):
  curl -X POST http://127.0.0.1:PORT/__sandbox/deposits [-d '{"count":3}']
  curl -X POST http://127.0.0.1:PORT/__sandbox/deposits \\
    -d '{"symbol":"XRP","address":"rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh",
         "amount":"250.5","memo":"1048576"}'
It answers 201 with the new declarations. \`tradectl sandbox reset\` removes arrived deposits.
`,
  "sandbox.serve.examples": `Examples:
  $ tradectl sandbox serve
  $ tradectl sandbox serve --port 8080 --state ./sandbox.json
  $ tradectl sandbox serve --faults 'latency=20-80,5xx=0.1,429=0.05:2,seed=42'
  $ tradectl sandbox serve --faults 'deny=orders'
  $ tradectl sandbox serve --arrivals 'every=2-8s' --faults '5xx=0.1,reset=0.05'`,
  "sandbox.serve.badPort": "--port must be a whole number from 0 to 65535, got '{port}'",
  "sandbox.serve.notLoopback": "refusing to serve the sandbox on '{host}'",
  "sandbox.serve.loopbackHint":
    "the sandbox's credentials are public: use a loopback --host (127.0.0.1, localhost, ::1)",
  "sandbox.serve.inUse": "port {port} on {host} is already in use",
  "sandbox.serve.inUseHint": "choose another --port, or leave it out to take a free one",
  "sandbox.serve.listening": "{name} listening on {url}",
  "sandbox.serve.useIt": "Use it from another terminal:",
  "sandbox.serve.arrivesNow": "# a deposit arrives now",
  "sandbox.serve.stopWith": "Ctrl-C stops it.",
  "sandbox.serve.stopped": "sandbox stopped",
  "sandbox.reset.description": "Restore the sandbox's seed data",
  "sandbox.reset.examples": `
Examples:
  $ tradectl sandbox reset
  $ tradectl sandbox reset --state ./sandbox.json`,
  "sandbox.reset.done": "sandbox state reset to the seed data: {path}",
} as const satisfies Record<string, Message>;

export const tr = {
  "sandbox.description": "Yerleşik deneme sunucusu (hesap gerekmez)",
  "sandbox.stateFlag": "durum dosyası (varsayılan: $XDG_STATE_HOME/tradectl/sandbox.json)",
  "sandbox.serve.description":
    "Deneme sunucusunu betikler ve başka istemciler için sunucu olarak çalıştır",
  "sandbox.serve.host": "dinlenecek adres (yalnızca loopback; localhost: hem 127.0.0.1 hem ::1)",
  "sandbox.serve.port": "bağlantı noktası (varsayılan: boş olan herhangi biri)",
  "sandbox.serve.faults":
    "hata üret, ör. 'latency=50,5xx=0.2,429=0.1:2,reset=0.05' (söz dizimi aşağıda)",
  "sandbox.serve.arrivals":
    "gelen yatırmaları taklit et, ör. 'every=5s' ya da 'every=2-8s,count=2,max=100' (aşağıda)",
  "sandbox.serve.arrivalsFrom":
    "bir çekim dökümünü izleyen yatırmalar: her tamamlanmış çekim sırayla gelir (--arrivals zamanlamasıyla, yoksa 3 saniyede bir)",
  "sandbox.serve.arrivalsSource":
    "--arrivals-from dökümünün kimin olduğu: binance, okx, bybit ya da kraken",
  "sandbox.serve.arrivalsOff":
    "bu çekimler (1'den numaralı) biraz farklı bir tutarla gelir: yakın eşleşmeler",
  "sandbox.serve.arrivalsFromBad":
    "--arrivals-from DOSYA için --arrivals-source binance|okx|bybit|kraken gerekir; --arrivals-off 1'den başlayan tam sayılar alır (2,3)",
  "sandbox.serve.faultsHelp": `
Deneme kimlik bilgileri: anahtar sandbox-public-key, gizli anahtar c2FuZGJveC1wcml2YXRlLWtleQ==
Adres stdout'a tek satır olarak yazılır; geri kalan her şey (ve her istek için bir satır) stderr'e.

--faults SPEC, virgülle ayrılmış ad=değer listesidir:
  latency=MS ya da MIN-MAX  her yanıtı geciktir
  5xx=P                  yanıtların P payı (0..1) 500/502/503 olur, yarısı HTML sayfasıyla
  429=P[:S]              P payı Retry-After S saniye ile 429 alır (varsayılan 1)
  retry-after=S          üretilen 429'ların Retry-After değeri
  reset=P                P payının bağlantısı yanıtın ortasında kesilir (istek işlendikten
                         sonra: bir onay kalıcıdır)
  truncate=P             P payının gövdesi yarıda kesilir (kısa Content-Length ya da
                         erken kapanan bağlantı)
  skew=MS                deneme sunucusunun saati MS ms ileride (negatifse geride)
  seed=N                 tekrarlanabilir rastgele seçimler
  quota=CLASS:N/PERIOD   bir istek sınıfında PERIOD (1s, 1m, 1h) başına N istekten sonra 429
                         (hizmetin gövdesiyle: details, limit, period); sınıflar:
                         declarations, confirm, exchanges, order, trades, serverTime;
                         tekrarlanabilir, ör. quota=declarations:5/1s
  key=unknown            deneme anahtarı bilinmiyor (silinmiş ya da eski siteden bir anahtar)
  key=wrong-secret       deneme anahtarı başka bir gizli anahtarla kayıtlı
  key=other-ip           deneme anahtarı başka bir IP adresine bağlı (203.0.113.7)
  key=ipv4-only          deneme anahtarı 127.0.0.1'e bağlı: IPv6 (::1) üzerinden reddedilir;
                         key=ipv6-only tersi (--host localhost ile)
  deny=PERMISSION        deneme anahtarında bir izin eksik: declarations, orders ya da trades;
                         tekrarlanabilir
  401=empty, 401=html    her özel istek boş gövdeyle ya da hizmetin JSON'u yerine bir ağ
                         geçidinin HTML sayfasıyla 401 alır
Retler hizmetinkiler gibi "Unauthorized" der; hangi kuralın reddettiğini istek günlüğü söyler.
Her birinin nedenini \`tradectl auth doctor\` bulur (deneme kimlik bilgileri ve --base-url ile).
Örnek: tradectl sandbox serve --port 8080 --faults 'latency=20-80,5xx=0.1,skew=-7000,seed=42'

--arrivals SPEC, \`declarations watch\`'u denemek için yatırmaların gelmesini sağlar (yeni
Pending beyanlar, en yenisi önce); virgülle ayrılmış ad=değer listesi:
  every=T ya da MIN-MAX  her T'de bir yatırma gelir: 500ms, 5s, 2m (yalın sayı saniyedir)
                         ya da MIN ile MAX arası rastgele bir süre sonra (every=2-8s)
  count=N                her gelişte yatırma sayısı (varsayılan 1)
  max=N                  toplam N yatırmadan sonra dur
  seed=N                 tekrarlanabilir rastgele süreler
  symbol=SYM address=ADDR amount=N memo=MEMO
                         her yatırmanın ne olduğu: bir kuralın beklediği yatırma (\`rules add\`);
                         verilmeyen alanlar uydurulur
Her geliş stderr'e yazılır: "<zaman> arrival <no> <miktar> <sembol> Pending".
İstek üzerine de bir yatırma gelir (yalnızca loopback, kimlik bilgisi yok, hata üretilmez):
  curl -X POST http://127.0.0.1:PORT/__sandbox/deposits [-d '{"count":3}']
  curl -X POST http://127.0.0.1:PORT/__sandbox/deposits \\
    -d '{"symbol":"XRP","address":"rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh",
         "amount":"250.5","memo":"1048576"}'
Yeni beyanlarla 201 yanıtı verir. Gelen yatırmaları \`tradectl sandbox reset\` siler.
`,
  "sandbox.serve.examples": `Örnekler:
  $ tradectl sandbox serve
  $ tradectl sandbox serve --port 8080 --state ./sandbox.json
  $ tradectl sandbox serve --faults 'latency=20-80,5xx=0.1,429=0.05:2,seed=42'
  $ tradectl sandbox serve --faults 'deny=orders'
  $ tradectl sandbox serve --arrivals 'every=2-8s' --faults '5xx=0.1,reset=0.05'`,
  "sandbox.serve.badPort": "--port 0 ile 65535 arasında bir tam sayı olmalı; verilen: '{port}'",
  "sandbox.serve.notLoopback": "deneme sunucusu '{host}' üzerinde açılmaz",
  "sandbox.serve.loopbackHint":
    "deneme sunucusunun kimlik bilgileri herkese açık: loopback bir --host kullanın (127.0.0.1, localhost, ::1)",
  "sandbox.serve.inUse": "{host} üzerindeki {port} numaralı bağlantı noktası zaten kullanımda",
  "sandbox.serve.inUseHint": "başka bir --port seçin ya da boş bir tane alınması için vermeyin",
  "sandbox.serve.listening": "{name} {url} adresinde dinliyor",
  "sandbox.serve.useIt": "Başka bir terminalden kullanın:",
  "sandbox.serve.arrivesNow": "# şimdi bir yatırma gelir",
  "sandbox.serve.stopWith": "Durdurmak için Ctrl-C.",
  "sandbox.serve.stopped": "deneme sunucusu durdu",
  "sandbox.reset.description": "Deneme sunucusunun başlangıç verisini geri yükle",
  "sandbox.reset.examples": `
Örnekler:
  $ tradectl sandbox reset
  $ tradectl sandbox reset --state ./sandbox.json`,
  "sandbox.reset.done": "deneme sunucusunun durumu başlangıç verisine döndü: {path}",
} as const satisfies Translation<typeof en>;
