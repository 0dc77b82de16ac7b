// THE send path of `declarations confirm`, top to bottom: claim, settle an earlier request, record, POST, judge, resend when proven unprocessed.

import type { ResendHooks } from "../api/client-options.js";
import { readErrorBody } from "../api/response-errors.js";
import type { Claim, NewRequest, RequestRef } from "../config/receipts.js";
import { type Judgement, judged } from "../domain/outcome.js";
import { ANSWERED_SUCCESS, judgeAnswer, type Wire, wireOfError } from "../domain/outcome-answer.js";
import { isTradectlError, type Text, TradectlError } from "../errors.js";
import { inEnglish, msg } from "../i18n/index.js";
import { stringifyLossless } from "../wire/json.js";
import { readBack, settleEarlier } from "./read-back.js";
import { notSent, record } from "./record.js";
import {
  type Answer,
  claimOf,
  idOf,
  type Lost,
  type SendDeps,
  type SendItem,
  type Sent,
} from "./send-types.js";

/**
 * THE send path of `declarations confirm`: a single confirm and every item of a batch go
 * through it (docs/OUTCOMES.md and docs/RECEIPTS.md).
 * - The body is serialised once; that exact text is recorded (flushed) in the receipts before
 *   it is written, and those bytes are what the client sends.
 * - A declaration is claimed across processes before anything is sent for it; a request for it
 *   on record that may have applied it (another run's, or one cut off by a kill) is settled by
 *   reading the list back first, and nothing is sent when it is Confirmed.
 * - An answer is judged by domain/outcome-answer.ts: settled, not processed, or lost (read back:
 *   one walk for all the lost answers of a batch). Every ending is on record.
 * - Not processed (a 429, a 401) is the one case where the request is sent again, and the
 *   client decides it (api/retry-policy.ts): this path puts each refusal on record as it comes
 *   and each new attempt before it is written, through the client's resend hooks.
 */

/** Sends one item, and reads it back at once when its answer is lost. */
export async function sendOne(item: SendItem, deps: SendDeps): Promise<Sent> {
  const posted = await post(item, deps);
  if (!("lost" in posted)) return posted;
  const [sent] = await readBack([posted], deps);
  return sent!;
}

/**
 * The item, claimed, checked against the record, recorded and sent (again only after an answer
 * that proves it was not processed): how it ended, or lost (to read back; the claim is held).
 */
export async function post(item: SendItem, deps: SendDeps): Promise<Sent | Lost> {
  const prepared = await prepare(item, deps);
  return "ref" in prepared ? sendPrepared(prepared, deps) : prepared;
}

/**
 * An item ready to send: claimed, checked against the record, its body serialised once and
 * that text on record (flushed). Nothing of it is written yet; its claim is held.
 */
export interface Prepared {
  id: string;
  item: SendItem;
  claim: Claim;
  /** What was recorded: the exact bytes to write, and where the request came from. */
  request: NewRequest;
  ref: RequestRef;
}

/**
 * The item up to its request on record: claimed, an earlier request on record settled (a
 * read-back when one may have applied it), the rule's last word, the body serialised and
 * recorded. How it ended when nothing is to be sent, or ready to send (its claim held).
 */
export async function prepare(item: SendItem, deps: SendDeps): Promise<Prepared | Sent> {
  const id = idOf(item);
  const askedAt = deps.now();
  let claim: Claim;
  try {
    claim = await claimOf(id, deps);
  } catch (error) {
    return notSent(id, claimFailure(error, deps.signal));
  }
  const settle = () => settleEarlier(id, claim.waited ? askedAt : null, deps);
  return preparedUnder(item, claim, settle, deps);
}

/**
 * The item, claimed: `settle` (an earlier request on record settled: how the item ended, or null
 * to send it), the rule's last word, then the request on record. The claim is released unless
 * the item comes back ready to send.
 */
export async function preparedUnder(
  item: SendItem,
  claim: Claim,
  settle: () => Promise<Sent | null>,
  deps: SendDeps,
): Promise<Prepared | Sent> {
  const id = idOf(item);
  let ready = false;
  try {
    const settled = await settle();
    if (settled) return settled;
    // With the declaration claimed and the record checked: the rule's last word (rule-guard.ts).
    const refused = await item.guard?.beforeWrite();
    if (refused) return notSent(id, refused);
    const { client, receipts } = deps;
    const request: NewRequest = {
      baseUrl: client.baseUrl.href,
      publicKey: client.publicKey ?? "",
      declarationId: id,
      // Serialised once: the receipt holds these exact bytes, and the client sends them.
      body: stringifyLossless(item.body),
      rule: item.rule ?? null,
      via: item.via,
      imported: item.imported,
    };
    // Not on disk whole (a full disk): not sent (docs/RECEIPTS.md).
    let ref: RequestRef;
    try {
      ref = await receipts.recordRequest(request);
    } catch (error) {
      if (!isTradectlError(error)) throw error;
      const ended = notSent(id, error);
      await item.guard?.ended(ended.judgement.outcome);
      return ended;
    }
    ready = true;
    return { id, item, claim, request, ref };
  } finally {
    if (!ready) await claim.release();
  }
}

