import type { SavedSender } from "../../../config/senders.js";
import type { ExchangeListing } from "../../../declare/answers.js";
import { localMinute } from "../../../declare/declaration-view.js";
import { overlayAnswers } from "../../../domain/batch.js";
import {
  type Answers,
  type ConfirmBody,
  type DeclarationAnswers,
  descriptionLength,
  descriptionProblem,
  exchangeOtherNameProblem,
} from "../../../domain/confirm.js";
import { type Declaration, declarationId } from "../../../domain/declarations.js";
import { presetChoices } from "../../../domain/description-presets.js";
import { canonicalId, INT32_MAX } from "../../../domain/ids.js";
import { DESCRIPTION_MAX, DESCRIPTION_MIN } from "../../../domain/limits.js";
import type { Exchange } from "../../../domain/order.js";
import { foldCase } from "../../../domain/text.js";
import { TradectlError } from "../../../errors.js";
import { msg, type Translator } from "../../../i18n/index.js";
import type { IOStreams } from "../../../output/io.js";
import { jsonText } from "../../../output/records.js";
import { seedText } from "../../../output/seed-text.js";
import { grid, keyValue } from "../../../output/table.js";
import { numberText } from "../../../wire/json.js";
import type { Prompter } from "../../prompter.js";

/** What the wizard needs from the outside; tests and the command hand in the real client calls. */
export interface WizardDeps {
  io: IOStreams;
  prompter: Prompter;
  /** The first page (up to 100) of Pending declarations. */
  listPending(): Promise<Declaration[]>;
  /** The crypto-exchanges listing of this run, read once and shared with flag validation. */
  listing(): Promise<ExchangeListing>;
  /** Saved senders, offered before "Me" and "Another person" (none: not offered). */
  senders?: readonly SavedSender[];
}

const PENDING_PAGE = 100;
const NOT_LISTED = Symbol("not listed");

/**
 * Asks every question the answers leave open, in the contract's order, and returns the complete
 * answers; null when there is nothing pending to confirm. Answers given as flags are kept and
 * their questions skipped. Ctrl-C or Ctrl-D rejects with a `cancelled` error (exit 130).
 */
export async function runWizard(
  start: Answers,
  deps: WizardDeps,
): Promise<DeclarationAnswers | null> {
  const { io } = deps;
  const answers: Answers = { ...start };

  if (answers.cryptoDepositDeclarationId === undefined) {
    const picked = await pickDeclaration(deps);
    if (picked === null) return null;
    answers.cryptoDepositDeclarationId = picked;
  } else {
    io.info(
      io.err.dim(io.t("confirm.wizard.confirming", { id: answers.cryptoDepositDeclarationId })),
    );
  }
  return (await askRest(answers, deps)) as DeclarationAnswers;
}

/**
 * The answers a batch's flags left open, asked once for all `count` declarations (the
 * declaration question aside).
 */
export async function askAnswers(
  start: Answers,
  count: number,
  deps: WizardDeps,
): Promise<Answers> {
  deps.io.info(deps.io.err.dim(deps.io.t("confirm.wizard.sameAnswers", { count })));
  return askRest({ ...start }, deps);
}

/** A saved sender as a choice: `me-kraken  (me, exchange 3)`. */
function senderChoice(sender: SavedSender, t: Translator) {
  const a = sender.answers;
  const who = a.isSelfSender
    ? t("confirm.wizard.savedMe")
    : `${a.firstName ?? ""} ${a.lastName ?? ""}`.trim();
  const where =
    a.addressType === "IndividualWallet"
      ? t("confirm.wizard.savedWallet")
      : a.exchangeId !== undefined
        ? t("confirm.wizard.savedExchangeId", { id: a.exchangeId })
        : a.exchangeOtherName !== undefined
          ? t("confirm.wizard.savedExchangeName", { name: a.exchangeOtherName })
          : "";
  return {
    name: `${sender.name}  (${[who, where].filter(Boolean).join(", ")})`,
    value: sender as SavedSender | boolean,
    description: t("confirm.wizard.savedHint"),
  };
}

