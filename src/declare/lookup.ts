import type { TradeClient } from "../api/client.js";
import { type Declaration, declarationId } from "../domain/declarations.js";
import { TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";

const CHECK_PAGE_SIZE = 100;

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

/** `declaration 7 is already confirmed at 2025-06-14T09:21:00Z by Deniz Demir`. */
export function alreadyConfirmed(declaration: Declaration): TradectlError {
  const id = declarationId(declaration);
  const at = declaration.confirmedAt;
  const by = declaration.confirmedBy;
  const key =
    at && by
      ? "confirm.already.atBy"
      : at
        ? "confirm.already.at"
        : by
          ? "confirm.already.by"
          : "confirm.already";
  const params = { id, at: at ?? "", by: by ?? "" };
  return new TradectlError("conflict", msg(key, params), {
    hint: msg("confirm.hint.already_confirmed"),
  });
}

/**
 * Before asking anything about a given id, there must be something to confirm: its state, or at
 * once the reason there is nothing to ask about (exit 3 for no such declaration, 5 for one
 * already confirmed).
 */
export async function statusBeforeAsking(
  client: Pick<TradeClient, "walkDeclarations">,
  id: string,
): Promise<string> {
  const found = (await lookUpDeclarations(client, [id])).get(id);
  if (found === undefined) {
    throw new TradectlError("not_found", msg("confirm.notFound", { id }), {
      hint: msg("confirm.notFoundHint"),
    });
  }
  if (found.status === "Confirmed") throw alreadyConfirmed(found);
  return found.status;
}
