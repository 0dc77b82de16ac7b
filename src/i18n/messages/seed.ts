import type { Message, Translation } from "../catalog-types.js";

/**
 * The service's rules for a confirmation in Turkish (output/seed-text.ts): the English is the
 * service's own words (domain/messages.ts), never here.
 */
export const en = {
  // the seed's rules (src/domain/messages.ts), said to people
  "seed.pageTooSmall": "page must be greater than 0",
  "seed.pageSizeOutOfRange": "pageSize must be between 1 and 100",
  "seed.statusUnknown": "status must not contain Unknown",
  "seed.namesRequired": "firstName and lastName required when isSelfSender is false",
  "seed.descriptionLength": "description field must be between 20 and 100 characters long",
  "seed.addressTypeRequired": "addressType must be provided.",
  "seed.exchangeRequired": "Either exchangeId or exchangeOtherName must be provided.",
  "seed.walletWithExchange": "IndividualWallet addressType cannot be associated with an exchange",
  "seed.bothExchanges": "Only one of exchangeId or exchangeOtherName must be provided.",
  "seed.exchangeIdNotSupported": "exchangeId not supported.",
  "seed.exchangeOtherNameTooLong": "exchangeOtherName cannot exceed 200 characters",
  "seed.unauthorized": "Unauthorized",
  "seed.notFound": "Not Found",
  "seed.alreadyConfirmed": "Crypto deposit declaration already confirmed",
  "seed.serverError": "An error occurred",
  "seed.orderNotFound": "Order not found",
} as const satisfies Record<string, Message>;

export const tr = {
  "seed.pageTooSmall": "Sayfa numarası 0'dan büyük olmalı (page must be greater than 0)",
  "seed.pageSizeOutOfRange":
    "Sayfa boyutu 1 ile 100 arasında olmalı (pageSize must be between 1 and 100)",
  "seed.statusUnknown": "Durum olarak Unknown verilemez (status must not contain Unknown)",
  "seed.namesRequired":
    "Gönderen siz değilseniz gönderenin adı ve soyadı gerekli (firstName and lastName required when isSelfSender is false)",
  "seed.descriptionLength":
    "Açıklama 20 ile 100 karakter arasında olmalı (description field must be between 20 and 100 characters long)",
  "seed.addressTypeRequired":
    "Adres türünü belirtin (borsa ya da kişisel cüzdan) (addressType must be provided.)",
  "seed.exchangeRequired":
    "Borsayı belirtin: listeden bir borsa ya da borsanın adı (Either exchangeId or exchangeOtherName must be provided.)",
  "seed.walletWithExchange":
    "Kişisel cüzdan seçildiğinde borsa belirtilemez (IndividualWallet addressType cannot be associated with an exchange)",
  "seed.bothExchanges":
    "Borsayı tek bir yoldan belirtin: listeden bir borsa ya da adı, ikisi birden değil (Only one of exchangeId or exchangeOtherName must be provided.)",
  "seed.exchangeIdNotSupported": "Bu borsa numarası desteklenmiyor (exchangeId not supported.)",
  "seed.exchangeOtherNameTooLong":
    "Borsa adı en fazla 200 karakter olabilir (exchangeOtherName cannot exceed 200 characters)",
  "seed.unauthorized": "Yetkisiz istek (Unauthorized)",
  "seed.notFound": "Bulunamadı (Not Found)",
  "seed.alreadyConfirmed":
    "Bu kripto yatırma beyanı zaten onaylanmış (Crypto deposit declaration already confirmed)",
  "seed.serverError": "Bir hata oluştu (An error occurred)",
  "seed.orderNotFound": "Emir bulunamadı (Order not found)",
} as const satisfies Translation<typeof en>;
