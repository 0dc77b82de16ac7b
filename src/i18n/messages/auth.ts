import type { Message, Translation } from "../catalog-types.js";

/** `tradectl auth login|status|logout|doctor` (src/commands/auth/). */
export const en = {
  "auth.description": "Log in, check and remove API credentials",
  "auth.login.description": "Save an API key pair to a profile, after checking it with the server",
  "auth.login.key": "the public API key (asked for when not given)",
  "auth.login.withSecretStdin": "read the private key from standard input",
  "auth.login.examples": `
Examples:
  $ tradectl auth login
  $ printf '%s' "$SECRET" | tradectl auth login --key "$KEY" --with-secret-stdin
  $ tradectl --profile work auth login`,
  "auth.login.askKey": "Public API key:",
  "auth.login.askSecret": "Private key (not shown):",
  "auth.login.checking": "Checking the key pair with {origin} …",
  "auth.login.loggedIn": "Logged in as {key} (profile '{profile}')",
  "auth.login.refused": "the server refused this key pair: {message}",
  "auth.login.couldNotCheck": "could not check the key pair: {message}",
  "auth.login.nothingSavedTryAgain": "nothing was saved, try again",
  "auth.secretNotBase64":
    "the private key is not valid base64: copy it again exactly as the exchange showed it",
  "auth.secretTooLong": "standard input holds more than {limit} bytes: that is not a private key",
  "auth.secretTooLongHint": "pipe in the private key alone; nothing was saved",
  "auth.keyMissing": "the public key is missing",
  "auth.keyMissingHint":
    "pass it with --key PUBLIC_KEY (prompts need a terminal and no --no-input)",
  "auth.stdinIsTerminal": "--with-secret-stdin expects the private key on a pipe",
  "auth.stdinIsTerminalHint":
    "pipe it in (printf '%s' \"$SECRET\" | tradectl auth login --key KEY --with-secret-stdin), or leave the flag out to be asked without echo",
  "auth.secretMissing": "the private key is missing",
  "auth.secretMissingHint":
    "pipe it in with --with-secret-stdin (there is no flag that takes the secret itself)",
  "auth.secretEmpty": "the private key is empty",
  "auth.secretEmptyHint": "pipe the private key in with --with-secret-stdin",
  "auth.keyEmpty": "the public key is empty",
  "auth.keyBadCharacters":
    "the public key contains spaces or characters that cannot be sent in a header",
  "auth.passKey": "pass the key with --key",
  "auth.underSandbox":
    "auth {verb} does not work with --sandbox: the sandbox always uses its demo key pair, and saved profiles are left as they are",
  "auth.underSandboxLogin":
    "drop --sandbox to save a real key pair; `tradectl --sandbox auth status` shows the demo one",
  "auth.underSandboxLogout": "drop --sandbox to remove a saved key pair",
  "auth.note": "note:",
  "auth.envNoteLogin.one":
    "{names} is set in the environment: commands use it, not profile '{profile}', unless given --profile {profile}",
  "auth.envNoteLogin.both":
    "{names} are set in the environment: commands use them, not profile '{profile}', unless given --profile {profile}",
  "auth.envNoteLogout.one":
    "{names} is still set in the environment: commands without --profile keep using it",
  "auth.envNoteLogout.both":
    "{names} are still set in the environment: commands without --profile keep using them",
  "auth.and": "and",
  "auth.status.description":
    "Which credentials are in use, where they come from, and whether the server accepts them",
  "auth.status.examples": `
Exit status: 0 when the server accepts the credentials, 4 when it refuses them.

Examples:
  $ tradectl auth status
  $ tradectl --profile work auth status -o json
  $ TRADECTL_API_KEY=... TRADECTL_API_SECRET=... tradectl auth status`,
  "auth.status.profile": "Profile",
  "auth.status.credentials": "Credentials",
  "auth.status.key": "Key",
  "auth.status.server": "Server",
  "auth.status.serverFrom": "{url} (from {origin})",
  "auth.status.accepted": "Accepted",
  "auth.status.clock": "Clock",
  "auth.status.yes": "yes",
  "auth.status.no": "no ({reason})",
  "auth.status.couldNotCheck": "could not check ({reason})",
  "auth.status.clockUnknown": "unknown (the server time could not be read)",
  "auth.status.inStep": "in step with the server",
  "auth.status.ahead": "the server is {ms} ms ahead of this machine",
  "auth.status.behind": "the server is {ms} ms behind this machine",
  "auth.status.pastWindow":
    "{said}: more than the 5 s the server allows (tradectl corrects for it; fix the clock for other tools)",
  "auth.status.sandboxCredentials": "the embedded sandbox's demo credentials",
  "auth.status.sandbox": "the embedded sandbox",
  "auth.status.refused": "the server refused these credentials: {message}",
  "auth.logout.description": "Remove the profile's saved key pair from the config file",
  "auth.logout.examples": `
Examples:
  $ tradectl auth logout
  $ tradectl --profile work auth logout`,
  "auth.logout.removed": "Logged out: removed the credentials from profile '{profile}' ({path})",
  "auth.logout.removedKey":
    "Logged out: removed the credentials of {key} from profile '{profile}' ({path})",
  "auth.logout.nothing": "No credentials saved in profile '{profile}'; nothing to remove",
  "auth.doctor.description": "Explain why the service refuses the key: each check with its fix",
  "auth.doctor.after": `
Checks, in order: the credentials (found, from where; the private key is base64 of a
plausible length, checked before anything is sent), the base URL, the service's server time
(reachable, round trip), the clock offset, a signed read of each endpoint family tradectl
uses (declarations, orders, trades), and what the answers mean together: every family
refused → the key pair or its IP binding; one refused while another answers → that
permission is missing; "Invalid Nonce" → the clock. Nothing that changes state is sent.

-o json: [{"check": NAME, "status": "ok"|"warn"|"fail"|"skipped", "detail": TEXT,
"fix": TEXT|null}]

Exit status: 0 when nothing failed, 4 for a credentials or permission failure, 1 for a
network one, 2 for a base URL tradectl will not use.

Examples:
  $ tradectl auth doctor
  $ tradectl --profile work auth doctor -o json
  $ tradectl --sandbox auth doctor`,
  "auth.doctor.fix": "fix:",
} as const satisfies Record<string, Message>;

