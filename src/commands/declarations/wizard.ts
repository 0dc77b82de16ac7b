import { numberText } from "../../api/json.js";
import {
  type ConfirmBody,
  type ConfirmDraft,
  descriptionProblem,
  exchangeOtherNameProblem,
  textLength,
} from "../../domain/confirm.js";
import type { Declaration } from "../../domain/declarations.js";
import { canonicalId, INT32_MAX } from "../../domain/ids.js";
import { DESCRIPTION_MAX, DESCRIPTION_MIN } from "../../domain/limits.js";
import { CONFIRM_MESSAGES } from "../../domain/messages.js";
import type { Exchange } from "../../domain/order.js";
import { TradectlError } from "../../errors.js";
import type { IOStreams } from "../../output/io.js";
import { jsonText } from "../../output/records.js";
import { sanitize } from "../../output/sanitize.js";
import { grid, keyValue } from "../../output/table.js";
import type { PartialDraft } from "./confirm-draft.js";
import { declarationId, localMinute } from "./view.js";

/** What the wizard needs from the outside; tests and the command hand in the real client calls. */
export interface WizardDeps {
  io: IOStreams;
  signal: AbortSignal;
  /** The first page (up to 100) of Pending declarations. */
  listPending(): Promise<Declaration[]>;
  /** The crypto-exchanges listing, fetched once per run and shared with flag validation. */
  listExchanges(): Promise<Exchange[]>;
}

export const CANCELLED_MESSAGE = "cancelled; nothing was sent";
const PENDING_PAGE = 100;
const NOT_LISTED = Symbol("not listed");

type Prompts = typeof import("@inquirer/prompts");

/**
 * Inquirer is the heaviest dependency: it is loaded only here, on the first question, so flag
 * mode, `--help` and every other command never pay for it.
 */
async function loadPrompts(deps: Pick<WizardDeps, "io" | "signal">) {
  const prompts: Prompts = await import("@inquirer/prompts");
  const c = deps.io.err;
  // Prompts go to stderr so stdout stays data; colour follows our rules for stderr.
  const context = { input: deps.io.stdin, output: deps.io.stderr, signal: deps.signal };
  const theme = {
    prefix: { idle: c.blue("?"), done: c.green("✔") },
    style: {
      answer: (t: string) => c.cyan(t),
      message: (t: string) => c.bold(t),
      error: (t: string) => c.red(`> ${t}`),
      defaultAnswer: (t: string) => c.dim(`(${t})`),
      help: (t: string) => c.dim(t),
      highlight: (t: string) => c.cyan(t),
      key: (t: string) => c.cyan.bold(`<${t}>`),
    },
  };
  return { prompts, context, theme };
}

export type LoadedPrompts = Awaited<ReturnType<typeof loadPrompts>>;

/**
 * Asks every question the draft leaves open, in the contract's order, and returns the complete
 * draft; null when there is nothing pending to confirm. Answers given as flags are kept and
 * their questions skipped. Ctrl-C rejects with inquirer's ExitPromptError (exit 130).
 */
export async function runWizard(
  start: PartialDraft,
  deps: WizardDeps,
  loaded?: LoadedPrompts,
): Promise<ConfirmDraft | null> {
  const { prompts, context, theme } = loaded ?? (await loadPrompts(deps));
  const { io } = deps;
  const draft: PartialDraft = { ...start };

  if (draft.cryptoDepositDeclarationId === undefined) {
    const picked = await pickDeclaration(deps, prompts, context, theme);
    if (picked === null) return null;
    draft.cryptoDepositDeclarationId = picked;
  } else {
    io.info(io.err.dim(`Confirming declaration ${draft.cryptoDepositDeclarationId}`));
  }

  if (draft.isSelfSender === undefined) {
    draft.isSelfSender = await prompts.select(
      {
        message: "Who sent this deposit?",
        choices: [
          { name: "Me", value: true, description: "your own name on the account is used" },
          { name: "Another person", value: false, description: "you give their name" },
        ],
        theme,
      },
      context,
    );
  }
  if (draft.isSelfSender === false) {
    const required = (v: string) => v.trim() !== "" || CONFIRM_MESSAGES.namesRequired;
    draft.firstName ??= await prompts.input(
      { message: "Sender's first name:", validate: required, theme },
      context,
    );
    draft.lastName ??= await prompts.input(
      { message: "Sender's last name:", validate: required, theme },
      context,
    );
  }

  if (draft.addressType === undefined) {
    const exchangeGiven = draft.exchangeId !== undefined || draft.exchangeOtherName !== undefined;
    draft.addressType = await prompts.select(
      {
        message: "Where was it sent from?",
        choices: [
          { name: "An exchange", value: "Exchange" as const },
          { name: "An individual wallet", value: "IndividualWallet" as const },
        ],
        default: exchangeGiven ? "Exchange" : undefined,
        theme,
      },
      context,
    );
  }
  if (
    draft.addressType === "Exchange" &&
    draft.exchangeId === undefined &&
    draft.exchangeOtherName === undefined
  ) {
    Object.assign(draft, await pickExchange(deps, prompts, context, theme));
  }

  if (draft.description === undefined) {
    const c = io.err;
    draft.description = await prompts.input(
      {
        message: `Describe the deposit (${DESCRIPTION_MIN} to ${DESCRIPTION_MAX} characters):`,
        // The count is live: it is redrawn on every key, in red until the length is allowed.
        transformer: (value, { isFinal }) => {
          if (isFinal) return value;
          const n = textLength(value);
          const count = `(${n}/${DESCRIPTION_MAX})`;
          return `${value} ${n >= DESCRIPTION_MIN && n <= DESCRIPTION_MAX ? c.green(count) : c.red(count)}`;
        },
        validate: (value) => descriptionProblem(value) ?? true,
        theme,
      },
      context,
    );
  }
  return draft as ConfirmDraft;
}

