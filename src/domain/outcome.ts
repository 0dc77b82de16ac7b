import { type ErrorKind, EXIT_CODES, type TradectlError } from "../errors.js";

/**
 * What a confirmation may claim (CLI-CONTRACT.md, "What an outcome claims"): the one judgement
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

/** How the outcome is known: the server's own answer, or the declarations list read back. */
export type VerifiedBy = "answer" | "read-back" | null;

export interface Judgement {
  outcome: Outcome;
  verifiedBy: VerifiedBy;
  /** True only when proven; false when proven otherwise; null when it cannot be told. */
  byThisRequest: boolean | null;
  /** One line for people, the server's words included where it said some. */
  message: string;
  /** The error kind the outcome stands for, which decides the exit code; null for success. */
  kind: ErrorKind | null;
}

/** What the server's answer said, read leniently (a body that is not a JSON object: null). */
export interface AnswerBody {
  /** `success` when it was a boolean, else null. */
  success: boolean | null;
  message: string | null;
  code: number | string | null;
}

/** What happened to the request on the wire. */
export type Wire =
  /** No byte was written: stopped before (Ctrl-C: `cancelled`), or a connection never opened. */
  | { written: false; cause: ErrorKind; reason: string }
  /** Written, and an answer came: its status and body (null when it was not a JSON object). */
  | { written: true; status: number; body: AnswerBody | null }
  /** Written, and the answer was lost: a timeout or a reset after the write. */
  | { written: true; status: null; lost: string };

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
  | { state: "failed"; reason: string };

