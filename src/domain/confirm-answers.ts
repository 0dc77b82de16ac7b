import {
  type Answers,
  type ConfirmField,
  type ConfirmRule,
  exchangeIdIsWellFormed,
  exchangeOtherNameProblem,
  type Violation,
} from "./confirm.js";

/**
 * The missing-answer rules of a confirm: which questions a set of answers leaves open, and which
 * broken rules are about those (left for the question, not reported as broken). Pure; the
 * words that name the flag for each question are the command's (confirm/answers.ts).
 */

/** The questions a set of answers can leave unanswered, in the wizard's order. */
export type Question =
  | "declaration"
  | "sender"
  | "firstName"
  | "lastName"
  | "description"
  | "addressType"
  | "exchange";

/** The questions the answers leave open. An empty answer counts as given (a rule catches it). */
export function missingAnswers(answers: Answers): Question[] {
  const missing: Question[] = [];
  if (answers.cryptoDepositDeclarationId === undefined) missing.push("declaration");
  if (answers.isSelfSender === undefined) missing.push("sender");
  else if (answers.isSelfSender === false) {
    if (answers.firstName === undefined) missing.push("firstName");
    if (answers.lastName === undefined) missing.push("lastName");
  }
  if (answers.description === undefined) missing.push("description");
  if (answers.addressType === undefined) missing.push("addressType");
  else if (
    answers.addressType === "Exchange" &&
    answers.exchangeId === undefined &&
    answers.exchangeOtherName === undefined
  ) {
    missing.push("exchange");
  }
  return missing;
}

/** The fields each question answers. */
export const FIELDS_OF: Readonly<
  Record<Question, readonly (ConfirmField | "cryptoDepositDeclarationId")[]>
> = {
  declaration: ["cryptoDepositDeclarationId"],
  sender: ["isSelfSender"],
  firstName: ["firstName"],
  lastName: ["lastName"],
  description: ["description"],
  addressType: ["AddressType"],
  exchange: ["exchangeId", "exchangeOtherName"],
};

/** The seed's rule each unanswered question would otherwise break (for the "missing" line). */
export const RULE_OF: Readonly<Partial<Record<Question, ConfirmRule>>> = {
  sender: "namesRequired",
  firstName: "namesRequired",
  lastName: "namesRequired",
  description: "descriptionLength",
  addressType: "addressTypeRequired",
  exchange: "exchangeRequired",
};

/**
 * The rules broken by the answers that were given: a violation about a field whose question is
 * still to be asked (or reported as missing) is left out. Decided by the violation's field,
 * never by its text.
 */
export function violationsOfGivenAnswers(
  violations: readonly Violation[],
  missing: readonly Question[],
): Violation[] {
  const unanswered = new Set(missing.flatMap((question) => FIELDS_OF[question]));
  return violations.filter((v) => !unanswered.has(v.field));
}

/**
 * Whether checking the answers needs the exchanges listing before any question: a well-formed
 * exchange id (is it supported?), or a name that could be a listed exchange's (is it one?).
 */
export function answersNeedListing(answers: Answers): boolean {
  if (answers.exchangeId !== undefined) return exchangeIdIsWellFormed(answers.exchangeId);
  const name = answers.exchangeOtherName;
  return (
    name !== undefined &&
    answers.addressType !== "IndividualWallet" &&
    name.trim() !== "" &&
    exchangeOtherNameProblem(name) === null
  );
}
