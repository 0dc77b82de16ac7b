// Judging a lost answer from the read-back and the receipts (and the whole judgement in one call).
import type { Text } from "../errors.js";
import { asIs, msg } from "../i18n/index.js";
import { type Judgement, judged, type Outcome } from "./outcome.js";
import { type AnswerVerdict, judgeAnswer, type Wire } from "./outcome-answer.js";

/** The answers the request sent, as far as a read-back can show them. */
export interface SentAnswers {
  isSelfSender: boolean;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

/** The declaration as read back from the list after a lost answer. */
export type ReadBack =
  | { state: "Pending" }
  | {
      state: "Confirmed";
      confirmedAt: string | null;
      /** confirmedAt on this machine's clock (the caller corrects the server's offset); null when unreadable. */
      confirmedAtMs: number | null;
      firstName: string | null;
      lastName: string | null;
      confirmedBy: string | null;
    }
  /** The read-back failed, or the list has the declaration under neither status. */
  | { state: "failed"; reason: string | Text };

/** Another request for the same declaration on record in the receipts, with its settled outcome. */
export interface OtherRequest {
  requestId: string;
  /** Its settled outcome; null when none is on record (in flight, or its run was killed). */
  outcome: Outcome | null;
  /** Its outcome's `byThisRequest` (null: none on record, or it could not be told). */
  byThisRequest?: boolean | null;
}

export interface ReadBackInput {
  declarationId: string;
  sent: SentAnswers;
  readBack: ReadBack;
  /** Every other request for this declaration on record (this request's own attempts excluded). */
  others: readonly OtherRequest[];
  /** When this request was written (local clock, Unix ms). */
  writtenAtMs: number;
}

/**
 * A confirmedAt this much before our write (on our clock) is an earlier confirmation: the service
 * accepts stamps within ±5 s of its clock, and confirmedAt may be cut to the second.
 */
export const CONFIRMED_AT_SLACK_MS = 6_000;

/** Names as the list shows them: trimmed, inner white space folded, NFC, case kept. */
function nameText(value: string | null | undefined): string {
  return (value ?? "").normalize("NFC").trim().replace(/\s+/g, " ");
}

/**
 * Whether the confirmation the list shows carries the answers this request sent. Another
 * person's names are compared as sent. For `isSelfSender` the service fills in the account
 * holder's name, which tradectl does not know: the names match when they are confirmedBy's (the
 * account holder), else it cannot be told.
 */
export function sameAnswers(
  sent: SentAnswers,
  shown: { firstName: string | null; lastName: string | null; confirmedBy: string | null },
): boolean | null {
  const first = nameText(shown.firstName);
  const last = nameText(shown.lastName);
  if (!sent.isSelfSender) {
    return first === nameText(sent.firstName) && last === nameText(sent.lastName);
  }
  const holder = nameText(shown.confirmedBy);
  if (holder !== "" && holder === nameText(`${first} ${last}`)) return true;
  return null;
}

/** Requests whose outcome says they did not apply it: they cannot have confirmed it. */
const DID_NOT_APPLY: ReadonlySet<Outcome> = new Set(["rejected", "not_found", "not_sent"]);

/**
 * Whether another request may be the one the list shows applied. `already_confirmed` proves it
 * did not only when it says so (a 422, or a read-back that named the request that did:
 * `byThisRequest: false`); a read-back that could not tell which request applied it
 * (`byThisRequest: null`) leaves it a candidate, so an earlier request is never credited instead.
 */
function otherMayHaveApplied(other: OtherRequest): boolean {
  if (other.outcome === null) return true;
  if (DID_NOT_APPLY.has(other.outcome)) return false;
  if (other.outcome === "already_confirmed") return other.byThisRequest !== false;
  return true;
}

/** ` (at …, by …, sender …)`: what the list shows of a confirmation, in both forms. */
function shownAs(readBack: Extract<ReadBack, { state: "Confirmed" }>): Text {
  const names = [nameText(readBack.firstName), nameText(readBack.lastName)].filter((n) => n !== "");
  const parts = [
    readBack.confirmedAt ? msg("domain.readBack.at", { at: readBack.confirmedAt }) : null,
    readBack.confirmedBy ? msg("domain.readBack.by", { by: nameText(readBack.confirmedBy) }) : null,
    names.length > 0 ? msg("domain.readBack.sender", { names: names.join(" ") }) : null,
  ].filter((p): p is Text => p !== null);
  if (parts.length === 0) return asIs("");
  const joined = parts
    .slice(1)
    .reduce<Text>((all, part) => msg("domain.readBack.and", { all, part }), parts[0]!);
  return msg("domain.readBack.shown", { parts: joined });
}

/**
 * The second half, for a lost answer: the read-back and the receipts settle it, or it stays
 * `unknown` (the request may yet be applied; never "not applied").
 */
export function judgeReadBack(lost: Text, input: ReadBackInput): Judgement {
  const id = input.declarationId;
  const { readBack } = input;
  if (readBack.state === "Pending") {
    return judged.unknown(msg("domain.readBack.pending", { id, lost }));
  }
  if (readBack.state === "failed") {
    return judged.unknown(msg("domain.readBack.failed", { id, lost, reason: readBack.reason }));
  }
  const shown = shownAs(readBack);
  const same = sameAnswers(input.sent, readBack);
  const earlier =
    readBack.confirmedAtMs !== null &&
    readBack.confirmedAtMs < input.writtenAtMs - CONFIRMED_AT_SLACK_MS;
  const mayHaveApplied = input.others.filter(otherMayHaveApplied);
  if (same === false || earlier) {
    const line = msg(same === false ? "domain.readBack.otherAnswers" : "domain.readBack.before", {
      id,
      lost,
      shown,
    });
    return judged.alreadyConfirmed(line, "read-back", false);
  }
  if (mayHaveApplied.length > 0) {
    const settledByOther = mayHaveApplied.some((o) => o.outcome === "confirmed");
    const names = mayHaveApplied.map((o) => o.requestId).join(", ");
    const line = msg(
      settledByOther ? "domain.readBack.otherConfirmed" : "domain.readBack.otherMay",
      { id, lost, shown, names },
    );
    return judged.alreadyConfirmed(line, "read-back", settledByOther ? false : null);
  }
  const line = msg(same === true ? "domain.readBack.confirmedSame" : "domain.readBack.confirmed", {
    id,
    lost,
    shown,
  });
  return judged.confirmed(line, "read-back", same === true ? true : null);
}

/**
 * The whole judgement in one call (for a caller that has read back already, and for tests):
 * the answer when it settles it, else the read-back. A not-processed answer is returned as such.
 */
export function judge(
  wire: Wire,
  input: ReadBackInput,
):
  | { verdict: "settled"; judgement: Judgement }
  | Extract<AnswerVerdict, { verdict: "not-processed" }> {
  const first = judgeAnswer(input.declarationId, wire);
  if (first.verdict !== "read-back") return first;
  return { verdict: "settled", judgement: judgeReadBack(first.lost, input) };
}
