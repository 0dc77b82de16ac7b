import type { Message, Translation } from "../catalog-types.js";

/**
 * The sandbox's state file and address (src/sandbox/store.ts): foreign, unreadable, or not on
 * loopback.
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
} as const satisfies Translation<typeof en>;
