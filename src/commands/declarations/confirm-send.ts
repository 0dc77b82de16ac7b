import type { TradeClient } from "../../api/client.js";
import type { ConfirmBody } from "../../domain/confirm.js";
import type { Declaration } from "../../domain/declarations.js";
import { isTradectlError, TradectlError } from "../../errors.js";
import type { IOStreams } from "../../output/io.js";
import { sanitize } from "../../output/sanitize.js";
import { parseServerTime } from "../../output/time.js";
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
 * A declaration by id, from one walk of the list (both statuses, newest first, so a recent
 * deposit is found on the first page); null when no page has it.
 */
export async function lookUpDeclaration(
  client: Pick<TradeClient, "walkDeclarations">,
  id: string,
): Promise<Declaration | null> {
  for await (const page of client.walkDeclarations({
    statuses: ["Pending", "Confirmed"],
    page: 1,
    pageSize: CHECK_PAGE_SIZE,
  })) {
    const found = page.find((d) => declarationId(d) === id);
    if (found) return found;
  }
  return null;
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
  const sentAt = context.now();
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
    const serverSentAt = sentAt + client.stampClock.offsetMs;
    return checkOutcome(client, id, error, io, context.statusBefore, serverSentAt);
  }
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

async function checkOutcome(
  client: TradeClient,
  id: string,
  failure: TradectlError,
  io: IOStreams,
  statusBefore: string | null,
  serverSentAt: number,
): Promise<SendResult> {
  const lost = sanitize(failure.message);
  const what = failure.refusedIn2xx
    ? `the server did not confirm it (${lost})`
    : `the request was sent but its answer was lost (${lost})`;
  io.warn(
    `${io.err.yellow("warning:")} ${what}; checking declaration ${id}'s state instead of sending again`,
  );
  let found: Declaration | null;
  try {
    found = await lookUpDeclaration(client, id);
  } catch (error) {
    if (isTradectlError(error) && error.kind === "cancelled") throw error;
    const why = error instanceof Error ? error.message : String(error);
    throw new TradectlError(
      "network",
      `the outcome is unknown: ${what}, and checking declaration ${id}'s state failed too (${sanitize(why)})`,
      { hint: `before running the command again, ${whetherConfirmed(id)}` },
    );
  }
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
      { status: failure.status, code: failure.code, hint: `why: ${lost}` },
    );
  }
  const ours = confirmedByUs(found, statusBefore, serverSentAt);
  if (ours === false) {
    throw alreadyConfirmed(found, ", before this request (the list shows it; the answer was lost)");
  }
  return { via: "read-back", declaration: found, byThisRequest: ours === true ? true : null };
}
