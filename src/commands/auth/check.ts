import type { TradeClient } from "../../api/client.js";
import { DECLARATION_STATUSES } from "../../domain/declarations.js";
import { TradectlError } from "../../errors.js";
import { msg } from "../../i18n/index.js";
import type { CommandContext } from "../context.js";

/**
 * Whether the server accepts a key pair, asked with the endpoint this tool exists for: one page
 * of one declaration. Not the exchanges listing: its path is unconfirmed, and a 404 there would
 * fail a good key (the listing is optional everywhere).
 */
export async function checkKeyPair(client: TradeClient): Promise<void> {
  await client.listDeclarations({ statuses: [...DECLARATION_STATUSES], page: 1, pageSize: 1 });
}

/**
 * The sandbox always signs with its public demo key pair: saving or removing a profile under
 * `--sandbox` would only ever overwrite or delete a real key pair, so it is refused.
 */
export function refuseUnderSandbox(ctx: CommandContext, verb: "login" | "logout"): void {
  if (!ctx.globals.sandbox) return;
  const hint = verb === "login" ? "auth.underSandboxLogin" : "auth.underSandboxLogout";
  throw new TradectlError("usage", msg("auth.underSandbox", { verb }), {
    hint: msg(hint),
  });
}
