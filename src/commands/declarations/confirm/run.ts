import {
  checkGivenAnswers,
  type Listings,
  listingOnce,
  savedSenders,
  supportedIds,
  violationError,
  withSender,
} from "../../../declare/answers.js";
import { statusBeforeAsking } from "../../../declare/lookup.js";
import type { Selection } from "../../../declare/plan.js";
import { sendOne } from "../../../declare/send.js";
import { sendDeps } from "../../../declare/send-types.js";
import {
  type Answers,
  confirmBody,
  confirmRuleViolations,
  type DeclarationAnswers,
} from "../../../domain/confirm.js";
import { type PresetName, presetText } from "../../../domain/description-presets.js";
import { runExitCode } from "../../../domain/outcome-exit.js";
import { EXIT_CODES, isTradectlError } from "../../../errors.js";
import type { CommandContext } from "../../context.js";
import { runBatch } from "./batch.js";
import { offerRule, offerSameWay, offerToSave } from "./offers.js";
import { outcomeError, printBodies, printSingle } from "./output.js";

/** What `declarations confirm` runs on, made from its flags by spec.ts. */
export interface ConfirmOptions {
  /** The answers given as flags (and the declaration id, when given). */
  answers: Answers;
  /** Skip the final "Send?". */
  yes: boolean;
  /** Print the body that would be sent; send nothing. */
  dryRun: boolean;
  /** A saved sender whose answers the flags lay over. */
  sender?: string;
  /** Several declarations (ids, --pending or --from): a batch (batch.ts). */
  selection?: Selection;
  /**
   * `--fields`: the fields printed, in this order (checked by the spec against what this run
   * prints: the bodies with --dry-run, else the outcome records); all when undefined.
   */
  fields?: readonly string[] | undefined;
  /** `--description-preset`: its text, in the run's language, is the description given. */
  preset?: PresetName | undefined;
  /** `--auto`: the saved rules choose the declarations and answer (auto.ts). */
  auto?: boolean;
}

/**
 * `declarations confirm`: a batch when a selection is given, else one declaration: the answers
 * checked once, what is missing asked on a terminal, the final answers through the rules, and
 * the body sent through the same send path as a batch's items.
 */
export async function runConfirm(options: ConfirmOptions, ctx: CommandContext): Promise<number> {
  if (options.auto) {
    const { runAutoConfirm } = await import("./auto.js");
    return runAutoConfirm(
      { yes: options.yes, dryRun: options.dryRun, fields: options.fields },
      ctx,
    );
  }
  const flags: Answers = options.preset
    ? { ...options.answers, description: presetText(options.preset, ctx.io.t.lang) }
    : options.answers;
  const given = withSender(flags, options.sender, ctx.env, (line) => ctx.io.warn(line), ctx.io.t);
  if (options.selection) {
    return runBatch(
      {
        selection: options.selection,
        answers: given,
        yes: options.yes,
        dryRun: options.dryRun,
        fields: options.fields,
      },
      ctx,
    );
  }
  const { io } = ctx;
  const interactive = io.interactive();
  const listings = listingOnce(ctx);
  const { answers: start, missing } = await checkGivenAnswers(given, { interactive, listings, io });
  const willAsk = interactive && (missing.length > 0 || (!options.yes && !options.dryRun));
  // The wizard (and inquirer behind the prompter) is loaded once, and only when we will ask.
  const wizard = willAsk ? await import("./wizard.js") : null;

  // Before asking anything about a given id, make sure there is something to confirm.
  if (willAsk && start.cryptoDepositDeclarationId !== undefined) {
    await statusBeforeAsking(await ctx.client(), start.cryptoDepositDeclarationId);
  }

  let answers: DeclarationAnswers;
  if (wizard && missing.length > 0) {
    const answered = await wizard.runWizard(start, {
      io,
      prompter: ctx.prompter,
      listPending: async () =>
        (await ctx.client()).listDeclarations({ statuses: ["Pending"], page: 1, pageSize: 100 }),
      listing: listings.get,
      senders: options.sender === undefined ? savedSenders(ctx.env) : [],
    });
    if (answered === null) return 0;
    answers = answered;
  } else {
    // Without a terminal every answer was given (checkGivenAnswers refuses otherwise).
    answers = start as DeclarationAnswers;
  }

  // Once more on the final answers: what is sent is exactly what passed the rules.
  await checkFinal(answers, listings);
  const body = confirmBody(answers);

  if (options.dryRun) {
    await printBodies([body], ctx, false, options.fields);
    io.info(io.err.dim(io.t("confirm.dryRun")));
    return 0;
  }
  if (wizard && !options.yes) {
    const names = (await listings.ifRead())?.exchanges ?? null;
    if (!(await wizard.askToSend(body, { io, prompter: ctx.prompter }, names))) {
      // A choice, not a failure: said plainly, exit 130 as the contract has it.
      io.warn(io.t("cli.cancelled"));
      return EXIT_CODES.cancelled;
    }
  }

  const sent = await sendOne({ body }, await sendDeps(ctx));
  // Anything but a confirmation is printed as its record, then reported (its exit code).
  await printSingle(sent, ctx, options.fields);
  if (runExitCode([sent.judgement], "single") !== 0) throw outcomeError(sent);

  // Questions were asked and may be asked again (--yes asks none after the answers).
  if (wizard && missing.length > 0 && !options.yes) {
    return offerMore(answers, options, ctx);
  }
  return 0;
}

/**
 * After a wizard's confirmation: save the answers, declare the others the same way. The run
 * confirmed something, so Ctrl-C or "no" here ends it with 0 and what was confirmed, never
 * "cancelled; nothing was sent".
 */
async function offerMore(
  answers: DeclarationAnswers,
  options: ConfirmOptions,
  ctx: CommandContext,
): Promise<number> {
  const { cryptoDepositDeclarationId: id, ...rest } = answers;
  let others: string[];
  try {
    if (options.sender === undefined) await offerToSave(rest, ctx);
    await offerRule(rest, id, ctx);
    others = await offerSameWay(id, ctx);
  } catch (error) {
    if (!isTradectlError(error) || error.kind !== "cancelled") throw error;
    ctx.io.warn(ctx.io.t("confirm.confirmedNothingMore", { id }));
    return 0;
  }
  if (others.length === 0) return 0;
  return runBatch(
    {
      selection: { kind: "ids", ids: others },
      answers: rest,
      yes: false,
      dryRun: false,
      fields: options.fields,
      afterConfirmed: id,
    },
    ctx,
  );
}

/**
 * The rules on the complete answers, with the listing if this run has read it (the given
 * answers were checked against it when they needed it; the wizard's come from it).
 */
async function checkFinal(answers: DeclarationAnswers, listings: Listings): Promise<void> {
  const supportedExchangeIds = supportedIds(await listings.ifRead());
  const violations = confirmRuleViolations(answers, { supportedExchangeIds });
  if (violations.length > 0) throw violationError(violations);
}
