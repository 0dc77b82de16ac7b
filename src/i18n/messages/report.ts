import type { Message, Translation } from "../catalog-types.js";

/**
 * The error report's own lines (src/commands/report.ts): before a server's message, by kind, and
 * the hint's prefix.
 */
export const en = {
  "report.hintPrefix": "hint:",
  // the line before the server's own words (only said where the language is not English)
  "report.server.auth": "The service refused the request (credentials). It said:",
  "report.server.not_found": "The service did not find it. It said:",
  "report.server.conflict": "The service refused: already done. It said:",
  "report.server.rate_limited": "The service's rate limit was reached. It said:",
  "report.server.validation": "The service refused the request as invalid. It said:",
  "report.server.server": "The service failed on its side. It said:",
  "report.network": "The service could not be reached:",
} as const satisfies Record<string, Message>;

export const tr = {
  "report.hintPrefix": "ipucu:",
  "report.server.auth": "Hizmet isteği reddetti (kimlik doğrulama). Hizmetin yanıtı:",
  "report.server.not_found": "Hizmet aranan kaydı bulamadı. Hizmetin yanıtı:",
  "report.server.conflict": "Hizmet reddetti: bu işlem zaten yapılmış. Hizmetin yanıtı:",
  "report.server.rate_limited": "Hizmetin istek sınırı aşıldı. Hizmetin yanıtı:",
  "report.server.validation": "Hizmet isteği geçersiz buldu. Hizmetin yanıtı:",
  "report.server.server": "Hizmet kendi tarafında hata verdi. Hizmetin yanıtı:",
  "report.network": "Hizmete ulaşılamadı:",
} as const satisfies Translation<typeof en>;
