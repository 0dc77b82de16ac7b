import type { Command, Option } from "commander";
import { OUTCOMES, type Outcome } from "../../domain/outcome.js";
import { type ErrorKind, EXIT_CODES } from "../../errors.js";
import type { MessageKey, Translator } from "../../i18n/index.js";
import { OUTPUT_FORMATS } from "../../output/formats.js";
import { proseGrid } from "../../output/table.js";
import type { TopicName } from "../help-topics.js";
import { afterHelp } from "./help-text.js";

/**
 * The `tradectl help TOPIC` pages, in the run's language (`t`; English when not given). They read
 * the program, so flags and defaults cannot drift. A module of its own, loaded when a page is
 * asked for: its tables bring cli-table3, which no `--help` needs (BENCHMARKS.md, the `--help` row).
 */
type TopicPage = (program: Command, t: Translator, width: number) => string;

/** When each exit code happens (docs/EXIT-CODES.md); the kinds come from errors.ts. */
const WHEN: Record<number, MessageKey> = {
  0: "topic.exit.when.0",
  1: "topic.exit.when.1",
  2: "topic.exit.when.2",
  3: "topic.exit.when.3",
  4: "topic.exit.when.4",
  5: "topic.exit.when.5",
  6: "topic.exit.when.6",
  130: "topic.exit.when.130",
};

/**
 * What each outcome of a confirmation claims, and its exit code for one confirm / a batch's item
 * (docs/OUTCOMES.md), in the vocabulary's order.
 */
function outcomeRows(t: Translator): Record<Outcome, [string, string]> {
  const says = (outcome: Outcome) => t.text({ key: `topic.outcome.${outcome}` });
  return {
    confirmed: ["0", says("confirmed")],
    already_confirmed: [`${EXIT_CODES.conflict}, batch 0`, says("already_confirmed")],
    rejected: [`${EXIT_CODES.validation}`, says("rejected")],
    not_found: [`${EXIT_CODES.not_found}`, says("not_found")],
    unknown: [`${EXIT_CODES.unknown}`, says("unknown")],
    not_sent: [t("topic.outcome.orCause", { code: EXIT_CODES.cancelled }), says("not_sent")],
  };
}

function table(rows: readonly (readonly string[])[], width: number): string {
  return proseGrid(rows, width).join("\n");
}

function exitCodes(_program: Command, t: Translator, width: number): string {
  const kindsByCode = new Map<number, ErrorKind[]>([[0, []]]);
  for (const [kind, code] of Object.entries(EXIT_CODES) as [ErrorKind, number][]) {
    kindsByCode.set(code, [...(kindsByCode.get(code) ?? []), kind]);
  }
  const when = (code: number) => {
    const key = WHEN[code];
    return key ? t.text({ key }) : "";
  };
  const rows = [...kindsByCode.entries()]
    .sort(([a], [b]) => a - b)
    .map(([code, kinds]) => [String(code), kinds.join(", "), when(code)]);
  const header = [t("topic.exit.code"), t("topic.exit.kind"), t("topic.exit.when")];
  const outcomes = outcomeRows(t);
  const outcomeHeader = [
    t("topic.outcome.outcome"),
    t("topic.outcome.exit"),
    t("topic.outcome.means"),
  ];
  return t("topic.exit.text", {
    table: table([header, ...rows], width),
    outcomes: table([outcomeHeader, ...OUTCOMES.map((o) => [o, ...outcomes[o]])], width),
  });
}

/** A global option's default as the program defines it, for " (default: …)". */
function defaultOf(program: Command, flag: string, t: Translator): string {
  const value = program.options.find((option: Option) => option.long === flag)?.defaultValue;
  return value === undefined || typeof value === "boolean"
    ? ""
    : t("topic.env.default", { value: String(value) });
}

function environment(program: Command, t: Translator, width: number): string {
  const rows: string[][] = [
    ["TRADECTL_API_KEY", t("topic.env.apiKey")],
    ["TRADECTL_API_SECRET", t("topic.env.apiSecret")],
    ["TRADECTL_BASE_URL", t("topic.env.baseUrl", { default: defaultOf(program, "--base-url", t) })],
    ["TRADECTL_PROFILE", t("topic.env.profile", { default: defaultOf(program, "--profile", t) })],
    ["TRADECTL_EXCHANGES_PATH", t("topic.env.exchangesPath")],
    ["TRADECTL_NO_INPUT=1", t("topic.env.noInput")],
    ["TRADECTL_DEBUG=1", t("topic.env.debug")],
    ["TRADECTL_LANG", t("topic.env.lang")],
    ["NO_COLOR", t("topic.env.noColor")],
    ["FORCE_COLOR", t("topic.env.forceColor")],
    ["COLUMNS", t("topic.env.columns")],
    ["TRADECTL_PAGER", t("topic.env.pager")],
    ["XDG_CONFIG_HOME", t("topic.env.configHome")],
    ["XDG_STATE_HOME", t("topic.env.stateHome")],
    ["XDG_CACHE_HOME", t("topic.env.cacheHome")],
  ];
  return t("topic.env.text", { table: table(rows, width) });
}

const FORMAT_TEXT: Record<(typeof OUTPUT_FORMATS)[number], MessageKey> = {
  table: "topic.formats.table",
  tsv: "topic.formats.tsv",
  csv: "topic.formats.csv",
  json: "topic.formats.json",
  ndjson: "topic.formats.ndjson",
};

function formats(_program: Command, t: Translator, width: number): string {
  const rows = OUTPUT_FORMATS.flatMap((format) =>
    t
      .text({ key: FORMAT_TEXT[format] })
      .split("\n")
      .map((line, i) => [i === 0 ? format : "", line]),
  );
  return t("topic.formats.text", { table: table(rows, width), uEscape: "\\u{HHHH}" });
}

function sandbox(program: Command, t: Translator): string {
  const serve = program.commands
    .find((c) => c.name() === "sandbox")
    ?.commands.find((c) => c.name() === "serve");
  const details = serve ? afterHelp(serve).trim() : "";
  return t("topic.sandbox.text", { details: details === "" ? "" : `\n${details}\n` });
}

export const TOPIC_PAGES: Record<TopicName, TopicPage> = {
  "exit-codes": exitCodes,
  environment,
  formats,
  sandbox,
};
