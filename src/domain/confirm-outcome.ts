import type { ErrorKind } from "../errors.js";
import { CONFIRMED_AT_SLACK_MS, OUTCOMES, type Outcome } from "./outcome.js";

/**
 * What a sent confirmation came to, decided without I/O: what a read-back of the declarations
 * list means after an answer was lost, what a refusal means for a batch item, and a batch's
 * exit. The command side (confirm/send.ts) reads, sends and words it. The outcomes and the
 * confirmedAt slack are outcome.ts's (the receipts' judgement, which this is to give way to).
 */

/** Every way but confirmed. */
export type Unconfirmed = Exclude<Outcome, "confirmed">;

/** The declaration as the list shows it after the answer was lost (null: in neither list). */
export interface ReadBack {
  status: string;
  /** confirmedAt in Unix ms on the server's clock; null when absent or unreadable. */
  confirmedAtMs: number | null;
}

/** What was known of the lost request: the state read before it, and when it went out. */
export interface LostRequest {
  /** The declaration's status read before sending; null when it was not read. */
  statusBefore: string | null;
  /** When it was sent, on the server's clock (Unix ms). */
  serverSentAt: number;
}

/**
 * What a read-back shows about a lost answer: confirmed (`byThisRequest` null when the list
 * cannot tell whether this request or an earlier one did it), confirmed before this request,
 * not applied (still Pending: safe to send again), or missing from the list (unknown).
 */
export type Verdict =
  | { verdict: "confirmed"; byThisRequest: true | null }
  | { verdict: "confirmed_before" }
  | { verdict: "not_applied" }
  | { verdict: "missing" };

export function judgeReadBack(found: ReadBack | null, lost: LostRequest): Verdict {
  if (found === null) return { verdict: "missing" };
  if (found.status !== "Confirmed") return { verdict: "not_applied" };
  const ours = confirmedByUs(found, lost);
  if (ours === false) return { verdict: "confirmed_before" };
  return { verdict: "confirmed", byThisRequest: ours };
}

/**
 * Whether a Confirmed declaration was confirmed by the lost request: by the state read before
 * sending when there is one, else by its confirmedAt; null when neither tells.
 */
function confirmedByUs(found: ReadBack, lost: LostRequest): true | false | null {
  if (lost.statusBefore === "Pending") return true;
  if (lost.statusBefore === "Confirmed") return false;
  if (found.confirmedAtMs === null) return null;
  return found.confirmedAtMs >= lost.serverSentAt - CONFIRMED_AT_SLACK_MS;
}

/**
 * A verdict that is not a confirmation as an outcome. Not applied: a refusal in a 2xx was the
 * server's word (rejected); a lost answer means it never arrived (not sent).
 */
export function outcomeOfVerdict(
  verdict: Exclude<Verdict, { verdict: "confirmed" }>,
  refusedIn2xx: boolean,
): Unconfirmed {
  switch (verdict.verdict) {
    case "confirmed_before":
      return "already_confirmed";
    case "missing":
      return "unknown";
    case "not_applied":
      return refusedIn2xx ? "rejected" : "not_sent";
  }
}

/** The error kind of a verdict that is not a confirmation: its exit code. */
export function verdictKind(
  verdict: Exclude<Verdict, { verdict: "confirmed" }>,
  failure: { kind: ErrorKind; refusedIn2xx: boolean },
): ErrorKind {
  switch (verdict.verdict) {
    case "confirmed_before":
      return "conflict";
    case "missing":
      return "network";
    case "not_applied":
      // The server's own refusal keeps its kind; a lost answer is a network failure.
      return failure.refusedIn2xx ? failure.kind : "network";
  }
}

/**
 * What a refused POST (one that could not have been acted on, or was refused outright) means
 * for its item: a 422 is already confirmed, a 404 not found, a failure before the request left
 * (refused, unresolved) not sent, anything else rejected.
 */
export function outcomeOfRefusal(kind: ErrorKind): Unconfirmed {
  switch (kind) {
    case "conflict":
      return "already_confirmed";
    case "not_found":
      return "not_found";
    case "network":
      return "not_sent";
    case "cancelled":
      return "unknown";
    default:
      return "rejected";
  }
}

/**
 * Whether the outcome is a failure of the run, and which kind (its exit code): confirmed and
 * already confirmed are what a batch wants; anything else keeps the kind it failed with.
 */
export function failureKind(outcome: Outcome, kind: ErrorKind | null): ErrorKind | null {
  return outcome === "confirmed" || outcome === "already_confirmed" ? null : kind;
}

/** A batch's exit: the first failure's kind decides, null when every item went well. */
export function batchFailure(
  items: readonly { outcome: Outcome; kind: ErrorKind | null }[],
): ErrorKind | null {
  for (const item of items) {
    const kind = failureKind(item.outcome, item.kind);
    if (kind !== null) return kind;
  }
  return null;
}

/** How many items ended each way, in the summary's order, leaving out the outcomes none had. */
export function outcomeCounts(outcomes: readonly Outcome[]): [Outcome, number][] {
  return OUTCOMES.flatMap((outcome) => {
    const n = outcomes.filter((o) => o === outcome).length;
    return n > 0 ? [[outcome, n] as [Outcome, number]] : [];
  });
}
