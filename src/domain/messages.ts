/**
 * The service's messages, word for word from the seed (sections 7.1 and 7.2). This is the only
 * place they are written: the CLI's local validation, the wizard's live validation and the
 * sandbox server all import them from here, so the three can never disagree.
 */
export const LIST_MESSAGES = {
  pageTooSmall: "page must be greater than 0",
  pageSizeOutOfRange: "pageSize must be between 1 and 100",
  statusUnknown: "status must not contain Unknown",
} as const;

export const CONFIRM_MESSAGES = {
  namesRequired: "firstName and lastName required when isSelfSender is false",
  descriptionLength: "description field must be between 20 and 100 characters long",
  addressTypeRequired: "addressType must be provided.",
  exchangeRequired: "Either exchangeId or exchangeOtherName must be provided.",
  walletWithExchange: "IndividualWallet addressType cannot be associated with an exchange",
  bothExchanges: "Only one of exchangeId or exchangeOtherName must be provided.",
  exchangeIdNotSupported: "exchangeId not supported.",
  exchangeOtherNameTooLong: "exchangeOtherName cannot exceed 200 characters",
  unauthorized: "Unauthorized",
  notFound: "Not Found",
  alreadyConfirmed: "Crypto deposit declaration already confirmed",
  serverError: "An error occurred",
} as const;

/** The order endpoint's "not found" answer as the real service words it (docs/SERVICE-NOTES.md). */
export const ORDER_NOT_FOUND_MESSAGE = "Order not found";
