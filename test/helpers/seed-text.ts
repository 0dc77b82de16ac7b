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
