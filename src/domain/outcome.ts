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

/**
 * Every outcome built here, each with what it may claim fixed: a confirmation's ending is never
 * an object written by hand at a call site. `line` is the one line for people, a catalog text
 * (English in records).
 */
export const judged = {
  /** Applied: by the service's answer (this request), or seen in the list read back. */
  confirmed(line: Text, verifiedBy: "answer" | "read-back", byThisRequest: boolean | null) {
    return build("confirmed", verifiedBy, byThisRequest, line, null);
  },
  /** Confirmed already: the service's 422, or the list read back (by this request or not). */
  alreadyConfirmed(
    line: Text,
    verifiedBy: "answer" | "read-back",
    byThisRequest: boolean | null = false,
  ) {
    return build("already_confirmed", verifiedBy, byThisRequest, line, "conflict");
  },
  /** Not applied, as the service's answer shows; `kind` decides the exit code. */
  rejected(line: Text, kind: ErrorKind) {
    return build("rejected", "answer", false, line, kind);
  },
  /** The service has no such declaration (its 404). */
  notFound(line: Text) {
    return build("not_found", "answer", false, line, "not_found");
  },
  /** Written, and what became of it cannot be told: it may yet be applied. */
  unknown(line: Text) {
    return build("unknown", null, null, line, "unknown");
  },
  /**
   * A batch's item already Confirmed when the plan read it: shown, nothing sent, no claim on
   * who confirmed it (and no failure: its exit is 0).
   */
  skipped(line: Text) {
    return build("already_confirmed", null, null, line, null);
  },
  /** Not a byte written for it; `kind` is why (cancelled, a connection refused, a claim…). */
  notSent(line: Text, kind: ErrorKind) {
    return build("not_sent", null, false, line, kind);
  },
};

function build(
  outcome: Outcome,
  verifiedBy: VerifiedBy,
  byThisRequest: boolean | null,
  line: Text,
  kind: ErrorKind | null,
): Judgement {
  return { outcome, verifiedBy, byThisRequest, message: line, kind };
}