/**
 * A prepared item written (again only after an answer proving it unprocessed) and judged.
 * `onSent`: told when an attempt is on the wire whole (a batch prepares its next item then).
 */
export async function sendPrepared(
  prepared: Prepared,
  deps: SendDeps,
  onSent?: () => void,
): Promise<Sent | Lost> {
  const { item, claim } = prepared;
  let held = false;
  try {
    const handover = { claim, done: false };
    const result = await postAndJudge(prepared, deps, handover, onSent);
    // Handed over: released once its outcome is written (record.ts, a batch).
    held = handover.done;
    if ("lost" in result) {
      held = true;
      return { ...result, claim };
    }
    await item.guard?.ended(result.judgement.outcome);
    return result;
  } finally {
    if (!held) await claim.release();
  }
}

/**
 * A claim not taken: another process kept its request in flight past `--timeout` (kind
 * `unknown`), or Ctrl-C; anything else (the receipts' directory unusable) stops the run.
 */
export function claimFailure(error: unknown, signal: AbortSignal): TradectlError {
  if (signal.aborted) return TradectlError.listing("cancelled", [msg("confirm.x.cancelledBefore")]);
  if (isTradectlError(error) && error.kind === "unknown") return error;
  throw error;
}

/** A POST is never aborted once started: Ctrl-C lets it finish (its outcome is then known). */
const NEVER = new AbortController().signal;

/**
 * The recorded request written (again only after an answer proving it unprocessed), and judged.
 * `handover.done`: its claim is released with its outcome's write (record.ts).
 */
async function postAndJudge(
  { id, item, request, ref: first }: Prepared,
  deps: SendDeps,
  handover: { claim: Claim; done: boolean },
  onSent: (() => void) | undefined,
): Promise<Sent | Omit<Lost, "claim">> {
  const { client, io } = deps;
  const text = request.body;
  const seen: Seen = { answer: null, refused: null, unrecorded: null };
  // The attempt last written: the hooks move it on at each resend.
  const at = { ref: first, writtenAtMs: deps.now() };
  let failure: TradectlError | null = null;
  deps.inFlight?.add(id);
  try {
    await client.confirmText(text, {
      signal: NEVER,
      waitSignal: deps.signal,
      onAnswer: (status, body) => {
        seen.answer = { status, text: body };
      },
      ...(onSent ? { onSent } : {}),
      ...attemptsOnRecord(id, request, at, seen, deps),
    });
  } catch (error) {
    if (!isTradectlError(error)) {
      deps.inFlight?.delete(id);
      throw error;
    }
    failure = error;
  }
  const { ref } = at;
  const { refused, unrecorded, answer } = seen;
  if (refused && failure && (failure === unrecorded || failure.resendStop)) {
    // Not processed, and not sent again: rejected, on record with the refusing answer.
    const judgement = notSentAgain(refused.message, failure, unrecorded, deps);
    handover.done = await record(ref, refused.answer, judgement, deps, handover.claim);
    return { id, judgement, written: true, ...answeredBy(refused.answer) };
  }
  const wire = failure ? wireOfAnswer(failure, answer) : successWire(answer);
  const verdict = judgeAnswer(id, wire);
  if (verdict.verdict === "read-back") {
    io.warning(io.t("confirm.lostAnswer", { id, lost: verdict.lost }));
    return { id, item, ref, lost: verdict.lost, writtenAtMs: at.writtenAtMs, answer };
  }
  // Settled. (A refusal arrives above, with why the client stopped; one without a why cannot
  // come, and would be judged rejected, as the service said, all the same.)
  const judgement =
    verdict.verdict === "settled"
      ? verdict.judgement
      : judged.rejected(verdict.message, failure?.kind ?? "server");
  handover.done = await record(ref, answer, judgement, deps, handover.claim);
  return { id, judgement, written: wire.written, ...answeredBy(answer) };
}

