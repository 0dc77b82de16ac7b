import { findSender, readSenderFile, type SavedSender } from "../config/senders.js";
import { overlaySender } from "../domain/batch.js";
import { type Answers, confirmRuleViolations, type Violation } from "../domain/confirm.js";
import {
  answersNeedListing,
  missingAnswers,
  type Question,
  RULE_OF,
  violationsOfGivenAnswers,
} from "../domain/confirm-answers.js";
import type { Exchange } from "../domain/order.js";
import { sameWord } from "../domain/text.js";
import { isTradectlError, type Text, TradectlError } from "../errors.js";
import { english, type MessageKey, msg, type Translator } from "../i18n/index.js";
import type { IOStreams } from "../output/io.js";
import { seedText } from "../output/seed-text.js";
import { numberText } from "../wire/json.js";
import type { DeclareContext } from "./context.js";

/**
 * The answers of a confirm, from the flags and a saved sender, checked once before any question
 * or send: a single confirm and a batch share it. Also the run's exchanges listing (read at most
 * once) and the words for what is missing or broken.
 */

/**
 * The crypto-exchanges listing of this run: the exchanges, or null with the reason when there is
 * none (the service has no listing at that path, or reading it failed). Without one, the rule
 * on exchangeId is left to the server and the wizard offers typing a name or an id.
 */
export interface ExchangeListing {
  exchanges: Exchange[] | null;
  /** Why there is none: the failure's own words, or a catalog entry. */
  why: string | Text;
}

/** The listing read at most once per run, on first need. */
export interface Listings {
  get(): Promise<ExchangeListing>;
  /** The listing if it was read (for the summary's exchange names), without reading it. */
  ifRead(): Promise<ExchangeListing | null>;
}

export function listingOnce(ctx: Pick<DeclareContext, "client">): Listings {
  let read: Promise<ExchangeListing> | null = null;
  return {
    get: () => {
      read ??= readListing(ctx);
      return read;
    },
    ifRead: async () => (read ? await read : null),
  };
}

/** Reads the listing; never fails but for a cancel. */
async function readListing(ctx: Pick<DeclareContext, "client">): Promise<ExchangeListing> {
  try {
    const exchanges = await (await ctx.client()).listExchanges();
    return exchanges
      ? { exchanges, why: "" }
      : { exchanges: null, why: msg("confirm.in.noListing") };
  } catch (error) {
    if (isTradectlError(error) && error.kind === "cancelled") throw error;
    return { exchanges: null, why: error instanceof Error ? error.message : String(error) };
  }
}

/** The supported ids of each listing read, made once: a batch checks every item against them. */
const idsOfListing = new WeakMap<ExchangeListing, ReadonlySet<string>>();

export function supportedIds(listing: ExchangeListing | null): ReadonlySet<string> | null {
  if (!listing?.exchanges) return null;
  let ids = idsOfListing.get(listing);
  if (ids === undefined) {
    ids = new Set(listing.exchanges.map((e) => numberText(e.id)));
    idsOfListing.set(listing, ids);
  }
  return ids;
}

/** The rules the answers for one declaration break, with the listing read when they need it. */
export async function violationsOf(answers: Answers, listings: Listings): Promise<Violation[]> {
  const listing = answersNeedListing(answers) ? await listings.get() : await listings.ifRead();
  return confirmRuleViolations(answers, { supportedExchangeIds: supportedIds(listing) });
}

/**
 * `--exchange-name binance` names a listed exchange: it is sent as that exchange's id (what the
 * service expects for a supported exchange), matched in any case, Turkish İ/ı included. Returns
 * the answers with the id, and the line that says so; null when the name is not listed.
 */
export function exchangeByName(
  answers: Answers,
  listing: ExchangeListing | null,
  t: Translator = english,
): { answers: Answers; line: string } | null {
  const name = answers.exchangeOtherName;
  if (name === undefined || answers.exchangeId !== undefined || !listing?.exchanges) return null;
  const match = listing.exchanges.find((e) => sameWord(e.name, name));
  if (!match) return null;
  const exchangeId = numberText(match.id);
  return {
    answers: { ...answers, exchangeId, exchangeOtherName: undefined },
    line: t("confirm.byName", { name: name.trim(), listed: match.name, id: exchangeId }),
  };
}

/**
 * The saved senders that can be read (the wizard offers them, the auto plan resolves rules
 * with them); a config file that cannot be read gives none.
 */
export function savedSenders(env: NodeJS.ProcessEnv): SavedSender[] {
  try {
    return readSenderFile(env).items;
  } catch {
    return [];
  }
}

