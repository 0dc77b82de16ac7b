import { Command } from "@commander-js/extra-typings";
import { parseDurationMs } from "../../../domain/duration.js";
import {
  IMPORT_SOURCES,
  type ImportSource,
  WITHDRAWAL_FIELDS,
  type WithdrawalField,
} from "../../../domain/withdrawal-formats.js";
import { type Text, TradectlError } from "../../../errors.js";
import { english, msg, type Translator } from "../../../i18n/index.js";
import { answersFromFlags, withAnswerFlags } from "../../answer-flags.js";
import { checkedPreset, presetHelp, presetOption } from "../../description-preset.js";
import { defineVerb } from "../../verb.js";
import type { ImportOptions } from "./run.js";

/** How long an imported rule lives after its withdrawal when `--until` is not given. */
const DEFAULT_UNTIL = "14d";

const importCommand = (t: Translator = english) =>
  withAnswerFlags(
    new Command("import")
      .description(t("rules.import.description"))
      .argument("<FILE>", t("rules.import.arg")),
    t,
  )
    .requiredOption("--source <SOURCE>", t("rules.import.opt.source"))
    .option("--columns <MAP>", t("rules.import.opt.columns"))
    .option("--decimal-comma", t("rules.import.opt.decimalComma"), false)
    .option("--skip-bad", t("rules.import.opt.skipBad"), false)
    .option("--until <DURATION>", t("rules.import.opt.until"), DEFAULT_UNTIL)
    .option("--sender <NAME>", t("rules.import.opt.sender"))
    .option("-y, --yes", t("rules.import.opt.yes"), false)
    .option("--dry-run", t("rules.import.opt.dryRun"), false)
    .addOption(presetOption(t))
    .addHelpText("after", t("rules.import.after"))
    .addHelpText("after", presetHelp(t));

type ImportFlags = ReturnType<ReturnType<typeof importCommand>["opts"]>;

/** `symbol=Coin,address=To,amount=Sent` as our fields → the file's columns. */
function columnsOf(text: string, problems: Text[]): Partial<Record<WithdrawalField, string>> {
  const columns: Partial<Record<WithdrawalField, string>> = {};
  for (const item of text.split(",")) {
    const [field = "", ...rest] = item.split("=");
    const column = rest.join("=").trim();
    const name = field.trim() as WithdrawalField;
    if (!WITHDRAWAL_FIELDS.includes(name) || column === "") {
      problems.push(
        msg("rules.import.columnsBad", {
          item: item.trim(),
          fields: WITHDRAWAL_FIELDS.join(", "),
        }),
      );
      continue;
    }
    columns[name] = column;
  }
  for (const field of ["symbol", "address", "amount"] as const) {
    if (columns[field] === undefined && problems.length === 0) {
      problems.push(msg("rules.import.columnsMissing", { field }));
    }
  }
  return columns;
}

/** The flags checked (every problem at once), as the run's options; no I/O. */
function importOptions(file: string, flags: ImportFlags): ImportOptions {
  const problems: Text[] = [];
  const source = flags.source.trim().toLowerCase() as ImportSource;
  if (!IMPORT_SOURCES.includes(source)) {
    problems.push(
      msg("rules.import.badSource", {
        source: flags.source,
        sources: IMPORT_SOURCES.join(", "),
      }),
    );
  }
  let columns: Partial<Record<WithdrawalField, string>> | undefined;
  if (source === "generic") {
    if (flags.columns === undefined) problems.push(msg("rules.import.columnsNeeded"));
    else columns = columnsOf(flags.columns, problems);
  } else if (flags.columns !== undefined) {
    problems.push(msg("rules.import.columnsOnlyGeneric"));
  }
  const untilMs = parseDurationMs(flags.until);
  if (untilMs === null || untilMs <= 0) {
    problems.push(msg("rules.import.untilBad", { until: flags.until }));
  }
  const { cryptoDepositDeclarationId: _id, ...given } = answersFromFlags(undefined, flags);
  if (problems.length > 0) {
    const hint = msg("rules.import.hint");
    throw TradectlError.listing("usage", problems, { hint });
  }
  return {
    file,
    source,
    columns,
    decimalComma: flags.decimalComma,
    skipBad: flags.skipBad,
    untilMs: untilMs!,
    given,
    sender: flags.sender,
    preset: checkedPreset(flags.descriptionPreset),
    yes: flags.yes,
    dryRun: flags.dryRun,
  };
}

export const rulesImportVerb = defineVerb({
  command: importCommand,
  options: ([file], flags) => importOptions(file, flags),
  run: async () => (await import("./run.js")).runRulesImport,
});
