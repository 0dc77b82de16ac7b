import { LosslessNumber, numberText, stringifyLossless } from "../../api/json.js";
import {
  type ConfirmDraft,
  confirmBody,
  confirmRuleViolations,
  exchangeIdIsWellFormed,
} from "../../domain/confirm.js";
import type { Exchange } from "../../domain/order.js";
import { isTradectlError, TradectlError } from "../../errors.js";
import { type Column, createRecordWriter, jsonText } from "../../output/records.js";
import { sanitize } from "../../output/sanitize.js";
import type { CommandContext } from "../context.js";
import {
  draftFromFlags,
  missingAnswerLine,
  missingAnswers,
  type PartialDraft,
  violationError,
  violationsOfGivenAnswers,
} from "./confirm-draft.js";
import { sendConfirmation } from "./confirm-send.js";
import type { ConfirmFlags } from "./index.js";

export interface ConfirmOptions {
  id: string | undefined;
  flags: ConfirmFlags;
}

/** What the command prints on success: the contract's object, in every format. */
interface ConfirmResult {
  cryptoDepositDeclarationId: ConfirmDraft["cryptoDepositDeclarationId"];
  success: true;
  message: "";
  code: 0;
}

const RESULT_COLUMNS: readonly Column<ConfirmResult>[] = [
  { header: "cryptoDepositDeclarationId", text: (r) => r.cryptoDepositDeclarationId },
  { header: "success", text: (r) => String(r.success) },
  { header: "message", text: (r) => r.message },
  { header: "code", text: (r) => String(r.code) },
];

export const confirmedSentence = (id: string) =>
  `Declaration ${id} confirmed: the deposit will be credited to your wallet`;

/**
 * The crypto-exchanges listing for this run: read at most once, whether flag validation or the
 * wizard asks first. A failure is remembered too: the rule that needs it is then left to the
 * server, and the wizard offers typing a name or an id.
 */
function exchangeListing(ctx: CommandContext) {
  let listing: Promise<Exchange[]> | null = null;
  let warned = false;
  const get = () => {
    listing ??= ctx.client().then(async (client) => {
      const exchanges = await client.listExchanges();
      // No listing at this path (a 404) is met here like an unreadable one.
      if (exchanges === null) {
        throw new TradectlError("not_found", "the service has no exchanges listing");
      }
      return exchanges;
    });
    return listing;
  };
  return {
    get,
    /** For the wizard, which tells the user itself when the listing is unavailable. */
    async getAndSayWhy(): Promise<Exchange[]> {
      try {
        return await get();
      } catch (error) {
        warned = true;
        throw error;
      }
    },
    /** The listing if it was read successfully, for the summary's exchange names. */
    async ifLoaded(): Promise<Exchange[] | null> {
      if (!listing) return null;
      return listing.catch(() => null);
    },
    /** Ids the listing supports, or null (and one warning) when it cannot be read. */
    async supportedIds(exchangeId: string | undefined): Promise<ReadonlySet<string> | null> {
      // Only a well-formed id needs the listing; a malformed one breaks the rule without it.
      if (exchangeId === undefined || !exchangeIdIsWellFormed(exchangeId)) return null;
      try {
        return new Set((await get()).map((e) => numberText(e.id)));
      } catch (error) {
        if (isTradectlError(error) && error.kind === "cancelled") throw error;
        if (!warned) {
          warned = true;
          const why = error instanceof Error ? error.message : String(error);
          ctx.io.warn(
            `${ctx.io.err.yellow("warning:")} could not read the exchanges listing (${sanitize(why)}); whether exchangeId ${sanitize(exchangeId.trim())} is supported is left to the server`,
          );
        }
        return null;
      }
    },
  };
}

export async function runConfirm(options: ConfirmOptions, ctx: CommandContext): Promise<number> {
  const { flags } = options;
  const start: PartialDraft = draftFromFlags(options.id, flags);
  // The questions are written to stderr: asking where nobody can see them would only hang.
  const interactive = ctx.io.canPrompt() && ctx.io.stderrIsTTY;
  const exchanges = exchangeListing(ctx);
  const missing = missingAnswers(start);

  // The answers given are checked before any question, so a wrong flag fails fast.
  const given = violationsOfGivenAnswers(
    confirmRuleViolations(
      { ...start, cryptoDepositDeclarationId: start.cryptoDepositDeclarationId ?? "0" },
      { supportedExchangeIds: await exchanges.supportedIds(start.exchangeId) },
    ),
    missing,
  );
  if (missing.length > 0 && !interactive) {
    const lines = [...missing.map(missingAnswerLine), ...given];
    throw new TradectlError("usage", lines[0]!, {
      details: lines.slice(1),
      hint: "nothing was sent; without a terminal (or with --no-input) every answer must be a flag; on a terminal, tradectl asks for what is missing",
    });
  }
  if (given.length > 0) throw violationError(given);

  let draft: ConfirmDraft;
  let prompts: import("./wizard.js").LoadedPrompts | undefined;
  if (missing.length > 0) {
    const wizard = await import("./wizard.js");
    prompts = await wizard.loadPrompts(ctx);
    const answered = await wizard.runWizard(
      start,
      {
        io: ctx.io,
        signal: ctx.signal,
        listPending: async () =>
          (await ctx.client()).listDeclarations({
            statuses: ["Pending"],
            page: 1,
            pageSize: 100,
          }),
        listExchanges: exchanges.getAndSayWhy,
      },
      prompts,
    );
    if (answered === null) return 0;
    draft = answered;
  } else {
    draft = start as ConfirmDraft;
  }

  // Once more on the final draft: what is sent is exactly what passed the rules.
  const violations = confirmRuleViolations(draft, {
    supportedExchangeIds: await exchanges.supportedIds(draft.exchangeId),
  });
  if (violations.length > 0) throw violationError(violations);
  const body = confirmBody(draft);

  if (flags.dryRun) {
    await ctx.io.write(`${stringifyLossless(body)}\n`);
    ctx.io.info(ctx.io.err.dim("dry run: this is the body that would be sent; nothing was sent"));
    return 0;
  }
  if (!flags.yes && interactive) {
    const wizard = await import("./wizard.js");
    await wizard.askToSend(body, ctx, await exchanges.ifLoaded(), prompts);
  }

  const client = await ctx.client();
  await sendConfirmation(client, body, ctx.io);
  await printResult(body.cryptoDepositDeclarationId.value, ctx);
  return 0;
}

async function printResult(id: string, ctx: CommandContext): Promise<void> {
  const { io, globals } = ctx;
  const sentence = confirmedSentence(id);
  const result: ConfirmResult = {
    cryptoDepositDeclarationId: id,
    success: true,
    message: "",
    code: 0,
  };
  switch (globals.output) {
    case "table":
      await io.write(`${io.out.green(sentence)}\n`);
      return;
    case "json":
      // The contract's object, written the way the contract writes it, id with its exact digits.
      await io.write(
        `{"cryptoDepositDeclarationId": ${id}, "success": true, "message": "", "code": 0}\n`,
      );
      break;
    case "ndjson":
      await io.write(
        `${jsonText({ ...result, cryptoDepositDeclarationId: new LosslessNumber(id) })}\n`,
      );
      break;
    default: {
      const writer = createRecordWriter(globals.output, { columns: RESULT_COLUMNS }, io);
      await writer.write([result]);
      await writer.end();
    }
  }
  io.info(sentence);
}
