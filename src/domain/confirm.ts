import { LosslessNumber } from "lossless-json";
import { canonicalId, INT32_MAX } from "./ids.js";
import { DESCRIPTION_MAX, DESCRIPTION_MIN, EXCHANGE_OTHER_NAME_MAX } from "./limits.js";
import { CONFIRM_MESSAGES } from "./messages.js";
import { foldCase, serviceLength } from "./text.js";

export const ADDRESS_TYPES = ["Exchange", "IndividualWallet"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/**
 * A confirm request as gathered from flags, the wizard or a request body, before the rules are
 * applied. Ids are decimal strings; absent answers are undefined.
 */
export interface ConfirmDraft {
  cryptoDepositDeclarationId: string;
  isSelfSender?: boolean;
  firstName?: string;
  lastName?: string;
  description?: string;
  addressType?: AddressType;
  exchangeId?: string;
  exchangeOtherName?: string;
}

/** The body the service receives (seed 2.2), field names and order as the seed writes them. */
export interface ConfirmBody {
  cryptoDepositDeclarationId: LosslessNumber;
  isSelfSender: boolean;
  firstName?: string;
  lastName?: string;
  description: string;
  AddressType: AddressType;
  exchangeId?: LosslessNumber;
  exchangeOtherName?: string;
}

/** The confirm operation's answer (seed 2.3), inferred from its schema. */
export type { ConfirmResponse } from "../wire/schemas.js";

/** `exchange`, `individual-wallet` and the API spellings, in any case (Turkish İ/ı too). */
export function normalizeAddressType(value: string): AddressType | null {
  const key = foldCase(value.trim()).replace(/[-_\s]/g, "");
  if (key === "exchange") return "Exchange";
  if (key === "individualwallet") return "IndividualWallet";
  return null;
}

const present = (s: string | undefined): s is string => s !== undefined && s.trim() !== "";

/**
 * The description as it is sent and counted: trimmed, like the names, so blanks around it
 * neither fill the 20 characters nor reach the service; a blank one has length 0.
 */
export function descriptionText(description: string | undefined): string {
  return (description ?? "").trim();
}

/** The description's length as the service counts it (UTF-16 units), for the wizard's count. */
export function descriptionLength(description: string | undefined): number {
  return serviceLength(descriptionText(description));
}

/** The description's length rule, for live validation (the wizard) and the full check. */
export function descriptionProblem(description: string | undefined): string | null {
  const length = descriptionLength(description);
  return length < DESCRIPTION_MIN || length > DESCRIPTION_MAX
    ? CONFIRM_MESSAGES.descriptionLength
    : null;
}

/** The length rule of exchangeOtherName, for live validation (the wizard) and the full check. */
export function exchangeOtherNameProblem(name: string): string | null {
  return serviceLength(name.trim()) > EXCHANGE_OTHER_NAME_MAX
    ? CONFIRM_MESSAGES.exchangeOtherNameTooLong
    : null;
}

export function exchangeIdIsWellFormed(value: string): boolean {
  return canonicalId(value, INT32_MAX) !== null;
}

export interface ConfirmRuleContext {
  /**
   * Ids of the crypto-exchanges listing. Null when the listing could not be read: the rule is
   * then left to the server rather than guessed.
   */
  supportedExchangeIds: ReadonlySet<string> | null;
}

/** A field of the confirm body (seed 2.2), spelled as on the wire. */
export type ConfirmField =
  | "isSelfSender"
  | "firstName"
  | "lastName"
  | "description"
  | "AddressType"
  | "exchangeId"
  | "exchangeOtherName";

/** The confirm rules of seed 7.2 that a request can break (named as in messages.ts). */
export type ConfirmRule =
  | "namesRequired"
  | "descriptionLength"
  | "addressTypeRequired"
  | "exchangeRequired"
  | "walletWithExchange"
  | "bothExchanges"
  | "exchangeIdNotSupported"
  | "exchangeOtherNameTooLong";

/**
 * One broken rule: which rule, the field it is about (so a caller can tell which answer broke
 * it without reading the text), and the seed's exact message.
 */
export interface Violation {
  rule: ConfirmRule;
  field: ConfirmField;
  message: string;
}

const broken = (rule: ConfirmRule, field: ConfirmField): Violation => ({
  rule,
  field,
  message: CONFIRM_MESSAGES[rule],
});

/**
 * Every rule of seed 2.2, each broken one reported with the seed's exact message, in the order of
 * the seed's error table (7.2). An empty array means the request may be sent.
 */
export function confirmRuleViolations(
  draft: ConfirmDraft,
  context: ConfirmRuleContext,
): Violation[] {
  const errors: Violation[] = [];
  if (draft.isSelfSender !== true && !(present(draft.firstName) && present(draft.lastName))) {
    // The sender was not said at all, or the name that is missing.
    const field =
      draft.isSelfSender === undefined
        ? "isSelfSender"
        : present(draft.firstName)
          ? "lastName"
          : "firstName";
    errors.push(broken("namesRequired", field));
  }
  if (descriptionProblem(draft.description))
    errors.push(broken("descriptionLength", "description"));
  if (draft.addressType === undefined) errors.push(broken("addressTypeRequired", "AddressType"));

  const hasId = present(draft.exchangeId);
  const hasName = present(draft.exchangeOtherName);
  if (draft.addressType === "Exchange") {
    if (!hasId && !hasName) errors.push(broken("exchangeRequired", "exchangeId"));
    if (hasId && hasName) errors.push(broken("bothExchanges", "exchangeOtherName"));
  } else if (draft.addressType === "IndividualWallet" && (hasId || hasName)) {
    errors.push(broken("walletWithExchange", hasId ? "exchangeId" : "exchangeOtherName"));
  }
  if (hasId) {
    const id = canonicalId(draft.exchangeId!, INT32_MAX);
    const supported = context.supportedExchangeIds;
    if (id === null || (supported !== null && !supported.has(id))) {
      errors.push(broken("exchangeIdNotSupported", "exchangeId"));
    }
  }
  // The name is sent trimmed (confirmBody), so the limit applies to what is sent.
  if (hasName && exchangeOtherNameProblem(draft.exchangeOtherName!)) {
    errors.push(broken("exchangeOtherNameTooLong", "exchangeOtherName"));
  }
  return errors;
}

/**
 * The wire body for a draft that passed the rules. Names are left out for a self sender (the
 * service would ignore them), and only the exchange field that was answered is sent.
 */
export function confirmBody(draft: ConfirmDraft): ConfirmBody {
  const self = draft.isSelfSender === true;
  const body: ConfirmBody = {
    cryptoDepositDeclarationId: new LosslessNumber(draft.cryptoDepositDeclarationId),
    isSelfSender: self,
    ...(self ? {} : { firstName: draft.firstName?.trim(), lastName: draft.lastName?.trim() }),
    description: descriptionText(draft.description),
    AddressType: draft.addressType ?? "Exchange",
  };
  if (draft.addressType === "Exchange") {
    if (present(draft.exchangeId))
      body.exchangeId = new LosslessNumber(
        canonicalId(draft.exchangeId, INT32_MAX) ?? draft.exchangeId,
      );
    else if (present(draft.exchangeOtherName))
      body.exchangeOtherName = draft.exchangeOtherName.trim();
  }
  return body;
}
