import { readRules, saveRule } from "../../../config/rules.js";
import { savedNameProblem, saveSender, senderRecord } from "../../../config/senders.js";
import { savedSenders } from "../../../declare/answers.js";
import { lookUpDeclarations } from "../../../declare/lookup.js";
import { amountProblem } from "../../../domain/amount.js";
import type { Answers } from "../../../domain/confirm.js";
import { declarationId } from "../../../domain/declarations.js";
import type { RuleMatch } from "../../../domain/rules.js";
import { jsonText } from "../../../output/records.js";
import type { CommandContext } from "../../context.js";

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
  const { t } = ctx.io;
  const save = await ctx.prompter.confirm({
    message: t("confirm.offer.save"),
    default: false,
  });
  if (!save) return;
  const name = await ctx.prompter.input({
    message: t("confirm.offer.senderName"),
    validate: (value) => {
      const problem = savedNameProblem("sender", value.trim());
      return problem ? t.text(problem) : true;
    },
  });
  await saveSender(ctx.env, name.trim(), answers);
  ctx.io.info(t("confirm.offer.senderSaved", { name: name.trim() }));
}

/** Server text offered as a prompt's default only when it is one plain word (an address, a tag). */
const PLAIN = /^[\x21-\x7e]{1,200}$/;
const plainOr = (text: string | null | undefined) => (text && PLAIN.test(text) ? text : undefined);

/**
 * "Remember this as a rule for deposits like it?": a rule (docs/RULES.md) with these answers, matching the declaration's symbol, address and memo (prefilled,
 * each can be changed or emptied) and an amount when one is given, saved for `confirm --auto`
 * and `watch --auto`.
 */
export async function offerRule(
  answers: Omit<Answers, "cryptoDepositDeclarationId">,
  confirmedId: string,
  ctx: CommandContext,
): Promise<void> {
  const { t } = ctx.io;
  const remember = await ctx.prompter.confirm({
    message: t("confirm.offer.rule"),
    default: false,
  });
  if (!remember) return;
  const declaration = (await lookUpDeclarations(await ctx.client(), [confirmedId])).get(
    confirmedId,
  );
  const { prompter } = ctx;
  const symbol = await prompter.input({
    message: t("confirm.offer.symbol"),
    default: plainOr(declaration?.symbol),
    validate: (value) => (value.trim() === "" ? t("confirm.offer.symbolNeeded") : true),
  });
  const address = await prompter.input({
    message: t("confirm.offer.address"),
    default: plainOr(declaration?.address),
  });
  const memo = declaration?.memoTag
    ? await prompter.input({
        message: t("confirm.offer.memo"),
        default: plainOr(declaration.memoTag),
      })
    : "";
  const amount = await prompter.input({
    message: t("confirm.offer.amount"),
    validate: (value) => {
      const problem = value.trim() === "" ? null : amountProblem(value.trim());
      return problem ? t.text(problem) : true;
    },
  });
  const taken = new Set(readRules(ctx.env).items.map((r) => r.name));
  const name = (
    await prompter.input({
      message: t("confirm.offer.ruleName"),
      validate: (value) => {
        const problem = savedNameProblem("rule", value.trim());
        if (problem) return t.text(problem);
        return taken.has(value.trim())
          ? t("confirm.offer.ruleExists", { name: value.trim() })
          : true;
      },
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
  ctx.io.info(t("confirm.offer.ruleSaved", { name }));
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
  const yes = await ctx.prompter.confirm({
    message: ctx.io.t("confirm.offer.sameWay", { count: others.length }),
    default: false,
  });
  return yes ? others : [];
}
