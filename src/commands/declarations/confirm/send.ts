import type { TradeClient } from "../../../api/client.js";
import type { ConfirmBody } from "../../../domain/confirm.js";
import type { Declaration } from "../../../domain/declarations.js";
import { isTradectlError, TradectlError } from "../../../errors.js";
import type { IOStreams } from "../../../output/io.js";
import { sanitize } from "../../../output/sanitize.js";
import { parseServerTime } from "../../../output/time.js";
import { declarationId } from "./view.js";

/** How the outcome of a sent confirmation is known. */
export type SendResult =
  /** The server answered 200 with success:true. */
  | { via: "response" }
  /**
   * The answer was lost (or said success:false), and the declarations list shows it Confirmed.
   * `byThisRequest` is null when the list cannot tell whether this request or an earlier one
   * did it (a confirmedAt that cannot be read and no state read before sending).
   */
  | { via: "read-back"; declaration: Declaration; byThisRequest: true | null };

/** What was known before the POST: its state (from the wizard's lookup) and the send time. */
export interface SendContext {
  /** The declaration's status read before sending; null when it was not read. */
  statusBefore: string | null;
  /** The local clock (Unix ms), read just before the POST. */
  now(): number;
}

/**
 * How far before our own send (on the server's clock) a confirmedAt may lie and still be ours:
 * the service accepts stamps within ±5 s of its clock, so a request it handled came from a
 * clock at most 5 s off, and confirmedAt may be cut to the second.
 */
export const CONFIRMED_AT_SLACK_MS = 6_000;

const CHECK_PAGE_SIZE = 100;

const PENDING_HINT =
  "`tradectl declarations list --status pending` lists the declarations you can confirm";
const CONFIRMED_HINT =
  "`tradectl declarations list --status confirmed` shows it, with who confirmed it and when";

const whetherConfirmed = (id: string) =>
  `\`tradectl declarations list --status confirmed\` shows whether declaration ${id} is confirmed`;

/**
 * Declarations by id, from one walk of the list (both statuses, newest first, so a recent
 * deposit is found on the first page), stopping as soon as every id is found; an id no page
 * has is missing from the map.
 */
export async function lookUpDeclarations(
  client: Pick<TradeClient, "walkDeclarations">,
  ids: Iterable<string>,
): Promise<Map<string, Declaration>> {
  const wanted = new Set(ids);
  const found = new Map<string, Declaration>();
  if (wanted.size === 0) return found;
  for await (const page of client.walkDeclarations({
    statuses: ["Pending", "Confirmed"],
    page: 1,
    pageSize: CHECK_PAGE_SIZE,
  })) {
    for (const d of page) {
      const id = declarationId(d);
      if (wanted.has(id) && !found.has(id)) found.set(id, d);
    }
    if (found.size === wanted.size) break;
  }
  return found;
}

/** One declaration by id (see lookUpDeclarations); null when no page has it. */
export async function lookUpDeclaration(
  client: Pick<TradeClient, "walkDeclarations">,
  id: string,
): Promise<Declaration | null> {
  return (await lookUpDeclarations(client, [id])).get(id) ?? null;
}

/** `declaration 7 is already confirmed (at 2025-06-14T09:21:00Z by Deniz Demir)`. */
export function alreadyConfirmed(declaration: Declaration, how: string): TradectlError {
  const id = declarationId(declaration);
  const when = declaration.confirmedAt ? ` at ${sanitize(declaration.confirmedAt)}` : "";
  const who = declaration.confirmedBy ? ` by ${sanitize(declaration.confirmedBy)}` : "";
  return new TradectlError(
    "conflict",
    `declaration ${id} is already confirmed${how}${when}${who}`,
    {
      hint: `nothing was changed; ${CONFIRMED_HINT}`,
    },
  );
}

/**
 * A POST whose answer was lost after it may have reached the server (or that said
 * success:false): what failed, and when it was sent on the server's clock, for the read-back.
 */
export interface LostAnswer {
  failure: TradectlError;
  serverSentAt: number;
}

/**
 * Sends the confirmation once, and says what the answer shows: confirmed, or lost (to be read
 * back). Any other failure is thrown, explained, with the declaration named. A POST is never
 * re-sent.
 */
export async function postConfirmation(
  client: TradeClient,
  body: ConfirmBody,
  now: () => number,
): Promise<{ via: "response" } | { via: "lost"; lost: LostAnswer }> {
  const id = body.cryptoDepositDeclarationId.value;
  const sentAt = now();
  try {
    // A 200 whose body says success:false arrives as an error (refusedIn2xx) from the client.
    await client.confirmDeclaration(body);
    return { via: "response" };
  } catch (error) {
    if (!isTradectlError(error)) throw error;
    if (error.kind === "cancelled") {
      throw new TradectlError("cancelled", "cancelled while the confirmation was being sent", {
        hint: `it may have reached the server: ${whetherConfirmed(id)}`,
      });
    }
    if (!error.requestMayHaveArrived) throw explain(error, id);
    // Server time of the send: the client's offset is the one it signed with.
    return {
      via: "lost",
      lost: { failure: error, serverSentAt: sentAt + client.stampClock.offsetMs },
    };
  }
}

