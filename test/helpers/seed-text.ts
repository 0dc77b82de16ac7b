// The seed's own words, typed out from ../shared/seed on purpose: tests compare the code with
// the seed, so they must not read src/domain/messages.ts, the copy they are checking.

/** Section 7.2: the confirm request's validation messages. */
export const SEED_CONFIRM = {
  names: "firstName and lastName required when isSelfSender is false",
  description: "description field must be between 20 and 100 characters long",
  addressType: "addressType must be provided.",
  either: "Either exchangeId or exchangeOtherName must be provided.",
  wallet: "IndividualWallet addressType cannot be associated with an exchange",
  onlyOne: "Only one of exchangeId or exchangeOtherName must be provided.",
  notSupported: "exchangeId not supported.",
  tooLong: "exchangeOtherName cannot exceed 200 characters",
} as const;

/** Section 2.1: a declaration's fields, in the seed's order. */
export const SEED_DECLARATION_FIELDS = [
  "cryptoDepositDeclarationId",
  "createdAt",
  "status",
  "confirmedAt",
  "confirmedBy",
  "firstName",
  "lastName",
  "amount",
  "symbol",
  "address",
  "memoTag",
  "lightningInvoice",
] as const;

/** Section 7.2: the confirm operation's other answers (401, 404, 422, 500). */
export const SEED_CONFIRM_ANSWERS = {
  unauthorized: "Unauthorized",
  notFound: "Not Found",
  alreadyConfirmed: "Crypto deposit declaration already confirmed",
  serverError: "An error occurred",
} as const;

/** Section 7.1: the list operation's validation messages. */
export const SEED_LIST = {
  pageTooSmall: "page must be greater than 0",
  pageSizeOutOfRange: "pageSize must be between 1 and 100",
  statusUnknown: "status must not contain Unknown",
} as const;

/** Not from the seed but from docs/SERVICE-NOTES.md: the service's missing-order message. */
export const NOTES_ORDER_NOT_FOUND = "Order not found";
