import type { TradeClient } from "../../../api/client.js";
import { readErrorBody } from "../../../api/response-errors.js";
import type { Sleep } from "../../../api/sleep.js";
import {
  type Claim,
  openReceipts,
  type Receipts,
  type RequestRef,
  receiptsPath,
} from "../../../config/receipts.js";
import {
  declaredAnswers,
  otherRequests,
  type RequestSummary,
} from "../../../config/receipts-queries.js";
import type { ConfirmBody } from "../../../domain/confirm.js";
import type { Declaration } from "../../../domain/declarations.js";
import {
  ANSWERED_SUCCESS,
  type Judgement,
  judgeAnswer,
  judgeReadBack,
  type NotProcessedReason,
  type Outcome,
  type ReadBack,
  type SentAnswers,
  type Wire,
  wireOfError,
} from "../../../domain/outcome.js";
import { isTradectlError, TradectlError } from "../../../errors.js";
import type { IOStreams } from "../../../output/io.js";
import { parseServerTime } from "../../../output/time.js";
import { stringifyLossless } from "../../../wire/json.js";
import type { CommandContext } from "../../context.js";
import { lookUpDeclarations } from "./lookup.js";

/**
 * THE send path of `declarations confirm`: a single confirm and every item of a batch go
 * through it (CLI-CONTRACT.md, "What an outcome claims" and "Receipts").
 * - The body is serialised once; that exact text is recorded (flushed) in the receipts before
 *   it is written, and those bytes are what the client sends.
 * - A declaration is claimed across processes before anything is sent for it; a request for it
 *   on record that may have applied it (another run's, or one cut off by a kill) is settled by
 *   reading the list back first, and nothing is sent when it is Confirmed.
 * - An answer is judged by domain/outcome.ts: settled, not processed (a 429 waits and is sent
 *   again, a 401 is sent once more with a fresh stamp: both attempts on record), or lost
 *   (read back: one walk for all the lost answers of a batch). Every ending is on record.
 */

/** One confirmation to send. */
export interface SendItem {
  body: ConfirmBody;
  /** The rule that chose the answers (declaring by rules); recorded with the request. */
  rule?: string | null;
  /** A last check just before the request is written, told how the item ended (rule-guard.ts). */
  guard?: SendGuard;
}

/**
 * Declaring by rules: a `--once` rule is spent just before its request is written (so racing
 * processes send it once), and given back when the item ended proven not applied.
 */
export interface SendGuard {
  /** Null: send. Else why nothing is sent: the item ends `not_sent` with this error. */
  beforeWrite(): Promise<TradectlError | null>;
  /** How the item ended, once known (after the read-back for a lost answer). */
  ended(outcome: Outcome): Promise<void>;
}

/** How an item ended. */
export interface Sent {
  id: string;
  judgement: Judgement;
  /** Whether a request for it was written (an item settled from the record sends none). */
  written: boolean;
}

export interface SendDeps {
  /** The run's one client. */
  client: TradeClient;
  io: IOStreams;
  /** Where every confirmation is on record before it is sent. */
  receipts: Receipts;
  /** The clock (Unix ms): when a request was written, entries' times. */
  now(): number;
  /** How the send path waits (a claim held by another process, a 429's wait): the context's. */
  sleep: Sleep;
  /** How long to wait for another process's request for the same declaration (`--timeout`). */
  claimTimeoutMs: number;
  /**
   * Ctrl-C: stops waits (a claim, a 429's wait) and reads, never the POST in flight: that one
   * finishes, and its outcome is known and recorded.
   */
  signal: AbortSignal;
  /**
   * The declarations whose request is written and whose outcome is not on record yet: a
   * second Ctrl-C names them before the process leaves.
   */
  inFlight?: Set<string>;
}

/** A request whose answer was lost: read back with `readBack`, its claim held until then. */
export interface Lost {
  id: string;
  item: SendItem;
  ref: RequestRef;
  /** What was lost, in words (the judgement's). */
  lost: string;
  /** When its last attempt was written (local clock). */
  writtenAtMs: number;
  /** The answer that came, when one did (a 5xx, an HTML page): recorded with the outcome. */
  answer: Answer | null;
  claim: Claim;
}

