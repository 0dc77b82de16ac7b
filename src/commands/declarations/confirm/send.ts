import type { TradeClient } from "../../../api/client.js";
import type { ConfirmBody } from "../../../domain/confirm.js";
import {
  judgeReadBack,
  outcomeOfRefusal,
  outcomeOfVerdict,
  type Unconfirmed,
  type Verdict,
  verdictKind,
} from "../../../domain/confirm-outcome.js";
import type { Declaration } from "../../../domain/declarations.js";
import type { Outcome } from "../../../domain/outcome.js";
import { isTradectlError, TradectlError } from "../../../errors.js";
import type { IOStreams } from "../../../output/io.js";
import { parseServerTime } from "../../../output/time.js";
import { alreadyConfirmed, CONFIRMED_HINT, lookUpDeclarations } from "./lookup.js";

/**
 * THE send path of `declarations confirm`: a single confirm and every item of a batch go
 * through it. One POST per body, never re-sent; when its answer is lost after it may have
 * reached the server (or says success:false), the declarations list is read to say what
 * happened, not guessed (one walk for all the lost answers of a batch).
 */

/** One confirmation to send: its body, and the declaration's state when it was read first. */
export interface SendItem {
  body: ConfirmBody;
  /** The status read before sending (the wizard's lookup, a pick from the Pending list). */
  statusBefore: string | null;
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

/** How a sent confirmation ended, once that is known. */
export type Settled =
  /** The server answered 200 with success:true. */
  | { id: string; outcome: "confirmed"; via: "response" }
  /**
   * The answer was lost (or said success:false), and the declarations list shows it Confirmed.
   * `byThisRequest` is null when the list cannot tell whether this request or an earlier one
   * did it.
   */
  | {
      id: string;
      outcome: "confirmed";
      via: "read-back";
      declaration: Declaration;
      byThisRequest: true | null;
    }
  /** Anything else, explained, with the declaration named (its kind is the exit code). */
  | { id: string; outcome: Unconfirmed; error: TradectlError };

/**
 * Where a record of what is sent plugs in: told the exact body before it is written to the
 * network (awaited: a recorder that throws stops the send, and nothing is sent), and the
 * outcome once it is known (after the read-back for a lost answer). No-op by default.
 */
export interface SendRecorder {
  beforeSend(body: ConfirmBody): void | Promise<void>;
  settled(outcome: Settled): void | Promise<void>;
}

const NO_RECORD: SendRecorder = { beforeSend: () => {}, settled: () => {} };

export interface SendDeps {
  /** The run's one client. */
  client: TradeClient;
  io: IOStreams;
  /** The clock (Unix ms): when a POST went out, for reading its outcome back. */
  now(): number;
  /**
   * What stops a POST in flight (by default the client's own: Ctrl-C). A batch hands one that
   * Ctrl-C does not abort, so the POST finishes, its outcome is known, and the batch stops
   * before the next.
   */
  postSignal?: AbortSignal;
  /**
   * Whether a 5xx (the service failed on its side) is read back like a lost answer. A batch
   * does (it reads its lost answers back in one walk at the end anyway); a single confirm
   * reports it, with how to check before trying again.
   */
  readBackServerErrors?: boolean;
  recorder?: SendRecorder;
}

/** A POST whose answer was lost after it may have reached the server: read back later. */
export interface Lost {
  item: SendItem;
  failure: TradectlError;
  /** When it was sent, on the server's clock (the offset the client signed with). */
  serverSentAt: number;
}

const PENDING_HINT =
  "`tradectl declarations list --status pending` lists the declarations you can confirm";

const whetherConfirmed = (id: string) =>
  `\`tradectl declarations list --status confirmed\` shows whether declaration ${id} is confirmed`;

const idOf = (item: SendItem) => item.body.cryptoDepositDeclarationId.value;

/** Sends one item, and reads its outcome back at once when the answer is lost. */
export async function sendOne(item: SendItem, deps: SendDeps): Promise<Settled> {
  const posted = await post(item, deps);
  if (!("failure" in posted)) return posted;
  const [settled] = await readBack([posted], deps);
  return settled!;
}

/**
 * Sends the confirmation once: settled (confirmed, or refused and explained), or lost (to be
 * read back with `readBack`). The lost-answer warning is said at once.
 */
export async function post(item: SendItem, deps: SendDeps): Promise<Settled | Lost> {
  const { client, io } = deps;
  const recorder = deps.recorder ?? NO_RECORD;
  const id = idOf(item);
  const refused = await item.guard?.beforeWrite();
  if (refused) return settle({ id, outcome: "not_sent", error: refused }, recorder, item);
  await recorder.beforeSend(item.body);
  const sentAt = deps.now();
  try {
    // A 200 whose body says success:false arrives as an error (refusedIn2xx) from the client.
    await client.confirmDeclaration(item.body, { signal: deps.postSignal });
  } catch (error) {
    if (!isTradectlError(error)) throw error;
    if (error.kind === "cancelled") {
      const cancelled = new TradectlError(
        "cancelled",
        "cancelled while the confirmation was being sent",
        { hint: `it may have reached the server: ${whetherConfirmed(id)}` },
      );
      return settle({ id, outcome: "unknown", error: cancelled }, recorder, item);
    }
    const serverFailed =
      deps.readBackServerErrors === true && error.kind === "server" && (error.status ?? 0) >= 500;
    if (error.requestMayHaveArrived || serverFailed) {
      warnLost(io, id, error);
      return { item, failure: error, serverSentAt: sentAt + client.stampClock.offsetMs };
    }
    const explained = explain(error, id);
    return settle(
      { id, outcome: outcomeOfRefusal(explained.kind), error: explained },
      recorder,
      item,
    );
  }
  return settle({ id, outcome: "confirmed", via: "response" }, recorder, item);
}

/**
 * The lost answers, from one walk of the list: what each turned out to be (a failed read is an
 * unknown outcome; a cancel stays a cancel).
 */
export async function readBack(lost: readonly Lost[], deps: SendDeps): Promise<Settled[]> {
  const recorder = deps.recorder ?? NO_RECORD;
  let found: Map<string, Declaration> | null = null;
  let readError: unknown = null;
  try {
    found = await lookUpDeclarations(
      deps.client,
      lost.map((l) => idOf(l.item)),
    );
  } catch (error) {
    readError = error;
  }
  const settled: Settled[] = [];
  for (const l of lost) {
    const id = idOf(l.item);
    const outcome: Settled =
      found === null
        ? { id, outcome: "unknown", error: readBackFailed(id, l.failure, readError) }
        : judged(l, found.get(id) ?? null);
    settled.push(await settle(outcome, recorder, l.item));
  }
  return settled;
}

async function settle(outcome: Settled, recorder: SendRecorder, item: SendItem): Promise<Settled> {
  await recorder.settled(outcome);
  await item.guard?.ended(outcome.outcome);
  return outcome;
}

/** What the list shows about one lost answer, judged by the domain's rule. */
function judged(lost: Lost, found: Declaration | null): Settled {
  const id = idOf(lost.item);
  const at = found?.confirmedAt ? parseServerTime(found.confirmedAt) : null;
  const verdict = judgeReadBack(
    found && { status: found.status, confirmedAtMs: at ? at.getTime() : null },
    { statusBefore: lost.item.statusBefore, serverSentAt: lost.serverSentAt },
  );
  if (verdict.verdict === "confirmed") {
    return {
      id,
      outcome: "confirmed",
      via: "read-back",
      declaration: found!,
      byThisRequest: verdict.byThisRequest,
    };
  }
  return {
    id,
    outcome: outcomeOfVerdict(verdict, lost.failure.refusedIn2xx),
    error: verdictError(verdict, id, lost.failure, found),
  };
}

/** A verdict that is not a confirmation, in words, with the next step. */
function verdictError(
  verdict: Exclude<Verdict, { verdict: "confirmed" }>,
  id: string,
  failure: TradectlError,
  found: Declaration | null,
): TradectlError {
  const what = lostWhat(failure);
  switch (verdict.verdict) {
    case "missing":
      return new TradectlError(
        "network",
        `the outcome is unknown: ${what}, and declaration ${id} is in neither the Confirmed nor the Pending list`,
        { hint: "`tradectl declarations list` shows your declarations" },
      );
    case "not_applied":
      return new TradectlError(
        verdictKind(verdict, failure),
        `declaration ${id} is still ${found!.status}: the confirmation was not applied; it is safe to run the command again`,
        { status: failure.status, code: failure.code, hint: `why: ${failure.message}` },
      );
    case "confirmed_before":
      return alreadyConfirmed(
        found!,
        ", before this request (the list shows it; the answer was lost)",
      );
  }
}

/** Reading the list back failed too: the outcome is unknown (a cancel stays a cancel). */
function readBackFailed(id: string, failure: TradectlError, error: unknown): TradectlError {
  if (isTradectlError(error) && error.kind === "cancelled") return error;
  const why = error instanceof Error ? error.message : String(error);
  return new TradectlError(
    "network",
    `the outcome is unknown: ${lostWhat(failure)}, and checking declaration ${id}'s state failed too (${why})`,
    { hint: `before running the command again, ${whetherConfirmed(id)}` },
  );
}

/** The server's refusal, with the declaration named and the next step to take. */
function explain(error: TradectlError, id: string): TradectlError {
  switch (error.kind) {
    case "not_found":
      return TradectlError.with(error, {
        message: `declaration ${id}: ${error.message}`,
        hint: `no pending declaration has this id; ${PENDING_HINT}`,
      });
    case "conflict":
      return TradectlError.with(error, {
        message: `declaration ${id} is already confirmed (the server said: ${error.message})`,
        hint: `nothing was changed; ${CONFIRMED_HINT}`,
      });
    case "validation":
      // A 400 carries one of the seed's rule messages: shown as is, like the local check does.
      return TradectlError.with(error, {
        hint: error.hint ?? "the server refused the request and nothing was changed",
      });
    case "server":
      return TradectlError.with(error, {
        message: `declaration ${id}: ${error.message}`,
        hint: `the service failed on its side; before trying again, ${whetherConfirmed(id)}`,
      });
    default:
      return error;
  }
}

/** What was lost, in words: a refusal in a 2xx, or an answer that never came. */
export function lostWhat(failure: TradectlError): string {
  return failure.refusedIn2xx
    ? `the server did not confirm it (${failure.message})`
    : `the request was sent but its answer was lost (${failure.message})`;
}

/** The warning said when an answer is lost, before the list is read. */
export function warnLost(io: IOStreams, id: string, failure: TradectlError): void {
  io.warn(
    `${io.err.yellow("warning:")} ${lostWhat(failure)}; checking declaration ${id}'s state instead of sending again`,
  );
}
