// Judging a confirmation's answer: what the wire alone settles, what proves it unprocessed, what is lost.
import type { ErrorKind, Text, TradectlError } from "../errors.js";
import { asIs, msg } from "../i18n/index.js";
import { type Judgement, judged } from "./outcome.js";

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
  | { written: true; status: null; lost: Text };

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
      /** One line for people (English in records), the server's words included. */
      message: Text;
    }
  /** The answer was lost or said nothing that can be trusted: read back, then `judgeReadBack`. */
  | { verdict: "read-back"; lost: Text };

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
    return { written: true, status: null, lost: error.text };
  }
  return { written: false, cause: error.kind, reason: error.message };
}

/** `: Invalid Nonce, code 1003`: the server's own words (as sent) after a judgement's line. */
function serverWords(body: AnswerBody | null): Text {
  if (!body) return asIs("");
  const message = body.message ? body.message : null;
  const code = body.code !== null && body.code !== "" ? String(body.code) : null;
  if (code === null) return message === null ? asIs("") : msg("domain.outcome.words", { message });
  return message === null
    ? msg("domain.outcome.code", { code })
    : msg("domain.outcome.wordsCode", { message, code });
}

const settled = (judgement: Judgement): AnswerVerdict => ({ verdict: "settled", judgement });

/** A request not processed (a 429, a refused stamp): the verdict, its line in both forms. */
const notProcessed = (reason: NotProcessedReason, line: Text): AnswerVerdict => ({
  verdict: "not-processed",
  reason,
  message: line,
});

/**
 * The first half of the judgement: what the wire alone settles. A 2xx with a readable `success`,
 * a 400, 403, 404 or 422 is an answer with meaning; a 429 or a 401 was not processed; everything else after the write (3xx, 5xx, other 4xx, a body that is not JSON,
 * a timeout, a reset) is a lost answer to read back.
 */
export function judgeAnswer(declarationId: string, wire: Wire): AnswerVerdict {
  const id = declarationId;
  if (!wire.written) {
    const line = msg("domain.outcome.notWritten", { id, reason: wire.reason });
    return settled(judged.notSent(line, wire.cause));
  }
  if (wire.status === null) {
    return { verdict: "read-back", lost: wire.lost };
  }
  const { status, body } = wire;
  const said = serverWords(body);
  if (status >= 200 && status < 300) {
    if (body?.success === true)
      return settled(judged.confirmed(msg("domain.outcome.confirmed", { id }), "answer", true));
    if (body?.success === false) {
      const line = msg("domain.outcome.refused2xx", { id, status, said });
      return settled(judged.rejected(line, "validation"));
    }
    return { verdict: "read-back", lost: msg("domain.outcome.notAnswer", { status }) };
  }
  if (status === 429) {
    return notProcessed("rate_limited", msg("domain.outcome.rateLimited", { id, said }));
  }
  if (status === 401) {
    // The seed: a 401 is "missing or invalid authorization", refused before the service acts.
    const stamp = body?.message ? STAMP.test(body.message) : false;
    return stamp
      ? notProcessed("stamp_refused", msg("domain.outcome.stampRefused", { id, said }))
      : notProcessed("unauthorized", msg("domain.outcome.unauthorized", { id, said }));
  }
  if (status === 400) {
    return settled(judged.rejected(msg("domain.outcome.refused", { id, said }), "validation"));
  }
  if (status === 403) {
    const line = msg("domain.outcome.keyRefused", { id, status, said });
    return settled(judged.rejected(line, "auth"));
  }
  if (status === 404) {
    return settled(judged.notFound(msg("domain.outcome.notFound", { id, said })));
  }
  if (status === 422) {
    const line = msg("domain.outcome.alreadyConfirmed", { id, said });
    return settled(judged.alreadyConfirmed(line, "answer"));
  }
  const lost = body
    ? msg("domain.outcome.status", { status, said })
    : msg("domain.outcome.notAnswer", { status });
  return { verdict: "read-back", lost };
}
