import { readRules } from "../../config/rules.js";
import {
  readSenderFile,
  type SavedSender,
  SENDER_FIELD_NAMES,
  saveSender,
  unreadableSenderLine,
} from "../../config/senders.js";
import { listingOnce, missingAnswer, supportedIds, violationError } from "../../declare/answers.js";
import { type Answers, confirmRuleViolations } from "../../domain/confirm.js";
import {
  answersNeedListing,
  missingAnswers,
  violationsOfGivenAnswers,
} from "../../domain/confirm-answers.js";
import { type PresetName, presetText } from "../../domain/description-presets.js";
import { TradectlError } from "../../errors.js";
import { msg } from "../../i18n/index.js";
import { cellText, fieldColumns, sameText } from "../../output/fields.js";
import { type Column, fieldTable } from "../../output/records.js";
import type { CommandContext } from "../context.js";
// The list and remove runs senders share with rules, given senders' store, view and texts.
import * as saved from "../saved-run.js";
import type { SavedListOptions } from "../saved-spec.js";

export interface SenderAddOptions {
  name: string;
  answers: Answers;
  /** `--description-preset`: its text, in the run's language, is the description saved. */
  preset?: PresetName | undefined;
}

/**
 * `senders add NAME <answers>`: who sent it and from where must be complete (the description
 * may be left for the confirm); what is given is checked with the confirm rules, an exchange id
 * against the exchanges listing when it can be read (else a warning, and the confirm that uses
 * the sender checks it).
 */
export async function runSendersAdd(
  options: SenderAddOptions,
  ctx: CommandContext,
): Promise<number> {
  const { cryptoDepositDeclarationId: _id, ...given } = options.answers;
  const answers: Answers = options.preset
    ? { ...given, description: presetText(options.preset, ctx.io.t.lang) }
    : given;
  const missing = missingAnswers(answers).filter((a) => a !== "declaration" && a !== "description");
  if (missing.length > 0) {
    throw TradectlError.listing("usage", missing.map(missingAnswer), {
      hint: msg("hint.senderShape"),
    });
  }
  const listing =
    answers.exchangeId !== undefined && answersNeedListing(answers)
      ? await listingOnce(ctx).get()
      : null;
  if (listing && !listing.exchanges) {
    const left = ctx.io.t("listing.senderLater", { id: answers.exchangeId!.trim() });
    ctx.io.warning(ctx.io.t("listing.unread", { why: listing.why, left }));
  }
  const broken = violationsOfGivenAnswers(
    confirmRuleViolations(answers, { supportedExchangeIds: supportedIds(listing) }),
    answers.description === undefined ? ["description"] : [],
  );
  if (broken.length > 0) {
    throw TradectlError.with(violationError(broken), {
      hint: msg("hint.nothingSaved"),
    });
  }
  const replaced = await saveSender(ctx.env, options.name, answers);
  ctx.io.info(ctx.io.t(replaced ? "senders.replaced" : "senders.saved", { name: options.name }));
  return 0;
}

/** A saved sender as printed: its name, then the answers. */
type SenderRow = { name: string } & saved.AnswerCells;

const SENDER_COLUMNS: readonly Column<SenderRow>[] = fieldColumns(SENDER_FIELD_NAMES, {
  name: sameText("label.name", cellText<SenderRow>("name")),
  ...saved.answerColumns<SenderRow>(),
});

/** Saved senders as `senders list` and `senders remove` show them. */
const SENDERS: saved.SavedCollection<SavedSender, SenderRow> = {
  kind: "senders",
  read: readSenderFile,
  rows: (senders) => senders.map(({ name, answers }) => ({ name, ...saved.answerCells(answers) })),
  view: {
    columns: SENDER_COLUMNS,
    table: fieldTable(SENDER_COLUMNS),
  },
  unreadable: (entry, env) => unreadableSenderLine(env, entry),
  none: msg("senders.none"),
  removed: (name) => msg("senders.removed", { name }),
};

export const runSendersList = (options: SavedListOptions, ctx: CommandContext) =>
  saved.listSaved(SENDERS, options, ctx);

export async function runSendersRemove(
  options: { name: string },
  ctx: CommandContext,
): Promise<number> {
  await saved.removeSaved(SENDERS, options.name, ctx);
  // The rules that name it confirm nothing until it is back: said now, not at the next arrival.
  const users = readRules(ctx.env).items.filter((rule) => rule.answers.sender === options.name);
  if (users.length > 0) {
    const rules = users.map((rule) => `'${rule.name}'`).join(", ");
    ctx.io.warn(ctx.io.t("senders.removedInUse", { name: options.name, rules }));
  }
  return 0;
}