/**
 * Sends the confirmation once. A POST is never re-sent: when its answer is lost after it may
 * have reached the server, or says success:false, the declarations list is read to say what
 * happened, not guessed.
 */
export async function sendConfirmation(
  client: TradeClient,
  body: ConfirmBody,
  io: IOStreams,
  context: SendContext,
): Promise<SendResult> {
  const id = body.cryptoDepositDeclarationId.value;
  const posted = await postConfirmation(client, body, context.now);
  if (posted.via === "response") return posted;
  warnLost(io, id, posted.lost.failure);
  let found: Declaration | null;
  try {
    found = await lookUpDeclaration(client, id);
  } catch (error) {
    throw readBackFailed(id, posted.lost.failure, error);
  }
  return judgeReadBack(id, posted.lost, found, context.statusBefore);
}

/** The server's answer, with the declaration named and the next step to take. */
function explain(error: TradectlError, id: string): TradectlError {
  const options = { status: error.status, code: error.code, cause: error };
  switch (error.kind) {
    case "not_found":
      return new TradectlError("not_found", `declaration ${id}: ${error.message}`, {
        ...options,
        hint: `no pending declaration has this id; ${PENDING_HINT}`,
      });
    case "conflict":
      return new TradectlError(
        "conflict",
        `declaration ${id} is already confirmed (the server said: ${error.message})`,
        { ...options, hint: `nothing was changed; ${CONFIRMED_HINT}` },
      );
    case "validation":
      // A 400 carries one of the seed's rule messages: shown as is, like the local check does.
      return new TradectlError("validation", error.message, {
        ...options,
        hint: error.hint ?? "the server refused the request and nothing was changed",
      });
    case "server":
      return new TradectlError("server", `declaration ${id}: ${error.message}`, {
        ...options,
        hint: `the service failed on its side; before trying again, ${whetherConfirmed(id)}`,
      });
    default:
      return error;
  }
}

/**
 * Whether a Confirmed declaration was confirmed by the request sent at `serverSentAt`: by the
 * state read before sending when there is one, else by its confirmedAt; null when neither tells.
 */
function confirmedByUs(
  declaration: Declaration,
  statusBefore: string | null,
  serverSentAt: number,
): boolean | null {
  if (statusBefore === "Pending") return true;
  if (statusBefore === "Confirmed") return false;
  const at = declaration.confirmedAt ? parseServerTime(declaration.confirmedAt) : null;
  if (!at) return null;
  return at.getTime() >= serverSentAt - CONFIRMED_AT_SLACK_MS;
}

/** What was lost, in words: a refusal in a 2xx, or an answer that never came. */
function lostWhat(failure: TradectlError): string {
  const lost = sanitize(failure.message);
  return failure.refusedIn2xx
    ? `the server did not confirm it (${lost})`
    : `the request was sent but its answer was lost (${lost})`;
}

/** The warning said when an answer is lost, before the list is read. */
export function warnLost(io: IOStreams, id: string, failure: TradectlError): void {
  io.warn(
    `${io.err.yellow("warning:")} ${lostWhat(failure)}; checking declaration ${id}'s state instead of sending again`,
  );
}

/** Reading the list back failed too: the outcome is unknown (a cancel stays a cancel). */
export function readBackFailed(id: string, failure: TradectlError, error: unknown): TradectlError {
  if (isTradectlError(error) && error.kind === "cancelled") return error;
  const why = error instanceof Error ? error.message : String(error);
  return new TradectlError(
    "network",
    `the outcome is unknown: ${lostWhat(failure)}, and checking declaration ${id}'s state failed too (${sanitize(why)})`,
    { hint: `before running the command again, ${whetherConfirmed(id)}` },
  );
}

/**
 * What a lost answer turned out to be, from the declaration as the list shows it (null: not in
 * the list): confirmed (by this request, or null when the list cannot tell), or thrown as what
 * it is: already confirmed before (conflict), still Pending (not applied), or unknown.
 */
export function judgeReadBack(
  id: string,
  lost: LostAnswer,
  found: Declaration | null,
  statusBefore: string | null,
): SendResult {
  const { failure, serverSentAt } = lost;
  const what = lostWhat(failure);
  if (found === null) {
    throw new TradectlError(
      "network",
      `the outcome is unknown: ${what}, and declaration ${id} is in neither the Confirmed nor the Pending list`,
      { hint: "`tradectl declarations list` shows your declarations" },
    );
  }
  if (found.status !== "Confirmed") {
    // Not applied. The server's own refusal keeps its kind; a lost answer is a network failure.
    const kind = failure.refusedIn2xx ? failure.kind : "network";
    throw new TradectlError(
      kind,
      `declaration ${id} is still ${sanitize(found.status)}: the confirmation was not applied; it is safe to run the command again`,
      { status: failure.status, code: failure.code, hint: `why: ${sanitize(failure.message)}` },
    );
  }
  const ours = confirmedByUs(found, statusBefore, serverSentAt);
  if (ours === false) {
    throw alreadyConfirmed(found, ", before this request (the list shows it; the answer was lost)");
  }
  return { via: "read-back", declaration: found, byThisRequest: ours === true ? true : null };
}
