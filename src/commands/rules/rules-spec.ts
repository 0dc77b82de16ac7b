import { Command } from "@commander-js/extra-typings";
import { RULE_FIELD_NAMES, ruleNameProblem } from "../../config/rules.js";
import { amountProblem } from "../../domain/amount.js";
import { parseWhen } from "../../domain/duration.js";
import type { RuleMatch } from "../../domain/rules.js";
import { TradectlError } from "../../errors.js";
import { checkedFields, fieldsOption } from "../../output/fields-option.js";
import { answersFromFlags, withAnswerFlags } from "../declarations/confirm/spec.js";
import { defineVerb } from "../verb.js";
import type { RuleAddOptions } from "./rules.js";

function checkedName(name: string): string {
  const problem = ruleNameProblem(name);
  if (problem) throw new TradectlError("usage", problem);
  return name;
}

const addCommand = () =>
  withAnswerFlags(
    new Command("add")
      .description(
        "Save a rule: which deposits it describes (--symbol …) and how to declare them (answers or --sender)",
      )
      .argument("<NAME>", "a name for the rule (`tradectl rules list` shows it)"),
  )
    .option("--symbol <SYM>", "the asset, any case (required)")
    .option("--address <ADDR>", "only deposits to this address (hex addresses in any case)")
    .option("--memo <MEMO>", "only deposits with this memo or destination tag")
    .option("--amount <N>", "only deposits of exactly this amount (250.5 matches 250.50)")
    .option(
      "--sender <NAME>",
      "the answers of a saved sender (`tradectl senders list`), read when the rule is used; answer flags override",
    )
    .option("--once", "an expected deposit: confirm one declaration, then the rule is spent", false)
    .option("--until <WHEN>", "the rule expires: an ISO-8601 time or a duration such as 24h or 7d")
    .addHelpText(
      "after",
      `
A rule matches a Pending declaration when every field it gives is equal: --symbol (any case,
the same under every locale), --address (hex addresses in any case, others as written),
--memo, --amount (exact decimal: 250.5 = 250.50, not 250.501). Declarations that rules with
different answers match, and every declaration a --once rule matches when it matches more
than one, are ambiguous and never sent. The answers are checked with the confirm rules now
(the exchange id against the exchanges listing when it can be read); a broken rule is not
saved. Adding a name that exists replaces it. Kept in the config file (0600).

Examples:
  $ tradectl rules add kraken-xrp --symbol XRP --address rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh \\
      --memo 1048576 --self --address-type exchange --exchange-id 2 \\
      --description "My own XRP from my Kraken account"
  $ tradectl rules add rent --symbol USDT --amount 250.5 --sender sister --once --until 24h
  $ tradectl rules add gifts --symbol ETH --sender sister --description "Gift from my sister's wallet"

Then \`tradectl rules list\` shows it.`,
    );

/** The flags of `rules add`, as commander parses them. */
type AddFlags = ReturnType<ReturnType<typeof addCommand>["opts"]>;

/** The match the flags give: refused here when it cannot be one (every problem at once). */
function matchFromFlags(flags: AddFlags): RuleMatch {
  const problems: string[] = [];
  const symbol = flags.symbol?.trim() ?? "";
  if (symbol === "")
    problems.push("--symbol is required: the asset the rule is for, e.g. --symbol XRP");
  if (flags.address !== undefined && flags.address.trim() === "") {
    problems.push("--address needs a deposit address");
  }
  if (flags.memo !== undefined && flags.memo.trim() === "") {
    problems.push("--memo needs a memo or destination tag");
  }
  if (flags.amount !== undefined) {
    const problem = amountProblem(flags.amount);
    if (problem) problems.push(problem);
  }
  if (flags.until !== undefined) {
    // Whether it is a time at all does not depend on the clock; how far it is does (the run).
    const when = parseWhen(flags.until, 0, 1);
    if (!when.ok) problems.push(`--until: ${when.problem}`);
  }
  if (flags.sender !== undefined && flags.sender.trim() === "") {
    problems.push("--sender needs a saved sender's name (`tradectl senders list`)");
  }
  if (problems.length > 0) {
    throw new TradectlError("usage", problems[0]!, {
      details: problems.slice(1),
      hint: "see `tradectl rules add --help`; nothing was saved",
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
  options: ([name], flags): RuleAddOptions => {
    const { cryptoDepositDeclarationId: _id, ...given } = answersFromFlags(undefined, {
      ...flags,
      yes: false,
      dryRun: false,
      pending: false,
      symbol: [],
      address: undefined,
      amount: undefined,
      sender: undefined,
    });
    return {
      name: checkedName(name),
      match: matchFromFlags(flags),
      given,
      sender: flags.sender,
      once: flags.once,
      until: flags.until,
    };
  },
  run: async () => (await import("./rules.js")).runRulesAdd,
});

export const rulesListVerb = defineVerb({
  command: () =>
    new Command("list")
      .alias("ls")
      .description("List the rules, spent and expired ones shown as such")
      .addOption(fieldsOption(RULE_FIELD_NAMES))
      .addHelpText(
        "after",
        `
The state column is active, spent (a --once rule that confirmed its declaration: spentBy,
spentAt) or expired (its --until has passed). Spent and expired rules match nothing.

Examples:
  $ tradectl rules list
  $ tradectl rules list -o json
  $ tradectl rules list --fields name,state,symbol,amount,until -o csv`,
      ),
  options: (_args, flags) => ({ fields: checkedFields(flags.fields, RULE_FIELD_NAMES) }),
  run: async () => (await import("./rules.js")).runRulesList,
});

export const rulesRemoveVerb = defineVerb({
  command: () =>
    new Command("remove")
      .alias("rm")
      .description("Delete a rule")
      .argument("<NAME>", "the rule's name (`tradectl rules list`)")
      .addHelpText(
        "after",
        `
Examples:
  $ tradectl rules remove kraken-xrp
  $ tradectl rules rm rent`,
      ),
  options: ([name]) => ({ name }),
  run: async () => (await import("./rules.js")).runRulesRemove,
});
