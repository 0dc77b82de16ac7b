import type { Message, Translation } from "../catalog-types.js";

/** The process itself (src/cli.ts): interrupted mid-send, terminated, stdout unwritable. */
export const en = {
  "process.x.cancelled": "cancelled",
  "process.x.terminated": "terminated",
  "process.inFlight":
    "tradectl: interrupted with the confirmation of declaration {id} in flight: it may have been applied; running the same command again reads it back before sending anything",
  "process.stdoutFailed": "error: could not write to standard output: {why}",
} as const satisfies Record<string, Message>;

export const tr = {
  "process.x.cancelled": "iptal edildi",
  "process.x.terminated": "sonlandırıldı",
  "process.inFlight":
    "tradectl: {id} numaralı beyanın onayı yoldayken kesildi: uygulanmış olabilir; aynı komutu yeniden çalıştırmak, bir şey göndermeden önce onu geri okur",
  "process.stdoutFailed": "hata: standart çıktıya yazılamadı: {why}",
} as const satisfies Translation<typeof en>;
