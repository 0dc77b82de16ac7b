// The outcomes a confirmation may end in, how one is verified, and the judgement that records it.
import type { ErrorKind, Text } from "../errors.js";

/**
 * What a confirmation may claim (docs/OUTCOMES.md): the one judgement
 * of every confirmation, single, batch, wizard and rules alike, and of the receipts. Pure: the
 * send path tells it what happened on the wire and, for a lost answer, what a read-back and
 * the receipts show; it never claims more than the server said.
 */

export const OUTCOMES = [
  "confirmed",
  "already_confirmed",
  "rejected",
  "not_found",
  "unknown",
  "not_sent",
] as const;
export type Outcome = (typeof OUTCOMES)[number];

/**
 * The fields of an outcome record, as a batch item (or a single confirm's ending other than a
 * 200 success) prints it, in the contract's order: what `confirm --fields` chooses from.
 */
export const OUTCOME_FIELD_NAMES = [
  "cryptoDepositDeclarationId",
  "outcome",
  "verifiedBy",
  "byThisRequest",
  "message",
] as const;
export type OutcomeFieldName = (typeof OUTCOME_FIELD_NAMES)[number];

/** How the outcome is known: the server's own answer, or the declarations list read back. */
export type VerifiedBy = "answer" | "read-back" | null;

export interface Judgement {
  outcome: Outcome;
  verifiedBy: VerifiedBy;
  /** True only when proven; false when proven otherwise; null when it cannot be told. */
  byThisRequest: boolean | null;
  /** One line for people, the server's words included where it said some (English: records). */
  message: Text;
  /** The error kind the outcome stands for, which decides the exit code; null for success. */
  kind: ErrorKind | null;
}
