import type { SenderAnswers } from "../../config/senders.js";
import { sanitize } from "../../output/sanitize.js";
import type { CommandContext } from "../context.js";
import {
  type ExchangeListing,
  exchangeByName,
  flagsNeedListing,
  listingOnce,
  supportedIds,
} from "../declarations/confirm.js";

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
  ctx: CommandContext,
): Promise<RuleListing> {
  if (!flagsNeedListing(answers)) return { listing: null, supported: null };
  const listing = await listingOnce(ctx).get();
  if (!listing.exchanges) {
    const left =
      answers.exchangeId !== undefined
        ? `whether exchangeId ${sanitize(answers.exchangeId.trim())} is supported is checked when the rule is used`
        : `'${sanitize((answers.exchangeOtherName ?? "").trim())}' is kept as the name of an exchange that is not listed`;
    ctx.io.warn(
      `${ctx.io.err.yellow("warning:")} could not read the exchanges listing (${sanitize(listing.why)}); ${left}`,
    );
  }
  return { listing, supported: supportedIds(listing) };
}

/**
 * A listed `--exchange-name` becomes that exchange's id in `answers` (as a confirm sends it);
 * the line that says so, or null.
 */
export function resolveExchangeName(answers: SenderAnswers, read: RuleListing): string | null {
  return exchangeByName(answers, read.listing);
}
