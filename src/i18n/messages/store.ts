import type { Message, Translation } from "../catalog-types.js";

/** The config file (config/store.ts): unreadable, not JSON, or open to other users. */
export const en = {
  // store.ts: the config file
  "store.unreadable": "cannot read the config file {path}: {why}",
  "store.openToOthers":
    "the credentials file {path} is readable by other users (mode {mode}); refusing to use it",
  "store.chmodHint": "run: chmod 600 '{path}'",
  "store.notJson": "the config file {path} is not valid JSON",
  "store.notJsonAt": "the config file {path} is not valid JSON (at position {position})",
  "store.notJsonAtLine":
    "the config file {path} is not valid JSON (at position {position} (line {line} column {column}))",
  "store.fixHint": "fix or remove it, then run `tradectl auth login`",
} as const satisfies Record<string, Message>;

export const tr = {
  "store.unreadable": "{path} yapılandırma dosyası okunamadı: {why}",
  "store.openToOthers":
    "{path} kimlik bilgisi dosyasını başka kullanıcılar da okuyabiliyor (izinler {mode}); bu yüzden kullanılmıyor",
  "store.chmodHint": "şunu çalıştırın: chmod 600 '{path}'",
  "store.notJson": "{path} yapılandırma dosyası geçerli bir JSON değil",
  "store.notJsonAt": "{path} yapılandırma dosyası geçerli bir JSON değil ({position}. konumda)",
  "store.notJsonAtLine":
    "{path} yapılandırma dosyası geçerli bir JSON değil ({position}. konumda: satır {line}, sütun {column})",
  "store.fixHint": "dosyayı düzeltin ya da silin, sonra `tradectl auth login` çalıştırın",
} as const satisfies Translation<typeof en>;
