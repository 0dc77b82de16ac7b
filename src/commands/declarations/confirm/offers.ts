import { readRules, ruleNameProblem, saveRule } from "../../../config/rules.js";
import { saveSender, senderNameProblem, senderRecord } from "../../../config/senders.js";
import { amountProblem } from "../../../domain/amount.js";
import type { Answers } from "../../../domain/confirm.js";
import { declarationId } from "../../../domain/declarations.js";
import type { RuleMatch } from "../../../domain/rules.js";
import { jsonText } from "../../../output/records.js";
import type { CommandContext } from "../../context.js";
import { savedSenders } from "./answers.js";
import { lookUpDeclarations } from "./lookup.js";

/**
 * What a wizard's confirmation offers next, once it is sent: to save the answers as a sender,
 * and to declare the other pending deposits the same way.
 */

/**
 * "Save these answers as a sender?", and a name for them, when no saved sender has them (a
 * saved sender with its own description, or none, is the same sender).
 */
export async function offerToSave(answers: Answers, ctx: CommandContext): Promise<void> {
  const who = (a: Answers) => jsonText(senderRecord({ ...a, description: undefined }));
  if (savedSenders(ctx.env).some((s) => who(s.answers) === who(answers))) return;
  const save = await ctx.prompter.confirm({
    message: "Save these answers as a sender for next time?",
    default: false,
  });
  if (!save) return;
  const name = await ctx.prompter.input({
    message: "Name for this sender:",
    validate: (value) => senderNameProblem(value.trim()) ?? true,
  });
  await saveSender(ctx.env, name.trim(), answers);
  ctx.io.info(
    `Sender '${name.trim()}' saved: \`--sender ${name.trim()}\` answers the same way next time`,
  );
}

/** Server text offered as a prompt's default only when it is one plain word (an address, a tag). */
const PLAIN = /^[\x21-\x7e]{1,200}$/;
const plainOr = (text: string | null | undefined) => (text && PLAIN.test(text) ? text : undefined);

/**
 * "Remember this as a rule for deposits like it?": a rule (CLI-CONTRACT.md, "Declaring by
 * rules") with these answers, matching the declaration's symbol, address and memo (prefilled,
 * each can be changed or emptied) and an amount when one is given, saved for `confirm --auto`
 * and `watch --auto`.
 */
export async function offerRule(
  answers: Omit<Answers, "cryptoDepositDeclarationId">,
  confirmedId: string,
  ctx: CommandContext,
): Promise<void> {
  const remember = await ctx.prompter.confirm({
    message: "Remember these answers as a rule for deposits like it?",
    default: false,
  });
  if (!remember) return;
  const declaration = (await lookUpDeclarations(await ctx.client(), [confirmedId])).get(
    confirmedId,
  );
  const { prompter } = ctx;
  const symbol = await prompter.input({
    message: "Symbol:",
    default: plainOr(declaration?.symbol),
    validate: (value) => (value.trim() === "" ? "a rule needs the asset's symbol, e.g. XRP" : true),
  });
  const address = await prompter.input({
    message: "Deposit address (empty: any):",
    default: plainOr(declaration?.address),
  });
  const memo = declaration?.memoTag
    ? await prompter.input({
        message: "Memo or tag (empty: any):",
        default: plainOr(declaration.memoTag),
      })
    : "";
  const amount = await prompter.input({
    message: "Amount, exactly (empty: any amount):",
    validate: (value) => (value.trim() === "" ? true : (amountProblem(value.trim()) ?? true)),
  });
  const taken = new Set(readRules(ctx.env).rules.map((r) => r.name));
  const name = (
    await prompter.input({
      message: "Name for this rule:",
      validate: (value) =>
        ruleNameProblem(value.trim()) ??
        (taken.has(value.trim()) ? `a rule called '${value.trim()}' exists already` : true),
    })
  ).trim();
  const match: RuleMatch = { symbol: symbol.trim() };
  if (address.trim() !== "") match.address = address.trim();
  if (memo.trim() !== "") match.memo = memo.trim();
  if (amount.trim() !== "") match.amount = amount.trim();
  await saveRule(ctx.env, {
    name,
    match,
    answers: { given: answers },
    once: false,
    until: null,
    spent: null,
  });
  ctx.io.info(
    `Rule '${name}' saved: \`tradectl declarations watch --auto\` declares deposits like it as they arrive (\`tradectl rules list\`)`,
  );
}

/**
 * "Declare the other N pending deposits the same way?", when others are pending: the ids of
 * those to confirm with these answers (a batch, its plan shown and asked about before anything
 * is sent), or none. Read with the run's one client.
 */
export async function offerSameWay(confirmedId: string, ctx: CommandContext): Promise<string[]> {
  const client = await ctx.client();
  const others: string[] = [];
  for await (const page of client.walkDeclarations({
    statuses: ["Pending"],
    page: 1,
    pageSize: 100,
  })) {
    for (const d of page) if (declarationId(d) !== confirmedId) others.push(declarationId(d));
  }
  if (others.length === 0) return [];
  const n = others.length;
  const yes = await ctx.prompter.confirm({
    message: `Declare the other ${n} pending deposit${n === 1 ? "" : "s"} the same way?`,
    default: false,
  });
  return yes ? others : [];
}