/** Every question but the declaration, in the contract's order, skipping what is answered. */
async function askRest(start: Answers, deps: WizardDeps): Promise<Answers> {
  const { io, prompter } = deps;
  const { t } = io;
  let answers: Answers = { ...start };
  if (answers.isSelfSender === undefined) {
    const saved = deps.senders ?? [];
    const picked = await prompter.select({
      message: t("confirm.wizard.who"),
      choices: [
        ...saved.map((sender) => senderChoice(sender, t)),
        {
          name: t("confirm.wizard.me"),
          value: true as SavedSender | boolean,
          description: t("confirm.wizard.meHint"),
        },
        {
          name: t("confirm.wizard.another"),
          value: false as SavedSender | boolean,
          description: t("confirm.wizard.anotherHint"),
        },
      ],
    });
    // A saved sender fills its answers; the flags given still win over it.
    if (typeof picked === "boolean") answers.isSelfSender = picked;
    else answers = overlayAnswers(picked.answers, answers);
  }
  if (answers.isSelfSender === false) {
    const required = (v: string) => v.trim() !== "" || t.text(seedText("namesRequired"));
    answers.firstName ??= await prompter.input({
      message: t("confirm.wizard.firstName"),
      validate: required,
    });
    answers.lastName ??= await prompter.input({
      message: t("confirm.wizard.lastName"),
      validate: required,
    });
  }

  if (answers.addressType === undefined) {
    const exchangeGiven =
      answers.exchangeId !== undefined || answers.exchangeOtherName !== undefined;
    answers.addressType = await prompter.select({
      message: t("confirm.wizard.where"),
      choices: [
        { name: t("confirm.wizard.exchange"), value: "Exchange" as const },
        { name: t("confirm.wizard.wallet"), value: "IndividualWallet" as const },
      ],
      default: exchangeGiven ? "Exchange" : undefined,
    });
  }
  if (
    answers.addressType === "Exchange" &&
    answers.exchangeId === undefined &&
    answers.exchangeOtherName === undefined
  ) {
    Object.assign(answers, await pickExchange(deps));
  }

  if (answers.description === undefined) answers.description = await askDescription(deps);
  return answers;
}

const TYPE_MY_OWN = Symbol("type my own");

/**
 * The description: a preset in the run's language (the exchange form's "Açıklama Seçiniz"),
 * or "type my own" last, then typed with its length counted live.
 */
async function askDescription(deps: WizardDeps): Promise<string> {
  const { io, prompter } = deps;
  const { t } = io;
  const limits = { min: DESCRIPTION_MIN, max: DESCRIPTION_MAX };
  const picked = await prompter.select<string | typeof TYPE_MY_OWN>({
    message: t("confirm.wizard.preset"),
    choices: [
      ...presetChoices(t.lang).map((preset) => ({
        name: preset.description,
        value: preset.description as string | typeof TYPE_MY_OWN,
        description: t("confirm.wizard.presetHint", { name: preset.name }),
      })),
      {
        name: t("confirm.wizard.ownDescription"),
        value: TYPE_MY_OWN,
        description: t("confirm.wizard.ownDescriptionHint", limits),
      },
    ],
    pageSize: 10,
  });
  if (picked !== TYPE_MY_OWN) return picked;
  const c = io.err;
  return prompter.input({
    message: t("confirm.wizard.describe", limits),
    // The count is live: it is redrawn on every key, in red until the length is allowed.
    transformer: (value, { isFinal }) => {
      if (isFinal) return value;
      const count = `(${descriptionLength(value)}/${DESCRIPTION_MAX})`;
      return `${value} ${descriptionProblem(value) === null ? c.green(count) : c.red(count)}`;
    },
    validate: (value) => {
      return descriptionProblem(value) === null ? true : t.text(seedText("descriptionLength"));
    },
  });
}

async function pickDeclaration(deps: WizardDeps): Promise<string | null> {
  const { io } = deps;
  let pending: Declaration[];
  try {
    pending = await deps.listPending();
  } catch (error) {
    if (!(error instanceof TradectlError) || error.kind === "cancelled") throw error;
    throw TradectlError.with(error, {
      text: msg("confirm.wizard.cannotList", { why: error.text }),
      ...(error.hint
        ? {}
        : {
            hint: msg("confirm.wizard.cannotListHint"),
          }),
    });
  }
  if (pending.length === 0) {
    io.info(io.t("confirm.wizard.nonePending"));
    return null;
  }
  if (pending.length >= PENDING_PAGE) {
    io.info(io.err.dim(io.t("confirm.wizard.firstPage", { count: PENDING_PAGE })));
  }
  return deps.prompter.select({
    message: io.t("confirm.wizard.which"),
    choices: alignedChoices(pending, io.columns, io.t).map(([d, name]) => ({
      name,
      value: declarationId(d),
      short: declarationId(d),
      description: d.memoTag
        ? io.t("confirm.wizard.toMemo", { address: d.address, memo: d.memoTag })
        : io.t("confirm.wizard.to", { address: d.address }),
    })),
    pageSize: 10,
  });
}

