import type { Message, Translation } from "../catalog-types.js";

/**
 * The sandbox's words for the CLI user (src/sandbox/): its state file, `--faults` and
 * `--arrivals` read when `sandbox serve` starts. Its HTTP answers are the service's messages and
 * stay English, exactly as the seed writes them: none of them is here.
 */
export const en = {
  "sandboxState.foreign":
    "{path} is not a tradectl sandbox state file; refusing to use or overwrite it",
  "sandboxState.foreignHint":
    "give --state a new file (it is created) or an existing sandbox state file",
  "sandboxState.notJson": "the sandbox state file {path} is damaged (not valid JSON)",
  "sandboxState.notState": "the sandbox state file {path} is damaged (not in the state format)",
  "sandboxState.version": "the sandbox state file {path} has unknown version {version}",
  "sandboxState.arrivals": "the sandbox state file {path} has a damaged arrivals list",
  "sandboxState.arrivalsFull":
    "the sandbox holds at most {max} arrived deposits; run `tradectl sandbox reset`",
  "sandboxState.resetHint":
    "run `tradectl sandbox reset --state '{path}'` to restore the seed data",
  "sandboxState.extra": "extraDeclarations must be a whole number from 0 to {max}, got {value}",
  "sandboxState.loopbackOnly": "the sandbox listens on loopback only, not '{host}'",
  "sandboxState.loopbackHint":
    "use --host 127.0.0.1 (or localhost, ::1); the demo credentials are public",
  // the banner of `sandbox serve` (src/commands/sandbox/serve.ts): what it runs with
  "sandboxServe.key": "key",
  "sandboxServe.secret": "secret",
  "sandboxServe.state": "state",
  "sandboxServe.faults": "faults",
  "sandboxServe.arrivals": "arrivals",
  // --faults and --arrivals ({flag} is the flag itself)
  "sandboxSpec.notNameValue": "{flag}: '{part}' is not name=value",
  "sandboxSpec.whole": "{flag}: {name} must be a whole number from {min} to {max}, got '{value}'",
  "sandboxSpec.share": "{flag}: {name} must be a share from 0 to 1, got '{value}'",
  "sandboxSpec.oneOf": "{flag}: {name} must be one of {choices}, got '{value}'",
  "sandboxSpec.range": "{flag}: {name} range must be MIN-MAX",
  "sandboxSpec.quota":
    "{flag}: quota must be CLASS:N/PERIOD with CLASS one of {classes}, got '{value}'",
  "sandboxSpec.quotaPeriod": "{flag}: quota period must be like 1s, 1m or 1h, got '{value}'",
  "sandboxSpec.unknownFault": "{flag}: unknown fault '{name}'; known: {known}",
  "sandboxSpec.unknownSetting": "{flag}: unknown setting '{name}'; known: {known}",
  "sandboxSpec.everyBounds": "{flag}: every must be a time from {min}ms to 24h, got '{value}'",
  "sandboxSpec.everyForm": "{flag}: every must be a time like 5s, 500ms, 2m or 2-8s, got '{value}'",
  "sandboxSpec.everyRequired": "{flag}: every=T is required (how often a deposit arrives)",
  /** The deposits endpoint's own words (the service's, in English) after the flag. */
  "sandboxSpec.shape": "{flag}: {problem}",
  "sandboxSpec.faultsHint": "e.g. --faults {example} or 'key=other-ip' or 'deny=orders'",
  "sandboxSpec.arrivalsHint": "e.g. --arrivals 'every=5s' or --arrivals {example}",
} as const satisfies Record<string, Message>;

export const tr = {
  "sandboxState.foreign":
    "{path} bir tradectl deneme sunucusu durum dosyası değil; kullanılmıyor ve üzerine yazılmıyor",
  "sandboxState.foreignHint":
    "--state'e yeni bir dosya (oluşturulur) ya da var olan bir deneme sunucusu durum dosyası verin",
  "sandboxState.notJson": "{path} deneme sunucusu durum dosyası bozuk (geçerli bir JSON değil)",
  "sandboxState.notState": "{path} deneme sunucusu durum dosyası bozuk (durum biçiminde değil)",
  "sandboxState.version": "{path} deneme sunucusu durum dosyasının sürümü bilinmiyor: {version}",
  "sandboxState.arrivalsFull":
    "sandbox en fazla {max} gelen yatırma tutar; `tradectl sandbox reset` çalıştırın",
  "sandboxState.arrivals":
    "{path} deneme sunucusu durum dosyasındaki gelen yatırmalar listesi bozuk",
  "sandboxState.resetHint":
    "başlangıç verilerini geri yüklemek için `tradectl sandbox reset --state '{path}'` çalıştırın",
  "sandboxState.extra":
    "extraDeclarations 0 ile {max} arasında bir tam sayı olmalı; verilen: {value}",
  "sandboxState.loopbackOnly":
    "deneme sunucusu yalnızca bu makinenin kendi adreslerinde (loopback) dinler, '{host}' üzerinde değil",
  "sandboxState.loopbackHint":
    "--host 127.0.0.1 (ya da localhost, ::1) kullanın; deneme sunucusunun kimlik bilgileri herkese açık",
  "sandboxServe.key": "anahtar",
  "sandboxServe.secret": "gizli anahtar",
  "sandboxServe.state": "durum dosyası",
  "sandboxServe.faults": "üretilen hatalar",
  "sandboxServe.arrivals": "gelen yatırmalar",
  "sandboxSpec.notNameValue": "{flag}: '{part}' ad=değer biçiminde değil",
  "sandboxSpec.whole":
    "{flag}: {name}, {min} ile {max} arasında bir tam sayı olmalı; verilen: '{value}'",
  "sandboxSpec.share": "{flag}: {name}, 0 ile 1 arasında bir oran olmalı; verilen: '{value}'",
  "sandboxSpec.oneOf": "{flag}: {name} şunlardan biri olmalı: {choices}; verilen: '{value}'",
  "sandboxSpec.range": "{flag}: {name} aralığı MIN-MAX biçiminde olmalı (küçük değer önce)",
  "sandboxSpec.quota":
    "{flag}: quota, CLASS:N/PERIOD biçiminde olmalı (CLASS şunlardan biri: {classes}); verilen: '{value}'",
  "sandboxSpec.quotaPeriod": "{flag}: quota süresi 1s, 1m ya da 1h gibi olmalı; verilen: '{value}'",
  "sandboxSpec.unknownFault": "{flag}: bilinmeyen hata türü '{name}'; bilinenler: {known}",
  "sandboxSpec.unknownSetting": "{flag}: bilinmeyen ayar '{name}'; bilinenler: {known}",
  "sandboxSpec.everyBounds":
    "{flag}: every, {min}ms ile 24h arasında bir süre olmalı; verilen: '{value}'",
  "sandboxSpec.everyForm":
    "{flag}: every, 5s, 500ms, 2m ya da 2-8s gibi bir süre olmalı; verilen: '{value}'",
  "sandboxSpec.everyRequired": "{flag}: every=T gerekli (yatırmaların ne sıklıkla geleceği)",
  "sandboxSpec.shape": "{flag}: {problem}",
  "sandboxSpec.faultsHint": "örneğin --faults {example} ya da 'key=other-ip' ya da 'deny=orders'",
  "sandboxSpec.arrivalsHint": "örneğin --arrivals 'every=5s' ya da --arrivals {example}",
} as const satisfies Translation<typeof en>;
