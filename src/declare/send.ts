// THE send path of `declarations confirm`, top to bottom: claim, settle an earlier request, record, POST, judge, resend when proven unprocessed.
import type { TradeClient } from "../api/client.js";
import { readErrorBody } from "../api/response-errors.js";
import type { Claim, RequestRef } from "../config/receipts.js";
import { type Judgement, judged } from "../domain/outcome.js";
import {
  ANSWERED_SUCCESS,
  judgeAnswer,
  type NotProcessedReason,
  type Wire,
  wireOfError,
} from "../domain/outcome-answer.js";
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
 * - An answer is judged by domain/outcome.ts: settled, not processed (a 429 waits and is sent
 *   again, a 401 is sent once more with a fresh stamp: both attempts on record), or lost
 *   (read back: one walk for all the lost answers of a batch). Every ending is on record.
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
  const id = idOf(item);
  const askedAt = deps.now();
  let claim: Claim;
  try {
    claim = await claimOf(id, deps);
  } catch (error) {
    return notSent(id, claimFailure(error, deps.signal));
  }
  let held = false;
  try {
    const earlier = await settleEarlier(id, claim.waited ? askedAt : null, deps);
    if (earlier) return earlier;
    // With the declaration claimed and the record checked: the rule's last word (rule-guard.ts).
    const refused = await item.guard?.beforeWrite();
    if (refused) return notSent(id, refused);
    const result = await postAndJudge(item, deps);
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
function claimFailure(error: unknown, signal: AbortSignal): TradectlError {
  if (signal.aborted) return TradectlError.listing("cancelled", [msg("confirm.x.cancelledBefore")]);
  if (isTradectlError(error) && error.kind === "unknown") return error;
  throw error;
}

/** A POST is never aborted once started: Ctrl-C lets it finish (its outcome is then known). */
const NEVER = new AbortController().signal;

/** How often one request meets a 429 before it ends `rejected` (rate_limited, exit 6). */
const MAX_RATE_WAITS = 5;
/** The wait after a 429 that names neither a Retry-After nor a window. */
const DEFAULT_RATE_WAIT_MS = 1_000;

/** The request recorded, then written (again only after an answer proving it unprocessed). */
async function postAndJudge(item: SendItem, deps: SendDeps): Promise<Sent | Omit<Lost, "claim">> {
  const { client, receipts, io } = deps;
  const id = idOf(item);
  // Serialised once: the receipt holds these exact bytes, and the client sends them.
  const text = stringifyLossless(item.body);
  const request = {
    baseUrl: client.baseUrl.href,
    publicKey: client.publicKey ?? "",
    declarationId: id,
    body: text,
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
    return notSent(id, error);
  }
  let stampResent = false;
  let rateWaits = 0;
  for (;;) {
    const seen: { answer: Answer | null } = { answer: null };
    let failure: TradectlError | null = null;
    const writtenAtMs = deps.now();
    deps.inFlight?.add(id);
    try {
      await client.confirmText(text, {
        signal: NEVER,
        onAnswer: (status, body) => {
          seen.answer = { status, text: body };
        },
      });
    } catch (error) {
      if (!isTradectlError(error)) {
        deps.inFlight?.delete(id);
        throw error;
      }
      failure = error;
    }
    const { answer } = seen;
    const wire = failure ? wireOfAnswer(failure, answer) : successWire(answer);
    const verdict = judgeAnswer(id, wire);
    if (verdict.verdict === "settled") {
      await record(ref, answer, verdict.judgement, deps);
      return { id, judgement: verdict.judgement, written: wire.written, ...answeredBy(answer) };
    }
    if (verdict.verdict === "read-back") {
      io.warn(
        `${io.err.yellow(io.t("confirm.warning"))} ${io.t("confirm.lostAnswer", { id, lost: verdict.lost })}`,
      );
      return { id, item, ref, lost: verdict.lost, writtenAtMs, answer };
    }
    // Not processed: the one case where a confirmation is sent again; both attempts on record.
    const refused = answer;
    deps.inFlight?.delete(id);
    let stop: ((message: Text) => Judgement) | null;
    let next: RequestRef | null = null;
    try {
      await receipts.recordNotProcessed(ref, {
        status: refused?.status ?? failure?.status ?? 0,
        responseBody: refused?.text ?? null,
        reason: verdict.reason,
        message: inEnglish(verdict.message),
      });
      stop = await beforeResend(verdict.reason, failure, { stampResent, rateWaits }, deps);
      // The next attempt on disk whole before it is sent, or it is not sent.
      if (!stop) next = await receipts.recordRequest(request, ref);
    } catch (error) {
      if (!isTradectlError(error)) throw error;
      const why = error.text;
      stop = (message) =>
        judged.rejected(msg("confirm.x.notSentAgain", { message, why }), error.kind);
    }
    if (stop || !next) {
      const judgement = stop!(verdict.message);
      await record(ref, refused, judgement, deps);
      return { id, judgement, written: true, ...answeredBy(refused) };
    }
    if (verdict.reason !== "rate_limited") stampResent = true;
    else rateWaits++;
    ref = next;
  }
}

/**
 * What comes before sending again: a fresh clock reading after a 401, the service's
 * wait after a 429 (nothing else is sent meanwhile: the batch sends one item at a time).
 * Returns how the request ends instead when it may not be sent again.
 */
async function beforeResend(
  reason: NotProcessedReason,
  failure: TradectlError | null,
  done: { stampResent: boolean; rateWaits: number },
  deps: SendDeps,
): Promise<((message: Text) => Judgement) | null> {
  const { client, io } = deps;
  if (reason !== "rate_limited") {
    if (done.stampResent) {
      return (message) => judged.rejected(msg("confirm.x.stampAgain", { message }), "auth");
    }
    try {
      await client.syncClock();
    } catch {
      // The resend goes out with a fresh stamp anyway; its own answer is the one judged.
    }
    return null;
  }
  if (done.rateWaits >= MAX_RATE_WAITS) {
    return (message) =>
      judged.rejected(
        msg("confirm.x.waitedAgain", { message, times: MAX_RATE_WAITS + 1 }),
        "rate_limited",
      );
  }
  const waitMs = rateWait(failure, client);
  const seconds = (waitMs / 1000).toFixed(1);
  // A wait longer than --timeout is not waited (a Retry-After of 99999 is 27.8 hours).
  if (waitMs > deps.claimTimeoutMs) {
    const timeout = (deps.claimTimeoutMs / 1000).toFixed(1);
    return (message) =>
      judged.rejected(msg("confirm.x.waitTooLong", { message, seconds, timeout }), "rate_limited");
  }
  io.warn(`${io.err.yellow(io.t("confirm.warning"))} ${io.t("confirm.rateWait", { seconds })}`);
  try {
    await deps.sleep(waitMs, deps.signal);
  } catch {
    // It was written once (and refused unprocessed): not `not_sent`, which claims no byte left.
    return (message) =>
      judged.rejected(msg("confirm.x.cancelledWaiting", { message }), "cancelled");
  }
  return null;
}

/** The wait a 429 asks for: its Retry-After, else the window learned or published, else 1 s. */
function rateWait(failure: TradectlError | null, client: TradeClient): number {
  if (failure?.retryAfterMs != null && failure.retryAfterMs > 0) return failure.retryAfterMs;
  const windows = client.rateWindows("confirm");
  if (windows.length > 0) return Math.max(...windows.map((w) => w.ms));
  return DEFAULT_RATE_WAIT_MS;
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
