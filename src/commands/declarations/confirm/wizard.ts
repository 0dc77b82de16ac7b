import type { SavedSender } from "../../../config/senders.js";
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
import { canonicalId, INT32_MAX } from "../../../domain/ids.js";
import { DESCRIPTION_MAX, DESCRIPTION_MIN } from "../../../domain/limits.js";
import { CONFIRM_MESSAGES } from "../../../domain/messages.js";
import type { Exchange } from "../../../domain/order.js";
import { foldCase } from "../../../domain/text.js";
import { TradectlError } from "../../../errors.js";
import type { IOStreams } from "../../../output/io.js";
import { jsonText } from "../../../output/records.js";
import { grid, keyValue } from "../../../output/table.js";
import { numberText } from "../../../wire/json.js";
import type { Prompter } from "../../prompter.js";
import { localMinute } from "../view.js";
import type { ExchangeListing } from "./answers.js";

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
    io.info(io.err.dim(`Confirming declaration ${answers.cryptoDepositDeclarationId}`));
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
  deps.io.info(
    deps.io.err.dim(`The same answers for ${count} declaration${count === 1 ? "" : "s"}`),
  );
  return askRest({ ...start }, deps);
}

/** A saved sender as a choice: `me-kraken  (me, exchange 3)`. */
function senderChoice(sender: SavedSender) {
  const a = sender.answers;
  const who = a.isSelfSender ? "me" : `${a.firstName ?? ""} ${a.lastName ?? ""}`.trim();
  const where =
    a.addressType === "IndividualWallet"
      ? "individual wallet"
      : a.exchangeId !== undefined
        ? `exchange ${a.exchangeId}`
        : a.exchangeOtherName !== undefined
          ? `exchange '${a.exchangeOtherName}'`
          : "";
  return {
    name: `${sender.name}  (${[who, where].filter(Boolean).join(", ")})`,
    value: sender as SavedSender | boolean,
    description: "a saved sender (`tradectl senders list`)",
  };
}