interface Answer {
  status: number;
  text: string;
}

/** A POST is never aborted once started: Ctrl-C lets it finish (its outcome is then known). */
const NEVER = new AbortController().signal;

/** How often one request meets a 429 before it ends `rejected` (rate_limited, exit 6). */
const MAX_RATE_WAITS = 5;
/** The wait after a 429 that names neither a Retry-After nor a window. */
const DEFAULT_RATE_WAIT_MS = 1_000;

/** The run's send path: its one client, the receipts (`--sandbox`: the sandbox's own), Ctrl-C. */
export async function sendDeps(ctx: CommandContext): Promise<SendDeps> {
  const path = receiptsPath(ctx.env, { sandbox: ctx.globals.sandbox });
  return {
    client: await ctx.client(),
    io: ctx.io,
    receipts: openReceipts(path, { now: ctx.now }),
    now: ctx.now,
    sleep: ctx.sleep,
    claimTimeoutMs: ctx.globals.timeoutMs,
    signal: ctx.signal,
    inFlight: ctx.inFlight,
  };
}

const idOf = (item: SendItem) => item.body.cryptoDepositDeclarationId.value;

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
  let claim: Claim;
  try {
    claim = await deps.receipts.claim(id, {
      timeoutMs: deps.claimTimeoutMs,
      now: deps.now,
      sleep: deps.sleep,
      signal: deps.signal,
    });
  } catch (error) {
    return notSent(id, claimFailure(error, deps.signal));
  }
  let held = false;
  try {
    const earlier = await settleEarlier(id, claim.waited, deps);
    if (earlier) return earlier;
    // With the declaration claimed and the record checked: the rule's last word (rule-guard.ts).
    const refused = await item.guard?.beforeWrite();
    if (refused) return notSent(id, refused);
    const result = await send(item, deps);
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
 * The lost answers, from one walk of the list and the receipts: each judged, its outcome on
 * record, its claim released. A read-back that fails leaves them `unknown`.
 */
export async function readBack(lost: readonly Lost[], deps: SendDeps): Promise<Sent[]> {
  const read = await readList(
    lost.map((l) => l.id),
    deps,
  );
  const sent: Sent[] = [];
  for (const l of lost) {
    try {
      const summaries = await deps.receipts.requests(l.id);
      const judgement = judgeReadBack(l.lost, {
        declarationId: l.id,
        sent: sentAnswers(l.item.body),
        readBack: readBackOf(read, l.id, deps.client),
        others: otherRequests(summaries, l.ref.requestId),
        writtenAtMs: l.writtenAtMs,
      });
      await record(l.ref, l.answer, judgement, deps);
      sent.push({ id: l.id, judgement, written: true });
      await l.item.guard?.ended(judgement.outcome);
    } finally {
      await l.claim.release();
    }
  }
  return sent;
}

type ListRead = { found: Map<string, Declaration> } | { failed: string };

async function readList(ids: readonly string[], deps: SendDeps): Promise<ListRead> {
  try {
    return { found: await lookUpDeclarations(deps.client, ids) };
  } catch (error) {
    if (deps.signal.aborted) return { failed: "cancelled by Ctrl-C before it could be read" };
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}

/** The declaration as the judgement reads it: confirmedAt moved onto this machine's clock. */
function readBackOf(read: ListRead, id: string, client: TradeClient): ReadBack {
  if ("failed" in read) return { state: "failed", reason: read.failed };
  const found = read.found.get(id);
  if (!found) return { state: "failed", reason: "the list shows it under neither status" };
  if (found.status !== "Confirmed") return { state: "Pending" };
  const at = found.confirmedAt ? parseServerTime(found.confirmedAt) : null;
  return {
    state: "Confirmed",
    confirmedAt: found.confirmedAt ?? null,
    confirmedAtMs: at ? at.getTime() - client.stampClock.offsetMs : null,
    firstName: found.firstName ?? null,
    lastName: found.lastName ?? null,
    confirmedBy: found.confirmedBy ?? null,
  };
}

const sentAnswers = (body: ConfirmBody): SentAnswers => ({
  isSelfSender: body.isSelfSender,
  firstName: body.firstName,
  lastName: body.lastName,
});

/** The answers a recorded body sent (an unreadable one counts as another person, unnamed). */
function recordedAnswers(body: string): SentAnswers {
  const d = declaredAnswers(body);
  return {
    isSelfSender: d.isSelfSender === true,
    firstName: d.firstName ?? undefined,
    lastName: d.lastName ?? undefined,
  };
}

/** Outcomes that prove a request did not apply its confirmation. */
const NOT_APPLIED: ReadonlySet<Outcome> = new Set(["rejected", "not_found", "not_sent"]);

/** A recorded request that may have applied a confirmation: no outcome, or one that says so. */
function mayHaveApplied(summary: RequestSummary): boolean {
  if (summary.outcome) return !NOT_APPLIED.has(summary.outcome.outcome);
  // Its last attempt proven unprocessed (a 429) and then cut off: nothing was applied.
  return !summary.notProcessed.some((n) => n.attempt === summary.last.attempt);
}

/**
 * Before anything is sent for a declaration: requests on record that may have applied it
 * (another process's, which this one waited for; one whose run was killed; an earlier run's
 * `unknown`) are settled by reading the list back. Confirmed: nothing is sent, and the item is
 * what the record and the list show. Pending: sent. A failed read: nothing is sent.
 */
async function settleEarlier(id: string, waited: boolean, deps: SendDeps): Promise<Sent | null> {
  const summaries = await deps.receipts.requests(id);
  const open = summaries.filter(mayHaveApplied);
  if (open.length === 0 && !waited) return null;
  const read = await readList([id], deps);
  const readBack = readBackOf(read, id, deps.client);
  for (const earlier of open) {
    const before = earlier.outcome?.outcome ?? null;
    if (before !== null && before !== "unknown") continue;
    const judgement = judgeReadBack("its answer is not on record", {
      declarationId: id,
      sent: recordedAnswers(earlier.last.body),
      readBack,
      others: otherRequests(summaries, earlier.requestId),
      writtenAtMs: Date.parse(earlier.last.time),
    });
    // An earlier `unknown` still unknown: nothing new to record.
    if (before === "unknown" && judgement.outcome === "unknown") continue;
    const ref = { requestId: earlier.requestId, attempt: earlier.last.attempt, declarationId: id };
    await record(ref, null, judgement, deps);
  }
  if ("failed" in read) {
    return notSent(
      id,
      new TradectlError(
        deps.signal.aborted ? "cancelled" : "unknown",
        `declaration ${id}: not sent: a request for it is on record whose outcome is not settled, and reading the list back failed (${read.failed})`,
        {
          hint: `running the same command again is safe; \`tradectl receipts show ${id}\` shows what is on record`,
        },
      ),
    );
  }
  if (readBack.state !== "Confirmed") return null;
  const latest = (await deps.receipts.requests(id)).filter((s) => s.outcome !== null).at(-1);
  const said = latest?.outcome
    ? ` (request ${latest.requestId} of ${latest.first.time}: ${latest.outcome.outcome})`
    : "";
  return {
    id,
    written: false,
    judgement: {
      outcome: "already_confirmed",
      verifiedBy: "read-back",
      byThisRequest: false,
      message: `declaration ${id}: already confirmed${readBack.confirmedAt ? ` at ${readBack.confirmedAt}` : ""} by an earlier request on record${said}; nothing was sent`,
      kind: "conflict",
    },
  };
}

/** The request recorded, then written (again only after an answer proving it unprocessed). */
async function send(item: SendItem, deps: SendDeps): Promise<Sent | Omit<Lost, "claim">> {
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
  };
  let ref = await receipts.recordRequest(request);
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
      return { id, judgement: verdict.judgement, written: wire.written };
    }
    if (verdict.verdict === "read-back") {
      io.warn(
        `${io.err.yellow("warning:")} declaration ${id}: the request was sent but its answer was lost (${verdict.lost}); reading its state back instead of sending it again`,
      );
      return { id, item, ref, lost: verdict.lost, writtenAtMs, answer };
    }
    // Not processed: the one case where a confirmation is sent again; both attempts on record.
    const refused = answer;
    await receipts.recordNotProcessed(ref, {
      status: refused?.status ?? failure?.status ?? 0,
      responseBody: refused?.text ?? null,
      reason: verdict.reason,
      message: verdict.message,
    });
    deps.inFlight?.delete(id);
    const stop = await beforeResend(verdict.reason, failure, { stampResent, rateWaits }, deps);
    if (stop) {
      const judgement = stop(verdict.message);
      await record(ref, refused, judgement, deps);
      return { id, judgement, written: true };
    }
    if (verdict.reason !== "rate_limited") stampResent = true;
    else rateWaits++;
    ref = await receipts.recordRequest(request, ref);
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
): Promise<((message: string) => Judgement) | null> {
  const { client, io } = deps;
  if (reason !== "rate_limited") {
    if (done.stampResent) {
      return (message) => ({
        outcome: "rejected",
        verifiedBy: "answer",
        byThisRequest: false,
        message: `${message}, again with a fresh stamp after reading the server's clock; not applied (\`tradectl auth doctor\` finds why)`,
        kind: "auth",
      });
    }
    try {
      await client.syncClock();
    } catch {
      // The resend goes out with a fresh stamp anyway; its own answer is the one judged.
    }
    return null;
  }
  if (done.rateWaits >= MAX_RATE_WAITS) {
    return (message) => ({
      outcome: "rejected",
      verifiedBy: "answer",
      byThisRequest: false,
      message: `${message}, ${MAX_RATE_WAITS + 1} times after waiting as asked; not applied`,
      kind: "rate_limited",
    });
  }
  const waitMs = rateWait(failure, client);
  io.warn(
    `${io.err.yellow("warning:")} the service answered 429 (not processed); waiting ${(waitMs / 1000).toFixed(1)} s before sending it again, and nothing else meanwhile`,
  );
  try {
    await deps.sleep(waitMs, deps.signal);
  } catch {
    // It was written once (and refused unprocessed): not `not_sent`, which claims no byte left.
    return (message) => ({
      outcome: "rejected",
      verifiedBy: "answer",
      byThisRequest: false,
      message: `${message}; cancelled while waiting to send it again: not applied`,
      kind: "cancelled",
    });
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

async function record(
  ref: RequestRef,
  answer: Answer | null,
  judgement: Judgement,
  deps: SendDeps,
): Promise<void> {
  await deps.receipts.recordOutcome(ref, {
    status: answer?.status ?? null,
    responseBody: answer?.text ?? null,
    outcome: judgement.outcome,
    verifiedBy: judgement.verifiedBy,
    byThisRequest: judgement.byThisRequest,
    message: judgement.message,
  });
  deps.inFlight?.delete(ref.declarationId);
}

/** Nothing was written for the item: why, as its outcome. */
function notSent(id: string, error: TradectlError): Sent {
  return {
    id,
    written: false,
    judgement: {
      outcome: "not_sent",
      verifiedBy: null,
      byThisRequest: false,
      message: error.message.startsWith(`declaration ${id}`)
        ? error.message
        : `declaration ${id}: not sent: ${error.message}`,
      kind: error.kind,
    },
  };
}

/**
 * A claim not taken: another process kept its request in flight past `--timeout` (kind
 * `unknown`), or Ctrl-C; anything else (the receipts' directory unusable) stops the run.
 */
function claimFailure(error: unknown, signal: AbortSignal): TradectlError {
  if (signal.aborted) return new TradectlError("cancelled", "cancelled before it was sent");
  if (isTradectlError(error) && error.kind === "unknown") return error;
  throw error;
}