/**
 * The flags' answers over the saved sender's, when `--sender` names one. A saved description
 * is not sent about another sender the flags name (overlaySender); `note` is told so.
 */
export function withSender(
  flags: Answers,
  sender: string | undefined,
  env: NodeJS.ProcessEnv,
  note: (line: string) => void = () => {},
  t: Translator = english,
): Answers {
  if (sender === undefined) return { ...flags };
  const { answers, droppedDescription } = overlaySender(findSender(env, sender).answers, flags);
  if (droppedDescription) {
    note(t("confirm.senderDescriptionDropped", { sender }));
  }
  return answers;
}

/** The given answers after their one check: a listed `--exchange-name` made its id. */
export interface CheckedAnswers {
  answers: Answers;
  /** The questions still open (asked on a terminal; refused without one). */
  missing: Question[];
}

/**
 * The answers given (as flags or by a sender), checked once, before any question or lookup:
 * the exchanges listing read when they need it (a warning when it cannot be), a listed
 * `--exchange-name` made its id, and, refused at once, every missing answer without a terminal
 * and every rule the given answers break. `ignore` are questions not asked of these answers
 * (a batch's declaration comes from its selection).
 */
export async function checkGivenAnswers(
  given: Answers,
  options: {
    interactive: boolean;
    listings: Listings;
    io: IOStreams;
    ignore?: readonly Question[];
  },
): Promise<CheckedAnswers> {
  const { io, listings } = options;
  const missing = missingAnswersOf(given, options.ignore ?? []);
  const listing = answersNeedListing(given) ? await listings.get() : null;
  const byName = exchangeByName(given, listing, io.t);
  const answers = byName?.answers ?? given;
  if (listing && !listing.exchanges) {
    const { why } = listing;
    const left =
      answers.exchangeId !== undefined
        ? io.t("confirm.noListingId", { why, id: answers.exchangeId.trim() })
        : io.t("confirm.noListingName", { why, name: (answers.exchangeOtherName ?? "").trim() });
    io.warning(left);
  }
  const broken = violationsOfGivenAnswers(
    confirmRuleViolations(answers, { supportedExchangeIds: supportedIds(listing) }),
    missing,
  );
  if (missing.length > 0 && !options.interactive) {
    const lines = [...missing.map(missingAnswer), ...broken.map((v) => seedText(v.rule))];
    throw TradectlError.listing("usage", lines, {
      hint: msg("confirm.missingHint"),
    });
  }
  if (broken.length > 0) throw violationError(broken);
  if (byName) io.info(byName.line);
  return { answers, missing };
}

function missingAnswersOf(answers: Answers, ignore: readonly Question[]): Question[] {
  return missingAnswers(answers).filter((question) => !ignore.includes(question));
}

/** What a question asks for, and the flags that answer it (catalog keys). */
const WHAT = {
  declaration: ["confirm.in.what.declaration", "confirm.in.flags.declaration"],
  sender: ["confirm.in.what.sender", "confirm.in.flags.sender"],
  firstName: ["confirm.in.what.firstName", "confirm.in.flags.firstName"],
  lastName: ["confirm.in.what.lastName", "confirm.in.flags.lastName"],
  description: ["confirm.in.what.description", "confirm.in.flags.description"],
  addressType: ["confirm.in.what.addressType", "confirm.in.flags.addressType"],
  exchange: ["confirm.in.what.exchange", "confirm.in.flags.exchange"],
} as const satisfies Record<Question, readonly [MessageKey, MessageKey]>;

/**
 * `missing the sender: pass --self, or --first-name and --last-name (firstName and lastName
 * required when isSelfSender is false)`: what is missing, the flag that answers it, and the
 * service's own rule, so a script's log names the fix and matches the seed's text.
 */
export function missingAnswer(question: Question): Text {
  const [whatKey, flagsKey] = WHAT[question];
  const what = msg(whatKey);
  const flags = msg(flagsKey);
  const rule = RULE_OF[question];
  return rule
    ? msg("confirm.in.missingRule", { what, flags, rule: seedText(rule) })
    : msg("confirm.in.missing", { what, flags });
}

/** Every rule the answers break, as one error: each seed message on a line of its own. */
export function violationError(violations: readonly Violation[]): TradectlError {
  const hint = violations.some((v) => v.rule === "exchangeIdNotSupported")
    ? "confirm.violationHintListing"
    : "hint.nothingSent";
  return TradectlError.listing(
    "validation",
    violations.map((v) => seedText(v.rule)),
    {
      hint: msg(hint),
    },
  );
}
