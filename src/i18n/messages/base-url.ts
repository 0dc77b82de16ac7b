import type { Message, Translation } from "../catalog-types.js";

/** A base URL refused (config/settings: --base-url, TRADECTL_BASE_URL, a profile's). */
export const en = {
  // base-url.ts and credentials.ts: where requests go
  "baseUrl.invalid": "{origin} '{url}' is not a valid URL",
  "baseUrl.invalidOf": "the base URL '{url}' of {origin} is not a valid URL",
  "baseUrl.notHttp": "{origin} '{url}' must be http(s), got '{protocol}'",
  "baseUrl.notHttpOf": "the base URL '{url}' of {origin} must be http(s), got '{protocol}'",
  "baseUrl.plainHttp":
    "refusing plain http:// for {host}: credentials and signatures would cross the network unencrypted",
  "baseUrl.plainHttpHint":
    "use https://, or http:// only for a loopback host (localhost, 127.0.0.0/8, [::1])",
} as const satisfies Record<string, Message>;

export const tr = {
  "baseUrl.invalid": "{origin} '{url}' geçerli bir URL değil",
  "baseUrl.invalidOf": "'{url}' temel adresi ({origin}) geçerli bir URL değil",
  "baseUrl.notHttp": "{origin} '{url}' http(s) olmalı, verilen: '{protocol}'",
  "baseUrl.notHttpOf": "'{url}' temel adresi ({origin}) http(s) olmalı, verilen: '{protocol}'",
  "baseUrl.plainHttp":
    "{host} için düz http:// kullanılmıyor: kimlik bilgileri ve imzalar ağda şifrelenmeden dolaşırdı",
  "baseUrl.plainHttpHint":
    "https:// kullanın; http:// yalnızca bu makinenin kendi adresi için olur (localhost, 127.0.0.0/8, [::1])",
} as const satisfies Translation<typeof en>;
