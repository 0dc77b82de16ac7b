/**
 * The fields of `receipts list`, one row per confirmation request: when it was asked for, for
 * which declaration, how it ended, then what it declared (the confirm body's names), then where
 * it went and how to find its lines in the file. Light: the spec imports it at start-up.
 */
export const RECEIPT_FIELD_NAMES = [
  "requestedAt",
  "cryptoDepositDeclarationId",
  "outcome",
  "verifiedBy",
  "byThisRequest",
  "status",
  "isSelfSender",
  "firstName",
  "lastName",
  "description",
  "AddressType",
  "exchangeId",
  "exchangeOtherName",
  "rule",
  "attempts",
  "settledAt",
  "message",
  "baseUrl",
  "publicKey",
  "bodySha256",
  "requestId",
] as const;
export type ReceiptFieldName = (typeof RECEIPT_FIELD_NAMES)[number];

/** The fields of `receipts show`, one row per entry of the file. */
export const RECEIPT_ENTRY_FIELD_NAMES = [
  "time",
  "type",
  "requestId",
  "attempt",
  "cryptoDepositDeclarationId",
  "baseUrl",
  "publicKey",
  "rule",
  "ruleSource",
  "ruleTxid",
  "body",
  "bodySha256",
  "status",
  "responseBody",
  "outcome",
  "verifiedBy",
  "byThisRequest",
  "reason",
  "message",
] as const;
export type ReceiptEntryFieldName = (typeof RECEIPT_ENTRY_FIELD_NAMES)[number];
