import type { Message, Translation } from "../catalog-types.js";

/**
 * `tradectl auth doctor`'s findings, fixes and verdicts (src/commands/auth/doctor*.ts,
 * domain/doctor.ts, api/response-errors.ts). The machine formats keep the English; the table
 * for people says them in the run's language.
 */
export const en = {
  /** Two names, or a list and its last name (domain/doctor.ts `eachOf`, `listOf`). */
  "doctor.both": "{first} and {last}",
  "doctor.fromEnv": "the environment ({origin})",
  "doctor.fromProfileFlag": "the --profile flag: {origin}",
  "doctor.theSandbox": "the sandbox",
  "doctor.sandboxKey": "{key}, the embedded sandbox's demo key pair",
  "doctor.noKeyPair": "no key pair was found",
  "doctor.badKey": "{problem} (from {source})",
  "doctor.badKeyFix":
    "copy the public key again exactly as the exchange showed it, then run `tradectl auth login`",
  "doctor.keyFrom": "{key}, from {source}",
  "doctor.baseUrlSandbox": "the embedded sandbox, plain http on loopback",
  "doctor.baseUrl": "{url} (from {origin}): {how}",
  "doctor.https": "https",
  "doctor.plainHttp": "plain http, to loopback only",
  "doctor.baseUrlFix": "use an https:// URL, e.g. https://api.btcturk.com",
  "doctor.nothingSent": "nothing was sent: {checks} failed",
  "doctor.fixFirst": "the key was not tried: fix {checks} first",
  "doctor.copySecret":
    "copy the private key again exactly as the exchange showed it, then run `tradectl auth login`",
  "doctor.secretNotBase64":
    "the private key from {origin} is not base64 ({length} characters); nothing was sent",
  "doctor.secretOddSize":
    "base64 of {bytes} bytes, where the exchange's keys have {min} to {max}: was it cut or joined when copied?",
  "doctor.secretOk": "base64 of {bytes} bytes",
  "doctor.read.empty": "the list answered, empty",
  "doctor.read.one": "one record read (pageSize 1)",
  "doctor.read.order": "order {id} answered",
  "doctor.read.trades": "trades of order {id}: {found}, as expected",
  "doctor.read.none": "none",
  "doctor.read.passed": 'order {id}: "{message}", as expected',
  "doctor.read.mayRead": "{what}: the key may read {family}",
  "doctor.reachable": "server time read from {origin} (round trip {duration})",
  "doctor.unreachable": "no server time from {origin}: {message}",
  "doctor.unreachableFix":
    "check the network and --base-url (TRADECTL_BASE_URL); --debug shows each exchange",
  "doctor.noServerTime": "the server's time could not be read",
  "doctor.notReached": "the service could not be reached",
  "doctor.notTried": "the key was not tried: {why} ({message})",
  "doctor.networkFix": "check the network, a proxy (HTTPS_PROXY) and --base-url",
  "doctor.clock.ahead": "the server is {duration} ahead of this machine",
  "doctor.clock.behind": "the server is {duration} behind this machine",
  "doctor.clock.inStep": "{said}: in step",
  "doctor.clock.past":
    '{said}, past the {window} s the service allows: tradectl corrects it, other tools on this machine will be refused ("Invalid Nonce")',
  "doctor.clock.within":
    "{said}, tradectl corrects it; other tools on this machine are refused past {window} s",
  "doctor.syncClock": "sync this machine's clock (enable NTP, e.g. `timedatectl set-ntp true`)",
  "doctor.keyPairFix":
    "the exchange's API Access page (your account's API settings) tells them apart: no active key with this public key there means the key pair is wrong (create one, then run `tradectl auth login`); a key whose IP list lacks this machine's public IP address is bound elsewhere (add the address); a key without these permissions needs them given",
  "doctor.seeVerdict": "the same cause for every family: see the verdict",
  "doctor.clockInStep": " with the clock in step ({duration} off)",
  "doctor.clockCorrected": " with the clock corrected ({duration} off)",
  "doctor.allRefusedEmpty":
    "every family was refused{clock} with an empty 401, the service saying no more: a wrong key pair, a key bound to other IP addresses and a key allowed none of these reads all look the same from this machine",
  "doctor.allRefusedHtml":
    "every family was refused with a 401 page that is not the service's JSON (HTML): something between this machine and the service (a proxy, a gateway, a firewall) refused the call before the key was read",
  "doctor.allRefusedHtmlFix":
    "check --base-url (TRADECTL_BASE_URL) and any proxy on the way (HTTPS_PROXY); from another network, run `tradectl auth doctor` again",
  "doctor.allRefused":
    "every family was refused{clock}, and the refusal does not say why: a wrong key pair (an unknown or deleted key, a key from the old site, another key's private key), a key bound to other IP addresses and a key allowed none of these reads all look the same from this machine",
  "doctor.stampNoTime":
    "the time stamp was refused (\"Invalid Nonce\") and the server's time could not be read to correct it: this machine's clock is off",
  "doctor.stampOff":
    "the time stamp was refused (\"Invalid Nonce\") with this machine's clock {duration} off the server's, even corrected: the clock",
  "doctor.stampInStep":
    "the time stamp was refused (\"Invalid Nonce\") with this machine's clock in step ({duration} off the server's): not the clock; another program using this key with a clock ahead, or a proxy holding requests up, refuses stamps so",
  "doctor.stampInStepFix":
    "run `tradectl auth doctor` again; if it repeats, stop other programs that use this key, or check any proxy on the way (HTTPS_PROXY)",
  "doctor.refusedIp":
    'every family was refused{clock}, the service saying "{message}": the key does not allow this machine\'s IP address',
  "doctor.refusedIpFix":
    "on the exchange's API Access page (your account's API settings), add this machine's public IP address to the key's allowed addresses",
  "doctor.refusedRevoked":
    'every family was refused{clock}, the service saying "{message}": the key was revoked or disabled',
  "doctor.refusedRevokedFix":
    "on the exchange's API Access page (your account's API settings), create a key, then run `tradectl auth login`",
  "doctor.refusedSaying": 'every family was refused{clock}, the service saying "{message}"',
  "doctor.clock.unreadableFix":
    "tradectl stamps by this machine's own clock; `--debug` shows the server's answer",
  "doctor.permission": "{names} permission",
  "doctor.permissions": "{names} permissions",
  "doctor.lacksPermission":
    "{refused} refused while {answered} answered: the key lacks the {permission}",
  "doctor.givePermission":
    "on the exchange's API Access page (your account's API settings), give the key the {permission} (or create a key with it and run `tradectl auth login`)",
  "doctor.givePermissions":
    "on the exchange's API Access page (your account's API settings), give the key the {permission} (or create a key with them and run `tradectl auth login`)",
  "doctor.giveFamily":
    "give the key the {family} permission on the exchange's API Access page (your account's API settings)",
  "doctor.refusedAndFailed":
    "{refused} refused and {failed} not read: a wrong key pair and a missing permission cannot be told apart",
  "doctor.notRead":
    "{failed} could not be read ({message}): the key was not refused, the service or the network failed",
  "doctor.tryLater": "try again later; --debug shows each exchange",
  "doctor.rowRefused": "refused: {message}",
  "doctor.rowNotRead": "not read: {message}",
  "doctor.answered": "answered",
  "doctor.allRead": "the key reads every endpoint family tradectl uses",
  "doctor.allReadClockOff":
    "the key reads every endpoint family tradectl uses; this machine's clock is {duration} off the server's",
} as const satisfies Record<string, Message>;

