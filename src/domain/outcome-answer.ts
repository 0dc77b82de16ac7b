// Judging a confirmation's answer: what the wire alone settles, what proves it unprocessed, what is lost.
import type { ErrorKind, TradectlError } from "../errors.js";
import type { Judgement, Outcome } from "./outcome.js";

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