/** Another request for the same declaration on record in the receipts, with its settled outcome. */
export interface OtherRequest {
  requestId: string;
  /** Its settled outcome; null when none is on record (in flight, or its run was killed). */
  outcome: Outcome | null;
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

/** Why an answer proves the request was not processed. */
export type NotProcessedReason = "rate_limited" | "stamp_refused" | "unauthorized";

/** What the send path does with an answer. */
export type AnswerVerdict =
  | { verdict: "settled"; judgement: Judgement }
  /**
   * The answer proves the service did not process it (a 429, or a 401: authorization refused
   * before it acted): the one case where a confirmation may be sent again (after the wait, or
   * once with a fresh stamp). `stamp_refused` when the 401 names the stamp, `unauthorized` when
   * it does not say why (the service does not promise to name the nonce).
   */
  | {
      verdict: "not-processed";
      reason: NotProcessedReason;
      message: string;
    }
  /** The answer was lost or said nothing that can be trusted: read back, then `judgeReadBack`. */
  | { verdict: "read-back"; lost: string };

const STAMP = /nonce|stamp/i;

/** The wire of a POST the client answered with a 200 and `success: true`. */
export const ANSWERED_SUCCESS: Wire = {
  written: true,
  status: 200,
  body: { success: true, message: null, code: null },
};

/**
 * The wire of a POST the client failed, from the error it threw: an answer with a status (its
 * words; a 2xx whose body could not be read carries none, so it is read back), a lost answer
 * (a timeout or reset after the write, or Ctrl-C while it was in flight: it may have arrived),
 * or a request never written (a connection refused, credentials missing).
 */
export function wireOfError(error: TradectlError): Wire {
  if (error.status !== null) {
    const is2xx = error.status >= 200 && error.status < 300;
    if (is2xx && !error.refusedIn2xx) return { written: true, status: error.status, body: null };
    return {
      written: true,
      status: error.status,
      body: {
        success: error.refusedIn2xx ? false : null,
        message: error.message,
        code: error.code,
      },
    };
  }
  if (error.requestMayHaveArrived || error.kind === "cancelled") {
    return { written: true, status: null, lost: error.message };
  }
  return { written: false, cause: error.kind, reason: error.message };
}

function serverWords(body: AnswerBody | null): string {
  if (!body) return "";
  const parts = [
    body.message ? body.message : null,
    body.code !== null && body.code !== "" ? `code ${body.code}` : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? `: ${parts.join(", ")}` : "";
}

const answered = (
  outcome: Outcome,
  byThisRequest: boolean,
  message: string,
  kind: ErrorKind | null,
): AnswerVerdict => ({
  verdict: "settled",
  judgement: { outcome, verifiedBy: "answer", byThisRequest, message, kind },
});

/**
 * The first half of the judgement: what the wire alone settles. A 2xx with a readable `success`,
 * a 400, 403, 404 or 422 is an answer with meaning; a 429 or a 401 was not processed; everything else after the write (3xx, 5xx, other 4xx, a body that is not JSON,
 * a timeout, a reset) is a lost answer to read back.
 */
export function judgeAnswer(declarationId: string, wire: Wire): AnswerVerdict {
  const id = declarationId;
  if (!wire.written) {
    return {
      verdict: "settled",
      judgement: {
        outcome: "not_sent",
        verifiedBy: null,
        byThisRequest: false,
        message: `declaration ${id}: not sent (${wire.reason}); no byte of the request was written`,
        kind: wire.cause,
      },
    };
  }
  if (wire.status === null) return { verdict: "read-back", lost: wire.lost };
  const { status, body } = wire;
  const said = serverWords(body);
  if (status >= 200 && status < 300) {
    if (body?.success === true)
      return answered("confirmed", true, `declaration ${id} confirmed`, null);
    if (body?.success === false) {
      return answered(
        "rejected",
        false,
        `declaration ${id}: refused by the service (HTTP ${status}, success false)${said}; not applied`,
        "validation",
      );
    }
    return {
      verdict: "read-back",
      lost: `HTTP ${status} with a body that is not the service's answer`,
    };
  }
  if (status === 429) {
    return {
      verdict: "not-processed",
      reason: "rate_limited",
      message: `declaration ${id}: HTTP 429, the service did not process it${said}`,
    };
  }
  if (status === 401) {
    // The seed: a 401 is "missing or invalid authorization", refused before the service acts.
    const stamp = body?.message ? STAMP.test(body.message) : false;
    return {
      verdict: "not-processed",
      reason: stamp ? "stamp_refused" : "unauthorized",
      message: stamp
        ? `declaration ${id}: HTTP 401, the service refused the request's stamp${said}`
        : `declaration ${id}: HTTP 401, the service refused the request's authorization${said}`,
    };
  }
  if (status === 400) {
    return answered(
      "rejected",
      false,
      `declaration ${id}: refused by the service (HTTP 400)${said}; not applied`,
      "validation",
    );
  }
  if (status === 403) {
    return answered(
      "rejected",
      false,
      `declaration ${id}: the service refused the key (HTTP ${status})${said}; not applied`,
      "auth",
    );
  }
  if (status === 404) {
    return answered(
      "not_found",
      false,
      `declaration ${id}: not found (HTTP 404)${said}`,
      "not_found",
    );
  }
  if (status === 422) {
    return answered(
      "already_confirmed",
      false,
      `declaration ${id}: already confirmed (HTTP 422)${said}`,
      "conflict",
    );
  }
  return {
    verdict: "read-back",
    lost: `HTTP ${status}${body ? said : " with a body that is not the service's answer"}`,
  };
}

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
const DID_NOT_APPLY: ReadonlySet<Outcome> = new Set([
  "rejected",
  "not_found",
  "not_sent",
  "already_confirmed",
]);

function shownAs(readBack: Extract<ReadBack, { state: "Confirmed" }>): string {
  const names = [nameText(readBack.firstName), nameText(readBack.lastName)].filter((n) => n !== "");
  const parts = [
    readBack.confirmedAt ? `at ${readBack.confirmedAt}` : null,
    readBack.confirmedBy ? `by ${nameText(readBack.confirmedBy)}` : null,
    names.length > 0 ? `sender ${names.join(" ")}` : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}

const AGAIN = "running the same command again is safe: it reads the receipts and the list first";

/**
 * The second half, for a lost answer: the read-back and the receipts settle it, or it stays
 * `unknown` (the request may yet be applied; never "not applied").
 */
export function judgeReadBack(lost: string, input: ReadBackInput): Judgement {
  const id = input.declarationId;
  const { readBack } = input;
  if (readBack.state === "Pending") {
    return {
      outcome: "unknown",
      verifiedBy: null,
      byThisRequest: null,
      message: `declaration ${id}: sent, but the answer was lost (${lost}) and the list still shows it Pending: the request may yet be applied; ${AGAIN}`,
      kind: "unknown",
    };
  }
  if (readBack.state === "failed") {
    return {
      outcome: "unknown",
      verifiedBy: null,
      byThisRequest: null,
      message: `declaration ${id}: sent, but the answer was lost (${lost}) and reading it back failed (${readBack.reason}): the request may have been applied; ${AGAIN}`,
      kind: "unknown",
    };
  }
  const shown = shownAs(readBack);
  const same = sameAnswers(input.sent, readBack);
  const earlier =
    readBack.confirmedAtMs !== null &&
    readBack.confirmedAtMs < input.writtenAtMs - CONFIRMED_AT_SLACK_MS;
  const mayHaveApplied = input.others.filter(
    (o) => o.outcome === null || !DID_NOT_APPLY.has(o.outcome),
  );
  if (same === false || earlier) {
    return {
      outcome: "already_confirmed",
      verifiedBy: "read-back",
      byThisRequest: false,
      message: `declaration ${id}: the answer was lost (${lost}); the list shows it Confirmed ${same === false ? "with other answers" : "before this request was sent"}${shown}`,
      kind: "conflict",
    };
  }
  if (mayHaveApplied.length > 0) {
    const settledByOther = mayHaveApplied.some((o) => o.outcome === "confirmed");
    const names = mayHaveApplied.map((o) => o.requestId).join(", ");
    return {
      outcome: "already_confirmed",
      verifiedBy: "read-back",
      byThisRequest: settledByOther ? false : null,
      message: `declaration ${id}: the answer was lost (${lost}); the list shows it Confirmed${shown}, and another request for it is on record (${names}) that ${settledByOther ? "confirmed it" : "may have confirmed it"}`,
      kind: "conflict",
    };
  }
  return {
    outcome: "confirmed",
    verifiedBy: "read-back",
    byThisRequest: same === true ? true : null,
    message: `declaration ${id}: the answer was lost (${lost}); the list shows it Confirmed${shown}${same === true ? " with the answers this request sent" : ""}, and no other request for it is on record`,
    kind: null,
  };
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

/**
 * The exit code of one confirmation (the table's last column): a single confirm, or a batch's
 * item, where `already_confirmed` is not a failure.
 */
export function exitCodeOf(judgement: Judgement, as: "single" | "batch-item"): number {
  if (judgement.outcome === "confirmed") return 0;
  if (judgement.outcome === "already_confirmed") return as === "single" ? 5 : 0;
  return EXIT_CODES[judgement.kind ?? "unknown"];
}

/** A batch's exit: that of the first item that ended in neither confirmed nor already_confirmed. */
export function batchExitCode(judgements: Iterable<Judgement>): number {
  for (const j of judgements) {
    if (j.outcome !== "confirmed" && j.outcome !== "already_confirmed") {
      return exitCodeOf(j, "batch-item");
    }
  }
  return 0;
}