export const tr = {
  "doctor.both": "{first} ve {last}",
  "doctor.fromEnv": "ortam değişkenleri ({origin})",
  "doctor.fromProfileFlag": "--profile seçeneği: {origin}",
  "doctor.theSandbox": "yerleşik deneme sunucusu",
  "doctor.sandboxKey": "{key}, yerleşik deneme sunucusunun deneme anahtar çifti",
  "doctor.noKeyPair": "anahtar çifti bulunamadı",
  "doctor.badKey": "{problem} (kaynak: {source})",
  "doctor.badKeyFix":
    "açık anahtarı borsanın gösterdiği gibi eksiksiz yeniden kopyalayın, sonra `tradectl auth login` çalıştırın",
  "doctor.keyFrom": "{key}, kaynak: {source}",
  "doctor.baseUrlSandbox": "yerleşik deneme sunucusu, yerel döngüde (loopback) düz http",
  "doctor.baseUrl": "{url} (kaynak: {origin}): {how}",
  "doctor.https": "https",
  "doctor.plainHttp": "düz http, yalnızca yerel döngüye (loopback)",
  "doctor.baseUrlFix": "https:// ile başlayan bir adres kullanın, örneğin https://api.btcturk.com",
  "doctor.nothingSent": "hiçbir şey gönderilmedi: {checks} başarısız",
  "doctor.fixFirst": "anahtar denenmedi: önce {checks} sorununu giderin",
  "doctor.copySecret":
    "gizli anahtarı borsanın gösterdiği gibi eksiksiz yeniden kopyalayın, sonra `tradectl auth login` çalıştırın",
  "doctor.secretNotBase64":
    "gizli anahtar ({origin}) base64 değil ({length} karakter); hiçbir şey gönderilmedi",
  "doctor.secretOddSize":
    "{bytes} baytlık base64, oysa borsanın anahtarları {min} ile {max} bayt arası: kopyalanırken kesildi ya da başka bir metinle birleşti mi?",
  "doctor.secretOk": "{bytes} baytlık base64",
  "doctor.read.empty": "liste boş yanıt verdi",
  "doctor.read.one": "bir kayıt okundu (pageSize 1)",
  "doctor.read.order": "{id} numaralı emir için yanıt geldi",
  "doctor.read.trades": "{id} numaralı emrin işlemleri: {found}, beklendiği gibi",
  "doctor.read.none": "yok",
  "doctor.read.passed": '{id} numaralı emir: "{message}", beklendiği gibi',
  "doctor.read.mayRead": "{what}: anahtarın {family} okuma izni var",
  "doctor.reachable": "sunucu saati {origin} adresinden okundu (gidiş dönüş {duration})",
  "doctor.unreachable": "{origin} adresinden sunucu saati alınamadı: {message}",
  "doctor.unreachableFix":
    "ağ bağlantısını ve --base-url'i (TRADECTL_BASE_URL) denetleyin; --debug her istek ve yanıtı gösterir",
  "doctor.noServerTime": "sunucunun saati okunamadı",
  "doctor.notReached": "borsaya ulaşılamadı",
  "doctor.notTried": "anahtar denenmedi: {why} ({message})",
  "doctor.networkFix":
    "ağ bağlantısını, varsa vekil sunucuyu (HTTPS_PROXY) ve --base-url'i denetleyin",
  "doctor.clock.ahead": "sunucu bu makineden {duration} ileride",
  "doctor.clock.behind": "sunucu bu makineden {duration} geride",
  "doctor.clock.inStep": "{said}: saatler uyumlu",
  "doctor.clock.past":
    '{said}; borsanın izin verdiği {window} sn aşıldı: tradectl farkı düzeltir, bu makinedeki başka araçlar reddedilir ("Invalid Nonce")',
  "doctor.clock.within":
    "{said}; tradectl farkı düzeltir, bu makinedeki başka araçlar {window} sn'yi aşınca reddedilir",
  "doctor.syncClock":
    "bu makinenin saatini eşitleyin (NTP'yi açın, örneğin `timedatectl set-ntp true`)",
  "doctor.keyPairFix":
    "borsanın API Erişimi sayfası (hesabınızın API ayarları) bunları ayırt eder: orada bu açık anahtarla etkin bir anahtar yoksa anahtar çifti yanlıştır (yeni bir anahtar oluşturup `tradectl auth login` çalıştırın); IP listesinde bu makinenin genel IP adresi olmayan bir anahtar başka adreslere bağlıdır (adresi ekleyin); bu izinleri olmayan bir anahtara izinler verilmelidir",
  "doctor.seeVerdict": "her ailede aynı neden: verdict satırına bakın",
  "doctor.clockInStep": " (saat uyumlu, fark {duration})",
  "doctor.clockCorrected": " (saat düzeltilmiş, fark {duration})",
  "doctor.allRefusedEmpty":
    "her aile reddedildi{clock}; boş bir 401 geldi, borsa başka bir şey söylemiyor: yanlış bir anahtar çifti, başka IP adreslerine bağlı bir anahtar ve bu okumaların hiçbirine izni olmayan bir anahtar bu makineden aynı görünür",
  "doctor.allRefusedHtml":
    "her aile, borsanın JSON'u olmayan bir 401 sayfasıyla (HTML) reddedildi: bu makine ile borsa arasındaki bir şey (vekil sunucu, ağ geçidi, güvenlik duvarı) çağrıyı anahtar okunmadan reddetti",
  "doctor.allRefusedHtmlFix":
    "--base-url'i (TRADECTL_BASE_URL) ve aradaki vekil sunucuyu (HTTPS_PROXY) denetleyin; başka bir ağdan `tradectl auth doctor` komutunu yeniden çalıştırın",
  "doctor.allRefused":
    "her aile reddedildi{clock} ve ret nedenini söylemiyor: yanlış bir anahtar çifti (bilinmeyen ya da silinmiş bir anahtar, eski siteden bir anahtar, başka bir anahtarın gizli anahtarı), başka IP adreslerine bağlı bir anahtar ve bu okumaların hiçbirine izni olmayan bir anahtar bu makineden aynı görünür",
  "doctor.stampNoTime":
    'zaman damgası reddedildi ("Invalid Nonce") ve düzeltmek için sunucu saati okunamadı: bu makinenin saati yanlış',
  "doctor.stampOff":
    'zaman damgası reddedildi ("Invalid Nonce"); bu makinenin saati sunucununkinden {duration} farklı, düzeltmeye rağmen: sorun saatte',
  "doctor.stampInStep":
    'zaman damgası reddedildi ("Invalid Nonce"), oysa bu makinenin saati uyumlu (sunucuyla fark {duration}): sorun saatte değil; bu anahtarı kullanan, saati ileride başka bir program ya da istekleri bekleten bir vekil sunucu damgaları böyle reddettirir',
  "doctor.stampInStepFix":
    "`tradectl auth doctor` komutunu yeniden çalıştırın; yinelenirse bu anahtarı kullanan başka programları durdurun ya da aradaki vekil sunucuyu (HTTPS_PROXY) denetleyin",
  "doctor.refusedIp":
    'her aile reddedildi{clock}; borsa "{message}" dedi: anahtar bu makinenin IP adresine izin vermiyor',
  "doctor.refusedIpFix":
    "borsanın API Erişimi sayfasında (hesabınızın API ayarları) bu makinenin genel IP adresini anahtarın izin verilen adreslerine ekleyin",
  "doctor.refusedRevoked":
    'her aile reddedildi{clock}; borsa "{message}" dedi: anahtar iptal edilmiş ya da devre dışı bırakılmış',
  "doctor.refusedRevokedFix":
    "borsanın API Erişimi sayfasında (hesabınızın API ayarları) yeni bir anahtar oluşturun, sonra `tradectl auth login` çalıştırın",
  "doctor.refusedSaying": 'her aile reddedildi{clock}; borsa "{message}" dedi',
  "doctor.clock.unreadableFix":
    "tradectl damgaları bu makinenin kendi saatiyle atar; `--debug` sunucunun yanıtını gösterir",
  "doctor.permission": "{names} izni",
  "doctor.permissions": "{names} izinleri",
  "doctor.lacksPermission":
    "{answered} yanıt verirken {refused} reddedildi: anahtarda {permission} yok",
  "doctor.givePermission":
    "borsanın API Erişimi sayfasında (hesabınızın API ayarları) anahtara {permission} verin (ya da bu izinle yeni bir anahtar oluşturup `tradectl auth login` çalıştırın)",
  "doctor.givePermissions":
    "borsanın API Erişimi sayfasında (hesabınızın API ayarları) anahtara {permission} verin (ya da bu izinlerle yeni bir anahtar oluşturup `tradectl auth login` çalıştırın)",
  "doctor.giveFamily":
    "borsanın API Erişimi sayfasında (hesabınızın API ayarları) anahtara {family} izni verin",
  "doctor.refusedAndFailed":
    "{refused} reddedildi, {failed} okunamadı: yanlış anahtar çifti ile eksik izin birbirinden ayırt edilemiyor",
  "doctor.notRead":
    "{failed} okunamadı ({message}): anahtar reddedilmedi, borsa ya da ağ bağlantısı sorun çıkardı",
  "doctor.tryLater": "daha sonra yeniden deneyin; --debug her istek ve yanıtı gösterir",
  "doctor.rowRefused": "reddedildi: {message}",
  "doctor.rowNotRead": "okunamadı: {message}",
  "doctor.answered": "yanıt verdi",
  "doctor.allRead": "anahtar, tradectl'in kullandığı her uç nokta ailesini okuyabiliyor",
  "doctor.allReadClockOff":
    "anahtar, tradectl'in kullandığı her uç nokta ailesini okuyabiliyor; bu makinenin saati sunucununkinden {duration} farklı",
} as const satisfies Translation<typeof en>;
