import type { Message, Translation } from "../catalog-types.js";

/** Credentials not found or half set (src/config/credentials.ts), and how to give them. */
export const en = {
  "config.howTo": "run `tradectl auth login`, or set TRADECTL_API_KEY and TRADECTL_API_SECRET",
  "config.secretNotBase64": "the API secret from {origin} is not valid base64",
  "config.copySecret":
    "copy the private key again exactly as the exchange shows it, then run `tradectl auth login`, or set TRADECTL_API_KEY and TRADECTL_API_SECRET",
  "config.halfPair": "{missing} is not set, but {set} is",
  "config.setBoth": "set both, or unset both to use a saved profile",
  "config.noCredentials": "no API credentials found (profile '{name}')",
  "config.loginProfile":
    "run `tradectl --profile {name} auth login` (--profile ignores TRADECTL_API_KEY and TRADECTL_API_SECRET)",
} as const satisfies Record<string, Message>;

export const tr = {
  "config.howTo":
    "`tradectl auth login` çalıştırın ya da TRADECTL_API_KEY ve TRADECTL_API_SECRET değişkenlerini tanımlayın",
  "config.secretNotBase64": "{origin} kaynağındaki API gizli anahtarı geçerli bir base64 değil",
  "config.copySecret":
    "gizli anahtarı borsanın gösterdiği gibi eksiksiz yeniden kopyalayın, sonra `tradectl auth login` çalıştırın ya da TRADECTL_API_KEY ve TRADECTL_API_SECRET değişkenlerini tanımlayın",
  "config.halfPair": "{set} tanımlı ama {missing} tanımlı değil",
  "config.setBoth":
    "ikisini birden tanımlayın ya da kayıtlı bir profil kullanmak için ikisini de kaldırın",
  "config.noCredentials": "API kimlik bilgisi bulunamadı ('{name}' profili)",
  "config.loginProfile":
    "`tradectl --profile {name} auth login` çalıştırın (--profile, TRADECTL_API_KEY ve TRADECTL_API_SECRET değişkenlerini yok sayar)",
} as const satisfies Translation<typeof en>;
