import type { Message, Translation } from "../catalog-types.js";

/**
 * `--faults` and `--arrivals` as `sandbox serve` reads them (src/sandbox/): a setting it refuses.
 * Its HTTP answers are the service's English, never here.
 */
export const en = {
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