export const tr = {
  "auth.description": "API kimlik bilgilerini kaydet, denetle ve kaldır",
  "auth.login.description": "Bir API anahtar çiftini sunucuyla denedikten sonra bir profile kaydet",
  "auth.login.key": "açık API anahtarı (verilmezse sorulur)",
  "auth.login.withSecretStdin": "gizli anahtarı standart girdiden oku",
  "auth.login.examples": `
Örnekler:
  $ tradectl auth login
  $ printf '%s' "$SECRET" | tradectl auth login --key "$KEY" --with-secret-stdin
  $ tradectl --profile work auth login`,
  "auth.login.askKey": "Açık API anahtarı (Public Key):",
  "auth.login.askSecret": "Gizli anahtar (Private Key, gösterilmez):",
  "auth.login.checking": "Anahtar çifti {origin} ile deneniyor …",
  "auth.login.loggedIn": "{key} ile giriş yapıldı ('{profile}' profili)",
  "auth.login.refused": "sunucu bu anahtar çiftini reddetti: {message}",
  "auth.login.couldNotCheck": "anahtar çifti denenemedi: {message}",
  "auth.login.nothingSavedTryAgain": "hiçbir şey kaydedilmedi, yeniden deneyin",
  "auth.secretNotBase64":
    "gizli anahtar geçerli bir base64 değil: borsanın gösterdiği gibi, olduğu gibi yeniden kopyalayın",
  "auth.secretTooLong": "standart girdide {limit} bayttan fazlası var: bu bir gizli anahtar değil",
  "auth.secretTooLongHint": "yalnızca gizli anahtarı aktarın; hiçbir şey kaydedilmedi",
  "auth.keyMissing": "açık anahtar verilmedi",
  "auth.keyMissingHint":
    "--key PUBLIC_KEY ile verin (sorular bir terminal ister ve --no-input olmamalı)",
  "auth.stdinIsTerminal": "--with-secret-stdin gizli anahtarı bir borudan (pipe) bekler",
  "auth.stdinIsTerminalHint":
    "borudan aktarın (printf '%s' \"$SECRET\" | tradectl auth login --key KEY --with-secret-stdin) ya da bu seçeneği vermeyin, ekrana yazılmadan sorulsun",
  "auth.secretMissing": "gizli anahtar verilmedi",
  "auth.secretMissingHint":
    "--with-secret-stdin ile borudan aktarın (gizli anahtarı alan bir seçenek yoktur)",
  "auth.secretEmpty": "gizli anahtar boş",
  "auth.secretEmptyHint": "gizli anahtarı --with-secret-stdin ile borudan aktarın",
  "auth.keyEmpty": "açık anahtar boş",
  "auth.keyBadCharacters":
    "açık anahtarda boşluk ya da bir HTTP başlığında gönderilemeyen karakterler var",
  "auth.passKey": "anahtarı --key ile verin",
  "auth.underSandbox":
    "auth {verb} --sandbox ile çalışmaz: deneme sunucusu her zaman kendi deneme anahtar çiftini kullanır, kayıtlı profillere dokunulmaz",
  "auth.underSandboxLogin":
    "gerçek bir anahtar çiftini kaydetmek için --sandbox'ı kaldırın; deneme anahtarını `tradectl --sandbox auth status` gösterir",
  "auth.underSandboxLogout": "kayıtlı bir anahtar çiftini silmek için --sandbox'ı kaldırın",
  "auth.note": "not:",
  "auth.envNoteLogin.one":
    "ortamda {names} tanımlı: komutlar '{profile}' profilini değil onu kullanır; --profile {profile} verilirse profil kullanılır",
  "auth.envNoteLogin.both":
    "ortamda {names} tanımlı: komutlar '{profile}' profilini değil onları kullanır; --profile {profile} verilirse profil kullanılır",
  "auth.envNoteLogout.one":
    "ortamda {names} hâlâ tanımlı: --profile verilmeyen komutlar onu kullanmaya devam eder",
  "auth.envNoteLogout.both":
    "ortamda {names} hâlâ tanımlı: --profile verilmeyen komutlar onları kullanmaya devam eder",
  "auth.and": "ve",
  "auth.status.description":
    "Hangi kimlik bilgileri kullanılıyor, nereden geliyor ve sunucu onları kabul ediyor mu",
  "auth.status.examples": `
Çıkış kodu: sunucu kimlik bilgilerini kabul ederse 0, reddederse 4.

Örnekler:
  $ tradectl auth status
  $ tradectl --profile work auth status -o json
  $ TRADECTL_API_KEY=... TRADECTL_API_SECRET=... tradectl auth status`,
  "auth.status.profile": "Profil",
  "auth.status.credentials": "Kimlik bilgileri",
  "auth.status.key": "Anahtar",
  "auth.status.server": "Sunucu",
  "auth.status.serverFrom": "{url} (kaynak: {origin})",
  "auth.status.accepted": "Kabul edildi",
  "auth.status.clock": "Saat",
  "auth.status.yes": "evet",
  "auth.status.no": "hayır ({reason})",
  "auth.status.couldNotCheck": "denenemedi ({reason})",
  "auth.status.clockUnknown": "bilinmiyor (sunucu saati okunamadı)",
  "auth.status.inStep": "sunucuyla aynı",
  "auth.status.ahead": "sunucu bu makineden {ms} ms ileride",
  "auth.status.behind": "sunucu bu makineden {ms} ms geride",
  "auth.status.pastWindow":
    "{said}: sunucunun izin verdiği 5 saniyeden fazla (tradectl bunu düzeltir; başka araçlar için saati düzeltin)",
  "auth.status.sandboxCredentials": "yerleşik deneme sunucusunun deneme kimlik bilgileri",
  "auth.status.sandbox": "yerleşik deneme sunucusu",
  "auth.status.refused": "sunucu bu kimlik bilgilerini reddetti: {message}",
  "auth.logout.description": "Profilin kayıtlı anahtar çiftini yapılandırma dosyasından sil",
  "auth.logout.examples": `
Örnekler:
  $ tradectl auth logout
  $ tradectl --profile work auth logout`,
  "auth.logout.removed": "Çıkış yapıldı: '{profile}' profilinin kimlik bilgileri silindi ({path})",
  "auth.logout.removedKey":
    "Çıkış yapıldı: {key} anahtarının kimlik bilgileri '{profile}' profilinden silindi ({path})",
  "auth.logout.nothing": "'{profile}' profilinde kayıtlı kimlik bilgisi yok; silinecek bir şey yok",
  "auth.doctor.description": "Hizmetin anahtarı neden reddettiğini açıkla: her denetim ve çözümü",
  "auth.doctor.after": `
Sırasıyla denetlenenler: kimlik bilgileri (bulundu mu, nereden; gizli anahtar makul uzunlukta
bir base64 mü, hiçbir şey gönderilmeden denetlenir), temel adres, hizmetin sunucu saati
(erişilebilir mi, gidiş dönüş süresi), saat farkı, tradectl'in kullandığı her uç nokta ailesinin
(declarations, orders, trades) imzalı bir okuması ve yanıtların birlikte anlamı: her aile
reddedildiyse → anahtar çifti ya da IP bağlaması; biri reddedilip öteki yanıt verdiyse → o izin
eksik; "Invalid Nonce" → saat. Durumu değiştiren hiçbir şey gönderilmez.

-o json: [{"check": NAME, "status": "ok"|"warn"|"fail"|"skipped", "detail": TEXT,
"fix": TEXT|null}]

Çıkış kodu: hiçbir şey başarısız olmadıysa 0, kimlik bilgisi ya da izin sorununda 4, ağ
sorununda 1, tradectl'in kullanmayacağı bir temel adreste 2.

Örnekler:
  $ tradectl auth doctor
  $ tradectl --profile work auth doctor -o json
  $ tradectl --sandbox auth doctor`,
  "auth.doctor.fix": "çözüm:",
} as const satisfies Translation<typeof en>;
