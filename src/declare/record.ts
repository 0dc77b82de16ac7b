// How the send path puts an item's ending on record, and the ending of an item nothing was written for.
import type { Claim, RequestRef } from "../config/receipts.js";
import { type Judgement, judged } from "../domain/outcome.js";
import { isTradectlError, type Text, type TradectlError } from "../errors.js";
import { inEnglish, msg } from "../i18n/index.js";
import type { Answer, SendDeps, Sent } from "./send-types.js";

/**
 * Puts an item's ending on record. An ending that cannot be written (a full disk) is still the
 * ending: the caller reports it, and a warning says it is not on record; the request is, so the
 * next run that touches the declaration reads it back, as after a killed run.
 *
 * With `claim` and a run that writes outcomes with the next request (`outcomesWithNext`, a
 * batch): the ending waits to be written with the next entry, and the claim is released only
 * once it is written (another process must find the outcome on record when it takes the claim).
 * True: the claim is handed over so.
 */
export async function record(
  ref: RequestRef,
  answer: Answer | null,
  judgement: Judgement,
  deps: SendDeps,
  claim?: Claim,
): Promise<boolean> {
  const withNext = claim && deps.outcomesWithNext ? () => claim.release() : undefined;
  try {
    await deps.receipts.recordOutcome(
      ref,
      {
        status: answer?.status ?? null,
        responseBody: answer?.text ?? null,
        outcome: judgement.outcome,
        verifiedBy: judgement.verifiedBy,
        byThisRequest: judgement.byThisRequest,
        message: inEnglish(judgement.message),
      },
      withNext,
    );
    return withNext !== undefined;
  } catch (error) {
    if (!isTradectlError(error)) throw error;
    const { io } = deps;
    const line = { id: ref.declarationId, outcome: judgement.outcome, why: error.text };
    io.warning(io.t("confirm.outcomeNotRecorded", line));
    return false;
  } finally {
    deps.inFlight?.delete(ref.declarationId);
  }
}

/** Nothing was written for the item: why, as its outcome. */
export function notSent(id: string, error: TradectlError): Sent {
  const line: Text = error.message.startsWith(`declaration ${id}`)
    ? error.text
    : msg("confirm.x.notSent", { id, why: error.text });
  return { id, written: false, judgement: judged.notSent(line, error.kind) };
}
