import { LosslessNumber } from "lossless-json";
import { canonicalId, INT32_MAX } from "./ids.js";
import { DESCRIPTION_MAX, DESCRIPTION_MIN, EXCHANGE_OTHER_NAME_MAX } from "./limits.js";
import { CONFIRM_MESSAGES } from "./messages.js";

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
export type { ConfirmResponse } from "../api/schemas.js";

/** Lengths count Unicode code points, what a person counts, not UTF-16 code units. */
export function textLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** `exchange`, `individual-wallet` and the API spellings, in any case. */
export function normalizeAddressType(value: string): AddressType | null {
  const key = value
    .trim()
    .toLowerCase()
    .replace(/[-_\s]/g, "");
  if (key === "exchange") return "Exchange";
  if (key === "individualwallet") return "IndividualWallet";
  return null;
}

const present = (s: string | undefined): s is string => s !== undefined && s.trim() !== "";

export function descriptionProblem(description: string | undefined): string | null {
  const length = textLength(description ?? "");
  return length < DESCRIPTION_MIN || length > DESCRIPTION_MAX
    ? CONFIRM_MESSAGES.descriptionLength
    : null;
}

/** The length rule of exchangeOtherName, for live validation (the wizard) and the full check. */
export function exchangeOtherNameProblem(name: string): string | null {
  return textLength(name.trim()) > EXCHANGE_OTHER_NAME_MAX
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

/**
 * Every rule of seed 2.2, each broken one reported with the seed's exact message, in the order of
 * the seed's error table (7.2). An empty array means the request may be sent.
 */
export function confirmRuleViolations(draft: ConfirmDraft, context: ConfirmRuleContext): string[] {
  const errors: string[] = [];
  if (draft.isSelfSender !== true && !(present(draft.firstName) && present(draft.lastName))) {
    errors.push(CONFIRM_MESSAGES.namesRequired);
  }
  const description = descriptionProblem(draft.description);
  if (description) errors.push(description);
  if (draft.addressType === undefined) errors.push(CONFIRM_MESSAGES.addressTypeRequired);

  const hasId = present(draft.exchangeId);
  const hasName = present(draft.exchangeOtherName);
  if (draft.addressType === "Exchange") {
    if (!hasId && !hasName) errors.push(CONFIRM_MESSAGES.exchangeRequired);
    if (hasId && hasName) errors.push(CONFIRM_MESSAGES.bothExchanges);
  } else if (draft.addressType === "IndividualWallet" && (hasId || hasName)) {
    errors.push(CONFIRM_MESSAGES.walletWithExchange);
  }
  if (hasId) {
    const id = canonicalId(draft.exchangeId!, INT32_MAX);
    const supported = context.supportedExchangeIds;
    if (id === null || (supported !== null && !supported.has(id))) {
      errors.push(CONFIRM_MESSAGES.exchangeIdNotSupported);
    }
  }
  // The name is sent trimmed (confirmBody), so the limit applies to what is sent.
  const nameProblem = hasName ? exchangeOtherNameProblem(draft.exchangeOtherName!) : null;
  if (nameProblem) errors.push(nameProblem);
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
    description: draft.description ?? "",
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
