import type { SenderAnswers } from "../config/senders.js";
import { answersNeedListing } from "../domain/confirm-answers.js";
import { english, type Translator } from "../i18n/index.js";
import { type ExchangeListing, exchangeByName, listingOnce, supportedIds } from "./answers.js";
import type { DeclareContext } from "./context.js";

/** The exchanges listing as a rule needs it: what was read, and the ids it supports (null: unknown). */
export interface RuleListing {
  listing: ExchangeListing | null;
  supported: ReadonlySet<string> | null;
}

/**
 * The listing, read only when the answers name an exchange (an id to check, a name that may be
 * a listed one's). When it cannot be read the rule is still checked by everything else, and
 * the user is told what is left unchecked.
 */
export async function readListingOrWarn(
  answers: SenderAnswers,
  ctx: DeclareContext,
): Promise<RuleListing> {
  if (!answersNeedListing(answers)) return { listing: null, supported: null };
  const listing = await listingOnce(ctx).get();
  if (!listing.exchanges) {
    const { t } = ctx.io;
    const left =
      answers.exchangeId !== undefined
        ? t("listing.ruleLater", { id: answers.exchangeId.trim() })
        : t("listing.keptName", { name: (answers.exchangeOtherName ?? "").trim() });
    ctx.io.warning(t("listing.unread", { why: listing.why, left }));
  }
  return { listing, supported: supportedIds(listing) };
}

/**
 * The answers with a listed `--exchange-name` made that exchange's id (as a confirm sends it),
 * and the line that says so (null when nothing changed).
 */
export function resolveExchangeName(
  answers: SenderAnswers,
  read: Pick<RuleListing, "listing">,
  t: Translator = english,
): { answers: SenderAnswers; line: string | null } {
  const byName = exchangeByName(answers, read.listing, t);
  if (!byName) return { answers, line: null };
  const { cryptoDepositDeclarationId: _id, ...resolved } = byName.answers;
  return { answers: resolved, line: byName.line };
}