/** Every question but the declaration, in the contract's order, skipping what is answered. */
async function askRest(start: Answers, deps: WizardDeps): Promise<Answers> {
  const { io, prompter } = deps;
  let answers: Answers = { ...start };
  if (answers.isSelfSender === undefined) {
    const saved = deps.senders ?? [];
    const picked = await prompter.select({
      message: "Who sent this deposit?",
      choices: [
        ...saved.map(senderChoice),
        {
          name: "Me",
          value: true as SavedSender | boolean,
          description: "your own name on the account is used",
        },
        {
          name: "Another person",
          value: false as SavedSender | boolean,
          description: "you give their name",
        },
      ],
    });
    // A saved sender fills its answers; the flags given still win over it.
    if (typeof picked === "boolean") answers.isSelfSender = picked;
    else answers = overlayAnswers(picked.answers, answers);
  }
  if (answers.isSelfSender === false) {
    const required = (v: string) => v.trim() !== "" || CONFIRM_MESSAGES.namesRequired;
    answers.firstName ??= await prompter.input({
      message: "Sender's first name:",
      validate: required,
    });
    answers.lastName ??= await prompter.input({
      message: "Sender's last name:",
      validate: required,
    });
  }

  if (answers.addressType === undefined) {
    const exchangeGiven =
      answers.exchangeId !== undefined || answers.exchangeOtherName !== undefined;
    answers.addressType = await prompter.select({
      message: "Where was it sent from?",
      choices: [
        { name: "An exchange", value: "Exchange" as const },
        { name: "An individual wallet", value: "IndividualWallet" as const },
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

  if (answers.description === undefined) {
    const c = io.err;
    answers.description = await prompter.input({
      message: `Describe the deposit (${DESCRIPTION_MIN} to ${DESCRIPTION_MAX} characters):`,
      // The count is live: it is redrawn on every key, in red until the length is allowed.
      transformer: (value, { isFinal }) => {
        if (isFinal) return value;
        const count = `(${descriptionLength(value)}/${DESCRIPTION_MAX})`;
        return `${value} ${descriptionProblem(value) === null ? c.green(count) : c.red(count)}`;
      },
      validate: (value) => descriptionProblem(value) ?? true,
    });
  }
  return answers;
}

async function pickDeclaration(deps: WizardDeps): Promise<string | null> {
  const { io } = deps;
  let pending: Declaration[];
  try {
    pending = await deps.listPending();
  } catch (error) {
    if (!(error instanceof TradectlError) || error.kind === "cancelled") throw error;
    throw TradectlError.with(error, {
      message: `could not list the pending declarations: ${error.message}`,
      hint: error.hint ?? "pass the declaration id as the argument to skip the list",
    });
  }
  if (pending.length === 0) {
    io.info("There are no pending declarations: nothing to confirm.");
    return null;
  }
  if (pending.length >= PENDING_PAGE) {
    io.info(
      io.err.dim(
        `Showing the first ${PENDING_PAGE} pending declarations; pass an id to confirm another.`,
      ),
    );
  }
  return deps.prompter.select({
    message: "Which deposit do you want to declare?",
    choices: alignedChoices(pending, deps.io.columns).map(([d, name]) => ({
      name,
      value: declarationId(d),
      short: declarationId(d),
      description: `to ${d.address}${d.memoTag ? ` memo ${d.memoTag}` : ""}`,
    })),
    pageSize: 10,
  });
}

/** `734001026  0.8000000000000000 BTC   created 2025-06-14 09:21`, in aligned columns. */
function alignedChoices(pending: readonly Declaration[], columns: number): [Declaration, string][] {
  const lines = grid(
    pending.map((d) => [
      declarationId(d),
      numberText(d.amount),
      d.symbol ?? "",
      `created ${localMinute(d.createdAt)}`,
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
  const { exchanges: listing, why } = await deps.listing();
  if (listing === null) {
    io.warn(
      `${io.err.yellow("warning:")} the exchanges listing is unavailable (${why}); you can type the exchange's name or its id`,
    );
  }
  const typeName = () =>
    prompter.input({
      message: "Exchange name:",
      validate: (v) =>
        v.trim() === "" ? CONFIRM_MESSAGES.exchangeRequired : (exchangeOtherNameProblem(v) ?? true),
    });

  if (listing === null) {
    const how = await prompter.select({
      message: "How do you want to name the exchange?",
      choices: [
        { name: "Type its name", value: "name" as const },
        { name: "Type its id (from the exchanges listing)", value: "id" as const },
      ],
    });
    if (how === "name") return { exchangeOtherName: await typeName() };
    const id = await prompter.input({
      message: "Exchange id:",
      validate: (v) =>
        canonicalId(v, INT32_MAX) !== null || "an exchange id is a whole number, e.g. 1",
    });
    return { exchangeId: canonicalId(id, INT32_MAX)! };
  }

  const exchanges = listing;
  const notListed = { name: "Not listed — type its name", value: NOT_LISTED } as const;
  const picked = await prompter.search<string | typeof NOT_LISTED>({
    message: "Which exchange? (type to search)",
    source: (term) => {
      const wanted = foldCase((term ?? "").trim());
      const matches = exchanges
        .filter(
          (e) => wanted === "" || foldCase(e.name).includes(wanted) || numberText(e.id) === wanted,
        )
        .map((e) => ({
          name: e.name,
          value: numberText(e.id),
          description: `id ${numberText(e.id)}`,
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
  const aligned = keyValue(
    entries.map(([name, value]) => [name, jsonText(value)] as const),
    c,
    { indent: "  " },
  );
  const lines = entries.map(([name, value], i) => {
    let note = "";
    if (name === "exchangeId" && exchanges) {
      const match = exchanges.find((e) => numberText(e.id) === numberText(value));
      if (match) note = c.dim(`  (${match.name})`);
    }
    if (name === "isSelfSender" && value === true) note = c.dim("  (your own name is used)");
    return `${aligned[i]}${note}`;
  });
  return `${c.bold("This will be sent")} ${c.dim("(POST /api/v1/crypto-deposit-declarations/confirm):")}\n${lines.join("\n")}`;
}

/** The summary, then "Send?" (default no): true when the answer is yes. */
export async function askToSend(
  body: ConfirmBody,
  deps: Pick<WizardDeps, "io" | "prompter">,
  exchanges: Exchange[] | null,
): Promise<boolean> {
  deps.io.warn(summaryText(body, deps.io, exchanges));
  return deps.prompter.confirm({ message: "Send?", default: false });
}