/**
 * The client's resend hooks for one request (it sends again only after an answer proving the
 * request unprocessed, api/retry-policy.ts): each such answer on record as it comes, with the
 * "waiting" warning before a 429's wait, and each new attempt on record before it is written.
 * A record that does not reach disk throws, and the client sends nothing more.
 */
function attemptsOnRecord(
  id: string,
  request: NewRequest,
  at: { ref: RequestRef; writtenAtMs: number },
  seen: Seen,
  deps: SendDeps,
): ResendHooks {
  const { receipts, io } = deps;
  const onRecord = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (isTradectlError(error)) seen.unrecorded = error;
      throw error;
    }
  };
  return {
    onRefused: async (refusal) => {
      deps.inFlight?.delete(id);
      const verdict = judgeAnswer(id, wireOfAnswer(refusal.error, seen.answer));
      // A 429 or a 401 is always judged not processed (domain/outcome-answer.ts): were it ever
      // not, nothing more is sent, and the answer is judged as it stands.
      if (verdict.verdict !== "not-processed") throw refusal.error;
      seen.refused = { message: verdict.message, answer: seen.answer };
      await onRecord(() =>
        receipts.recordNotProcessed(at.ref, {
          status: seen.answer?.status ?? refusal.error.status ?? 0,
          responseBody: seen.answer?.text ?? null,
          reason: verdict.reason,
          message: inEnglish(verdict.message),
        }),
      );
      if (refusal.reason === "rate_limited" && refusal.resendInMs !== null) {
        const seconds = (refusal.resendInMs / 1000).toFixed(1);
        io.warning(io.t("confirm.waiting", { seconds }));
      }
    },
    onResend: async () => {
      at.ref = await onRecord(() => receipts.recordRequest(request, at.ref));
      at.writtenAtMs = deps.now();
      deps.inFlight?.add(id);
    },
  };
}

/** Why a request proven unprocessed was not sent again, in the judgement's words. */
function notSentAgain(
  message: Text,
  failure: TradectlError,
  unrecorded: TradectlError | null,
  deps: SendDeps,
): Judgement {
  if (failure === unrecorded) {
    const why = failure.text;
    return judged.rejected(msg("confirm.x.notSentAgain", { message, why }), failure.kind);
  }
  const stop = failure.resendStop;
  switch (stop?.why) {
    case "refused_again":
      return judged.rejected(msg("confirm.x.stampAgain", { message }), "auth");
    case "waits_spent":
      return judged.rejected(
        msg("confirm.x.waitedAgain", { message, times: stop.tries }),
        "rate_limited",
      );
    case "wait_too_long": {
      const seconds = (stop.waitMs / 1000).toFixed(1);
      const timeout = (deps.claimTimeoutMs / 1000).toFixed(1);
      const line = msg("confirm.x.waitTooLong", { message, seconds, timeout });
      return judged.rejected(line, "rate_limited");
    }
    default:
      // Ctrl-C while it waited: written once (and refused unprocessed), so not `not_sent`.
      return judged.rejected(msg("confirm.x.cancelledWaiting", { message }), "cancelled");
  }
}

/** What the client's hooks saw of one request's attempts. */
interface Seen {
  /** The last answer that came. */
  answer: Answer | null;
  /** The last answer that proved it unprocessed (a 429, a 401), as judged and recorded. */
  refused: { message: Text; answer: Answer | null } | null;
  /** A record that did not reach disk: the client sent nothing more. */
  unrecorded: TradectlError | null;
}

/** A 200 the client accepted: `success: true` (a success:false arrives as an error). */
function successWire(answer: Answer | null): Wire {
  if (!answer) return ANSWERED_SUCCESS;
  return {
    written: true,
    status: answer.status,
    body: { success: true, message: null, code: null },
  };
}

/** What the wire carried, from the client's error and the answer's own text where one came. */
function wireOfAnswer(error: TradectlError, answer: Answer | null): Wire {
  const wire = wireOfError(error);
  if (!answer || !wire.written || wire.status === null || wire.body === null) return wire;
  // The server's own words (the client may have rephrased them), e.g. "Invalid Nonce".
  const said = readErrorBody(answer.text);
  return {
    ...wire,
    body: {
      ...wire.body,
      message: said.message ?? wire.body.message,
      code: said.code ?? wire.body.code,
    },
  };
}

/** The answer's HTTP status and the service's code, for the error line (none without an answer). */
function answeredBy(answer: Answer | null): Pick<Sent, "answered"> {
  return answer
    ? { answered: { status: answer.status, code: readErrorBody(answer.text).code } }
    : {};
}
