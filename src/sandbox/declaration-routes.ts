// The sandbox's deposit-declaration endpoints: the list, and confirming one.
import { confirmRuleViolations } from "../domain/confirm.js";
import { parseListQuery } from "../domain/declarations.js";
import { CONFIRM_MESSAGES } from "../domain/messages.js";
import { LosslessNumber } from "../wire/json.js";
import { readConfirmRequest } from "./confirm-request.js";
import { DEMO_USER, DEMO_USER_NAME, SEED_EXCHANGES, type StoredDeclaration } from "./data.js";
import { errorReply, ok, queryValues, type Reply, type SandboxContext } from "./replies.js";

export function declarationOnWire(d: StoredDeclaration) {
  return {
    cryptoDepositDeclarationId: new LosslessNumber(d.id),
    createdAt: d.createdAt,
    status: d.status,
    confirmedAt: d.confirmedAt,
    confirmedBy: d.confirmedBy,
    firstName: d.firstName,
    lastName: d.lastName,
    amount: new LosslessNumber(d.amount),
    symbol: d.symbol,
    address: d.address,
    memoTag: d.memoTag,
    lightningInvoice: d.lightningInvoice,
  };
}

const EXCHANGE_IDS: ReadonlySet<string> = new Set(SEED_EXCHANGES.map((e) => String(e.id)));

export async function listDeclarations(
  search: URLSearchParams,
  context: SandboxContext,
): Promise<Reply> {
  const result = parseListQuery({
    status: queryValues(search, "status"),
    page: queryValues(search, "page")[0],
    pageSize: queryValues(search, "pageSize")[0],
  });
  if (!result.ok) {
    const messages = result.errors.map((v) => v.message);
    return errorReply(400, messages[0]!, messages);
  }
  const { statuses, page, pageSize } = result.query;
  const dataset = await context.store.view();
  return ok(dataset.page(statuses, page, pageSize).map(declarationOnWire));
}

export async function confirmDeclaration(body: string, context: SandboxContext): Promise<Reply> {
  const request = readConfirmRequest(body);
  if (!request.ok) return errorReply(400, request.errors[0]!, request.errors);
  const draft = request.draft;
  const violations = confirmRuleViolations(draft, { supportedExchangeIds: EXCHANGE_IDS }).map(
    (v) => v.message,
  );
  if (violations.length > 0) return errorReply(400, violations[0]!, violations);
  const outcome = await context.store.confirm(draft.cryptoDepositDeclarationId, () => {
    const self = draft.isSelfSender === true;
    return {
      confirmedAt: new Date(context.clock()).toISOString(),
      confirmedBy: DEMO_USER_NAME,
      firstName: self ? DEMO_USER.firstName : draft.firstName!.trim(),
      lastName: self ? DEMO_USER.lastName : draft.lastName!.trim(),
    };
  });
  if (outcome === "not_found") return errorReply(404, CONFIRM_MESSAGES.notFound);
  if (outcome === "already_confirmed") return errorReply(422, CONFIRM_MESSAGES.alreadyConfirmed);
  return { status: 200, body: JSON.stringify({ success: true, message: "", code: 0 }) };
}