/** `734001026  0.8000000000000000 BTC   created 2025-06-14 09:21`, in aligned columns. */
function alignedChoices(
  pending: readonly Declaration[],
  columns: number,
  t: Translator,
): [Declaration, string][] {
  const lines = grid(
    pending.map((d) => [
      declarationId(d),
      numberText(d.amount),
      d.symbol ?? "",
      t("confirm.wizard.created", { time: localMinute(d.createdAt, t.lang) }),
    ]),
    // The amount and its symbol read as one: a single space between them.
    // On a narrow terminal the date goes rather than wrap: the prompt's "❯ " takes 2 cells.
    { align: [undefined, "right"], gaps: [undefined, 1], maxWidth: columns - 2 },
  );
  return pending.map((d, i) => [d, lines[i]!]);
}

type ExchangeAnswer = Pick<DeclarationAnswers, "exchangeId" | "exchangeOtherName">;

async function pickExchange(deps: WizardDeps): Promise<ExchangeAnswer> {
  const { io, prompter } = deps;
  const { t } = io;
  const { exchanges: listing, why } = await deps.listing();
  if (listing === null) {
    io.warning(t("confirm.wizard.noListing", { why }));
  }
  const typeName = () =>
    prompter.input({
      message: t("confirm.wizard.exchangeName"),
      validate: (v) => {
        if (v.trim() === "") return t.text(seedText("exchangeRequired"));
        return exchangeOtherNameProblem(v) === null
          ? true
          : t.text(seedText("exchangeOtherNameTooLong"));
      },
    });

  if (listing === null) {
    const how = await prompter.select({
      message: t("confirm.wizard.howExchange"),
      choices: [
        { name: t("confirm.wizard.byName"), value: "name" as const },
        { name: t("confirm.wizard.byId"), value: "id" as const },
      ],
    });
    if (how === "name") return { exchangeOtherName: await typeName() };
    const id = await prompter.input({
      message: t("confirm.wizard.exchangeId"),
      validate: (v) => canonicalId(v, INT32_MAX) !== null || t("confirm.wizard.badExchangeId"),
    });
    return { exchangeId: canonicalId(id, INT32_MAX)! };
  }

  const exchanges = listing;
  const notListed = { name: t("confirm.wizard.notListed"), value: NOT_LISTED } as const;
  const picked = await prompter.search<string | typeof NOT_LISTED>({
    message: t("confirm.wizard.whichExchange"),
    source: (term) => {
      const wanted = foldCase((term ?? "").trim());
      const matches = exchanges
        .filter(
          (e) => wanted === "" || foldCase(e.name).includes(wanted) || numberText(e.id) === wanted,
        )
        .map((e) => ({
          name: e.name,
          value: numberText(e.id),
          description: t("confirm.wizard.exchangeIdHint", { id: numberText(e.id) }),
        }));
      return [...matches, notListed];
    },
    pageSize: 10,
  });
  if (picked === NOT_LISTED) return { exchangeOtherName: await typeName() };
  return { exchangeId: picked };
}

/**
 * Exactly what will be sent: every field of the body with its JSON value, the way the service
 * will read it (quotes show surrounding blanks; numbers have their exact digits).
 */
export function summaryText(
  body: ConfirmBody,
  io: IOStreams,
  exchanges: Exchange[] | null,
): string {
  const c = io.err;
  const entries = Object.entries(body);
  // One label column for every field; a value too long for the terminal goes on below its
  // label, broken at spaces (keyValue), never cut mid-word by the terminal.
  const labelWidth = Math.max(...entries.map(([name]) => name.length));
  const lines = entries.map(([name, value]) => {
    let note = "";
    if (name === "exchangeId" && exchanges) {
      const match = exchanges.find((e) => numberText(e.id) === numberText(value));
      if (match) note = c.dim(`  (${match.name})`);
    }
    if (name === "isSelfSender" && value === true) {
      note = c.dim(`  ${io.t("confirm.summary.ownName")}`);
    }
    const [first, ...rest] = keyValue([[name, jsonText(value)]], c, {
      indent: "  ",
      labelWidth,
      width: io.columns,
    });
    return [`${first}${note}`, ...rest].join("\n");
  });
  return `${c.bold(io.t("confirm.summary.title"))} ${c.dim("(POST /api/v1/crypto-deposit-declarations/confirm):")}\n${lines.join("\n")}`;
}

/** The summary, then "Send?" (default no): true when the answer is yes. */
export async function askToSend(
  body: ConfirmBody,
  deps: Pick<WizardDeps, "io" | "prompter">,
  exchanges: Exchange[] | null,
): Promise<boolean> {
  deps.io.warn(summaryText(body, deps.io, exchanges));
  return deps.prompter.confirm({ message: deps.io.t("confirm.send"), default: false });
}
