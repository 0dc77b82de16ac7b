import type { Message, Translation } from "../catalog-types.js";

/**
 * A local file that cannot be read or written (config/files.ts `fileError`: one text per action,
 * and per reason in `file.why.*`, since a reason reads differently in each language).
 */
export const en = {
  "file.read": "cannot read {path}: {reason}",
  "file.write": "cannot write {path}: {reason}",
  "file.writeIn": "cannot write in {path}: {reason}",
  "file.lock": "cannot create the lock file {path}: {reason}",
  "file.why.EACCES": "permission denied (EACCES)",
  "file.why.EPERM": "operation not permitted (EPERM)",
  "file.why.EROFS": "read-only file system (EROFS)",
  "file.why.ENOSPC": "no space left on device (ENOSPC)",
  "file.why.EDQUOT": "disk quota exceeded (EDQUOT)",
  "file.why.ENOTDIR": "a part of the path is not a directory (ENOTDIR)",
  "file.why.EISDIR": "it is a directory (EISDIR)",
  "file.writableHint":
    "make it writable by this user, or point XDG_CONFIG_HOME / XDG_STATE_HOME (or --state) at a directory that is",
} as const satisfies Record<string, Message>;

export const tr = {
  "file.read": "{path} okunamadı: {reason}",
  "file.write": "{path} yazılamadı: {reason}",
  "file.writeIn": "{path} dizinine yazılamıyor: {reason}",
  "file.lock": "{path} kilit dosyası oluşturulamadı: {reason}",
  "file.why.EACCES": "erişim izni yok (EACCES)",
  "file.why.EPERM": "işleme izin verilmiyor (EPERM)",
  "file.why.EROFS": "dosya sistemi salt okunur (EROFS)",
  "file.why.ENOSPC": "aygıtta yer kalmadı (ENOSPC)",
  "file.why.EDQUOT": "disk kotası doldu (EDQUOT)",
  "file.why.ENOTDIR": "yolun bir parçası dizin değil (ENOTDIR)",
  "file.why.EISDIR": "bu bir dizin (EISDIR)",
  "file.writableHint":
    "bu kullanıcının yazabileceği hale getirin ya da XDG_CONFIG_HOME / XDG_STATE_HOME'u (veya --state'i) yazılabilir bir dizine yöneltin",
} as const satisfies Translation<typeof en>;
