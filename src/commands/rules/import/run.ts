import { readRules } from "../../../config/rules.js";
import { importedKeys, saveImported } from "../../../config/rules-import.js";
import { savedNames } from "../../../config/saved-entries.js";
import type { SenderAnswers } from "../../../config/senders.js";
import { warnUnreadable } from "../../../declare/auto-plan.js";
import { badRows, readImport, readImportText } from "../../../declare/import-read.js";
import { overlayAnswers } from "../../../domain/batch.js";
import { type PresetName, presetText } from "../../../domain/description-presets.js";
import type { RuleAnswers } from "../../../domain/rules.js";
import {
  FORMATS,
  genericFormat,
  type ImportSource,
  type WithdrawalField,
  type WithdrawalFormat,
} from "../../../domain/withdrawal-formats.js";
import { EXIT_CODES } from "../../../errors.js";
import { createRecordWriter } from "../../../output/records.js";
import { agreedToAll, type CountQuestion } from "../../ask-count.js";
import type { CommandContext } from "../../context.js";
import { checkedRuleAnswers } from "../rules.js";
import { planImport } from "./plan.js";
import { planView } from "./view.js";

export interface ImportOptions {
  /** The file, or `-` for stdin. */
  file: string;
  source: ImportSource;
  /** `generic --columns`: our field → the file's column. */
  columns: Partial<Record<WithdrawalField, string>> | undefined;
  decimalComma: boolean;
  skipBad: boolean;
  /** How long after its withdrawal a rule lives. */
  untilMs: number;
  /** The answer flags given. */
  given: SenderAnswers;
  sender: string | undefined;
  preset: PresetName | undefined;
  yes: boolean;
  dryRun: boolean;
}

/**
 * `rules import FILE --source SOURCE` (docs/IMPORT.md): the file read (a bad one refused,
 * naming its row and column), the plan printed, then, on "Save N?" or --yes, every rule saved
 * together, or none.
 */
export async function runRulesImport(options: ImportOptions, ctx: CommandContext): Promise<number> {
  const { io } = ctx;
  const now = ctx.now();
  const format: WithdrawalFormat =
    options.source === "generic" ? genericFormat(options.columns ?? {}) : FORMATS[options.source];
  const saved = readRules(ctx.env);
  warnUnreadable(saved.unreadable, ctx.io);

  const text = await readImportText(options.file, io.stdin);
  const reads = await readImport(
    text,
    options.file,
    {
      source: options.source,
      format,
      decimalComma: options.decimalComma,
      untilMs: options.untilMs,
      now,
    },
    importedKeys(saved, options.source),
  );
  const bad = reads.filter((r) => r.kind === "bad");
  if (bad.length > 0 && !options.skipBad) throw badRows(bad, options.file);

  const toSave = reads.filter((r) => r.kind === "withdrawal").length;
  // The answers are checked once, before the plan (a broken one saves nothing); with no rule
  // to save there is nothing to check them for.
  const answers: RuleAnswers =
    toSave > 0 ? await importAnswers(options, format, ctx) : { given: {} };
  const plan = planImport(reads, answers, new Set(savedNames(saved)));
  const writer = createRecordWriter(ctx.globals.output, planView(io.t), io);
  await writer.write(plan);
  await writer.end();

  const rules = plan.flatMap((p) => (p.rule ? [p.rule] : []));
  if (rules.length === 0) {
    io.info(io.t("rules.import.nothing", { count: plan.length }));
    return 0;
  }
  if (options.dryRun) {
    io.info(io.err.dim(io.t("rules.import.dryRun", { count: rules.length })));
    return 0;
  }
  const saveAll: CountQuestion = {
    question: "rules.import.save",
    noTerminal: "rules.import.noTerminal",
    noTerminalHint: "rules.import.noTerminalHint",
  };
  if (!(await agreedToAll(ctx, options.yes, rules.length, saveAll))) {
    io.warn(io.t("cli.cancelled"));
    return EXIT_CODES.cancelled;
  }
  const added = await saveImported(ctx.env, rules);
  io.info(io.t("rules.import.saved", { count: added.length, source: options.source }));
  return 0;
}

/**
 * The answers every imported rule gets: by default the owner's own money (self) sent from that
 * exchange (its listed id, else its name), described with the own-accounts preset; the answer
 * flags over them, or a saved sender's answers with the flags over those.
 */
async function importAnswers(
  options: ImportOptions,
  format: WithdrawalFormat,
  ctx: CommandContext,
): Promise<RuleAnswers> {
  let given = options.given;
  if (options.sender === undefined) {
    const defaults: SenderAnswers = {
      isSelfSender: true,
      addressType: "Exchange",
      description: presetText("own-accounts", ctx.io.t.lang),
    };
    if (format.exchangeName !== "") defaults.exchangeOtherName = format.exchangeName;
    given = overlayAnswers(defaults, options.given);
  }
  return checkedRuleAnswers({ given, sender: options.sender, preset: options.preset }, ctx);
}
