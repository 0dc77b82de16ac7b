import { Command } from "@commander-js/extra-typings";
import { RULE_FIELD_NAMES } from "../../config/rules.js";
import { amountProblem } from "../../domain/amount.js";
import { parseWhen, whenProblem } from "../../domain/duration.js";
import type { RuleMatch } from "../../domain/rules.js";
import { type Text, TradectlError } from "../../errors.js";
import { english, type MessageKey, msg, type Translator } from "../../i18n/index.js";
import { checkedFields } from "../../output/fields-option.js";
import { answersFromFlags, withAnswerFlags } from "../answer-flags.js";
import { checkedPreset, presetHelp, presetOption } from "../description-preset.js";
import { checkedName, savedListCommand, savedRemoveVerb } from "../saved-spec.js";
import { defineVerb } from "../verb.js";
import type { RuleAddOptions } from "./rules.js";

const addCommand = (t: Translator = english) =>
  withAnswerFlags(
    new Command("add")
      .description(t("rules.add.description"))
      .argument("<NAME>", t("rules.add.arg")),
  )
    .option("--symbol <SYM>", t("rules.add.opt.symbol"))
    .option("--address <ADDR>", t("rules.add.opt.address"))
    .option("--memo <MEMO>", t("rules.add.opt.memo"))
    .option("--amount <N>", t("rules.add.opt.amount"))
    .option("--sender <NAME>", t("rules.add.opt.sender"))
    .option("--once", t("rules.add.opt.once"), false)
    .option("--until <WHEN>", t("rules.add.opt.until"))
    .addOption(presetOption(t))
    .addHelpText("after", t("rules.add.after"))
    .addHelpText("after", presetHelp(t));

/** The flags of `rules add`, as commander parses them. */
type AddFlags = ReturnType<ReturnType<typeof addCommand>["opts"]>;

/** The match the flags give: refused here when it cannot be one (every problem at once). */
function matchFromFlags(flags: AddFlags): RuleMatch {
  const problems: Text[] = [];
  const known = (key: MessageKey & `rules.add.no${string}`) => problems.push(msg(key));
  const symbol = flags.symbol?.trim() ?? "";
  if (symbol === "") known("rules.add.noSymbol");
  if (flags.address !== undefined && flags.address.trim() === "") known("rules.add.noAddress");
  if (flags.memo !== undefined && flags.memo.trim() === "") known("rules.add.noMemo");
  if (flags.amount !== undefined) {
    const problem = amountProblem(flags.amount);
    if (problem) problems.push(problem);
  }
  if (flags.until !== undefined) {
    // Whether it is a time at all does not depend on the clock; how far it is does (the run).
    const when = parseWhen(flags.until, 0, 1);
    if (!when.ok) problems.push(whenProblem("--until", when));
  }
  if (flags.sender !== undefined && flags.sender.trim() === "") known("rules.add.noSender");
  if (problems.length > 0) {
    throw TradectlError.listing("usage", problems, {
      hint: msg("rules.add.hint"),
    });
  }
  const match: RuleMatch = { symbol };
  if (flags.address !== undefined) match.address = flags.address.trim();
  if (flags.memo !== undefined) match.memo = flags.memo.trim();
  if (flags.amount !== undefined) match.amount = flags.amount.trim();
  return match;
}

export const rulesAddVerb = defineVerb({
  command: addCommand,
  options: ([name], { descriptionPreset, ...flags }): RuleAddOptions => {
    const { cryptoDepositDeclarationId: _id, ...given } = answersFromFlags(undefined, flags);
    return {
      name: checkedName("rule", name),
      match: matchFromFlags(flags),
      given,
      sender: flags.sender,
      once: flags.once,
      until: flags.until,
      preset: checkedPreset(descriptionPreset),
    };
  },
  run: async () => (await import("./rules.js")).runRulesAdd,
});

export const rulesListVerb = defineVerb({
  command: (t: Translator = english) =>
    savedListCommand("rules", RULE_FIELD_NAMES, t).option(
      "--source <SOURCE>",
      t("rules.list.opt.source"),
    ),
  options: (_args, flags) => ({
    fields: checkedFields(flags.fields, RULE_FIELD_NAMES),
    source: flags.source?.trim().toLowerCase(),
  }),
  run: async () => (await import("./rules.js")).runRulesList,
});

export const rulesRemoveVerb = savedRemoveVerb(
  "rules",
  async () => (await import("./rules.js")).runRulesRemove,
);