async function pickDeclaration(
  deps: WizardDeps,
  prompts: Prompts,
  context: LoadedPrompts["context"],
  theme: LoadedPrompts["theme"],
): Promise<string | null> {
  const { io } = deps;
  let pending: Declaration[];
  try {
    pending = await deps.listPending();
  } catch (error) {
    if (!(error instanceof TradectlError) || error.kind === "cancelled") throw error;
    throw new TradectlError(
      error.kind,
      `could not list the pending declarations: ${error.message}`,
      {
        status: error.status,
        code: error.code,
        hint: error.hint ?? "pass the declaration id as the argument to skip the list",
      },
    );
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
  return prompts.select(
    {
      message: "Which deposit do you want to declare?",
      choices: alignedChoices(pending).map(([d, name]) => ({
        name,
        value: declarationId(d),
        short: declarationId(d),
        description: sanitize(`to ${d.address}${d.memoTag ? ` memo ${d.memoTag}` : ""}`),
      })),
      pageSize: 10,
      theme,
    },
    context,
  );
}

/** `734001026  0.8000000000000000 BTC   created 2025-06-14 09:21`, in aligned columns. */
function alignedChoices(pending: readonly Declaration[]): [Declaration, string][] {
  const lines = grid(
    pending.map((d) => [
      declarationId(d),
      numberText(d.amount),
      d.symbol ?? "",
      `created ${localMinute(d.createdAt)}`,
    ]),
    // The amount and its symbol read as one: a single space between them.
    { align: [undefined, "right"], gaps: [undefined, 1] },
  );
  return pending.map((d, i) => [d, lines[i]!]);
}

type ExchangeAnswer = Pick<ConfirmDraft, "exchangeId" | "exchangeOtherName">;

async function pickExchange(
  deps: WizardDeps,
  prompts: Prompts,
  context: LoadedPrompts["context"],
  theme: LoadedPrompts["theme"],
): Promise<ExchangeAnswer> {
  const { io } = deps;
  let listing: Exchange[] | null = null;
  try {
    listing = await deps.listExchanges();
  } catch (error) {
    if (error instanceof TradectlError && error.kind === "cancelled") throw error;
    const why = error instanceof Error ? error.message : String(error);
    io.warn(
      `${io.err.yellow("warning:")} the exchanges listing is unavailable (${sanitize(why)}); you can type the exchange's name or its id`,
    );
  }
  const typeName = () =>
    prompts.input(
      {
        message: "Exchange name:",
        validate: (v) =>
          v.trim() === ""
            ? CONFIRM_MESSAGES.exchangeRequired
            : (exchangeOtherNameProblem(v) ?? true),
        theme,
      },
      context,
    );

  if (listing === null) {
    const how = await prompts.select(
      {
        message: "How do you want to name the exchange?",
        choices: [
          { name: "Type its name", value: "name" as const },
          { name: "Type its id (from the exchanges listing)", value: "id" as const },
        ],
        theme,
      },
      context,
    );
    if (how === "name") return { exchangeOtherName: await typeName() };
    const id = await prompts.input(
      {
        message: "Exchange id:",
        validate: (v) =>
          canonicalId(v, INT32_MAX) !== null || "an exchange id is a whole number, e.g. 1",
        theme,
      },
      context,
    );
    return { exchangeId: canonicalId(id, INT32_MAX)! };
  }

  const exchanges = listing;
  const notListed = { name: "Not listed — type its name", value: NOT_LISTED } as const;
  const picked = await prompts.search<string | typeof NOT_LISTED>(
    {
      message: "Which exchange? (type to search)",
      source: (term) => {
        const wanted = (term ?? "").trim().toLowerCase();
        const matches = exchanges
          .filter(
            (e) =>
              wanted === "" || e.name.toLowerCase().includes(wanted) || numberText(e.id) === wanted,
          )
          .map((e) => ({
            name: sanitize(e.name),
            value: numberText(e.id),
            description: `id ${numberText(e.id)}`,
          }));
        return [...matches, notListed];
      },
      pageSize: 10,
      theme,
    },
    context,
  );
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
      if (match) note = c.dim(`  (${sanitize(match.name)})`);
    }
    if (name === "isSelfSender" && value === true) note = c.dim("  (your own name is used)");
    return `${aligned[i]}${note}`;
  });
  return `${c.bold("This will be sent")} ${c.dim("(POST /api/v1/crypto-deposit-declarations/confirm):")}\n${lines.join("\n")}`;
}

/** The summary, then "Send?" (default no). Returns only when the answer is yes. */
export async function askToSend(
  body: ConfirmBody,
  deps: Pick<WizardDeps, "io" | "signal">,
  exchanges: Exchange[] | null,
  loaded?: LoadedPrompts,
): Promise<void> {
  const { prompts, context, theme } = loaded ?? (await loadPrompts(deps));
  deps.io.warn(summaryText(body, deps.io, exchanges));
  const yes = await prompts.confirm({ message: "Send?", default: false, theme }, context);
  if (!yes) throw new TradectlError("cancelled", CANCELLED_MESSAGE);
}

export { loadPrompts };
