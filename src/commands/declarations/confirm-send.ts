import type { TradeClient } from "../../api/client.js";
import type { ConfirmBody } from "../../domain/confirm.js";
import type { DeclarationStatus } from "../../domain/declarations.js";
import { isTradectlError, TradectlError } from "../../errors.js";
import type { IOStreams } from "../../output/io.js";
import { sanitize } from "../../output/sanitize.js";
import { declarationId } from "./view.js";

export type SendResult =
  /** The server answered 200. */
  | { via: "response" }
  /** The answer was lost, but the declarations list shows it Confirmed. */
  | { via: "check" };

const CHECK_PAGE_SIZE = 100;

const PENDING_HINT =
  "`tradectl declarations list --status pending` lists the declarations you can confirm";
const CONFIRMED_HINT =
  "`tradectl declarations list --status confirmed` shows it, with who confirmed it and when";

const whetherConfirmed = (id: string) =>
  `\`tradectl declarations list --status confirmed\` shows whether declaration ${id} is confirmed`;

/**
 * Sends the confirmation once. A POST is never re-sent: when its answer is lost after it may
 * have reached the server, the declarations list is read to say what happened, not guessed.
 */
export async function sendConfirmation(
  client: TradeClient,
  body: ConfirmBody,
  io: IOStreams,
): Promise<SendResult> {
  const id = body.cryptoDepositDeclarationId.value;
  try {
    await client.confirmDeclaration(body);
    return { via: "response" };
  } catch (error) {
    if (!isTradectlError(error)) throw error;
    if (error.kind === "cancelled") {
      throw new TradectlError("cancelled", "cancelled while the confirmation was being sent", {
        hint: `it may have reached the server: ${whetherConfirmed(id)}`,
      });
    }
    if (error.requestMayHaveArrived) return checkOutcome(client, id, error, io);
    throw explain(error, id);
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

/** Pages through one status until the id is found or a short page ends the list. */
async function listed(
  client: TradeClient,
  id: string,
  status: DeclarationStatus,
): Promise<boolean> {
  for await (const page of client.walkDeclarations({
    statuses: [status],
    page: 1,
    pageSize: CHECK_PAGE_SIZE,
  })) {
    if (page.some((d) => declarationId(d) === id)) return true;
  }
  return false;
}

async function checkOutcome(
  client: TradeClient,
  id: string,
  failure: TradectlError,
  io: IOStreams,
): Promise<SendResult> {
  const lost = sanitize(failure.message);
  io.warn(
    `${io.err.yellow("warning:")} the request was sent but its answer was lost (${lost}); checking declaration ${id}'s state instead of sending again`,
  );
  let where: "Confirmed" | "Pending" | "neither";
  try {
    if (await listed(client, id, "Confirmed")) where = "Confirmed";
    else if (await listed(client, id, "Pending")) where = "Pending";
    else where = "neither";
  } catch (error) {
    if (isTradectlError(error) && error.kind === "cancelled") throw error;
    const why = error instanceof Error ? error.message : String(error);
    throw new TradectlError(
      "network",
      `the outcome is unknown: the request was sent but its answer was lost (${lost}), and checking declaration ${id}'s state failed too (${why})`,
      {
        hint: `before running the command again, ${whetherConfirmed(id)}`,
      },
    );
  }
  if (where === "Confirmed") {
    io.warn(`the request reached the server: declaration ${id} is now Confirmed`);
    return { via: "check" };
  }
  if (where === "Pending") {
    throw new TradectlError(
      "network",
      `declaration ${id} is still Pending: the confirmation was not applied; it is safe to run the command again`,
      { hint: `the answer was lost: ${lost}` },
    );
  }
  throw new TradectlError(
    "network",
    `the outcome is unknown: the request was sent but its answer was lost (${lost}), and declaration ${id} is in neither the Confirmed nor the Pending list`,
    { hint: "`tradectl declarations list` shows your declarations" },
  );
}
