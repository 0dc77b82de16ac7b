// What a confirmation would send, and whether a saved rule vouches for it: the plan tool's answer and the confirm tool's first step.
import { readRules } from "../../config/rules.js";
import { withSender } from "../../declare/answers.js";
import { type AutoPlanItem, listPending, planAutoFor } from "../../declare/auto-plan.js";
import { lookUpDeclarations } from "../../declare/lookup.js";
import { makePlan, type Selection } from "../../declare/plan.js";
import type { ConfirmBody } from "../../domain/confirm.js";
import { type Declaration, declarationId } from "../../domain/declarations.js";
import type { Rule } from "../../domain/rules.js";
import { TradectlError } from "../../errors.js";
import { inEnglish, msg } from "../../i18n/index.js";
import { stringifyLossless } from "../../wire/json.js";
import type { AnswerFlags } from "../answer-flags.js";
import type { CommandContext } from "../context.js";
import { confirmVerb } from "../declarations/confirm/spec.js";
import { optionsFromArgv } from "../verb.js";
import { flagArgs, quietIO, toolContext } from "./capture.js";

/** The answers a tool takes: the confirm flags' (`declarations confirm --help`). */
export type ToolAnswers = AnswerFlags;

/** Which declarations, with which answers: as `declarations confirm` takes them. */
export interface PlanRequest {
  ids?: string[] | undefined;
  pending?:
    | { symbols?: string[] | undefined; address?: string | undefined; amount?: string | undefined }
    | undefined;
  answers?: ToolAnswers | undefined;
  sender?: string | undefined;
  /** The saved rules choose the answers (`declarations confirm --auto`). */
  auto?: boolean | undefined;
}

/** Whether a saved rule vouches for exactly this body (the confirm tool sends such a body unasked). */
export type Verdict =
  | { kind: "rule"; rule: string }
  | { kind: "no_rule" }
  | { kind: "ambiguous"; rules: string[] }
  /** A rule matches the declaration, but its answers make another body. */
  | { kind: "rule_differs"; rule: string }
  | { kind: "rule_broken"; rule: string; problems: string[] }
  | { kind: "not_pending" };

export interface Planned {
  id: string;
  declaration: Declaration;
  /** Null: nothing would be sent (not pending, or no rule for `auto`). */
  body: ConfirmBody | null;
  verdict: Verdict;
  /** The rule that vouches for the body, for its `--once` guard and the receipt. */
  rule?: Rule;
}

/**
 * The exact bodies `declarations confirm` would send for this request, each with its rule
 * verdict; nothing is sent. The answers go through the confirm spec and plan, so every rule of
 * the seed and every message is the CLI's own.
 */
export async function planConfirmations(
  request: PlanRequest,
  ctx: CommandContext,
): Promise<Planned[]> {
  const rules = readRules(ctx.env).items;
  const client = await ctx.client();
  const now = ctx.now();
  if (request.auto) {
    const declarations = request.ids
      ? [...(await lookUpDeclarations(client, request.ids)).values()].filter(
          (d) => d.status === "Pending",
        )
      : await listPending(client);
    const { items } = await planAutoFor(declarations, { client, env: ctx.env, rules, now });
    return items.map((item) => ({
      id: declarationId(item.declaration),
      declaration: item.declaration,
      body: item.kind === "matched" ? item.body : null,
      verdict: verdictOf(item, null),
      ...(item.kind === "matched" ? { rule: item.rule } : {}),
    }));
  }
  const items = await plannedBodies(request, ctx);
  const pending = items.filter((i) => i.body !== null).map((i) => i.declaration);
  const byId = new Map(
    (await planAutoFor(pending, { client, env: ctx.env, rules, now })).items.map(
      (item) => [declarationId(item.declaration), item] as const,
    ),
  );
  return items.map((item) => {
    const auto = byId.get(item.id);
    const verdict: Verdict =
      item.body === null || !auto ? { kind: "not_pending" } : verdictOf(auto, item.body);
    return {
      id: item.id,
      declaration: item.declaration,
      body: item.body,
      verdict,
      ...(verdict.kind === "rule" && auto?.kind === "matched" ? { rule: auto.rule } : {}),
    };
  });
}

function verdictOf(item: AutoPlanItem, asked: ConfirmBody | null): Verdict {
  switch (item.kind) {
    case "no_rule":
      return { kind: "no_rule" };
    case "ambiguous":
      return { kind: "ambiguous", rules: item.rules };
    case "broken":
      return { kind: "rule_broken", rule: item.rule.name, problems: item.problems.map(inEnglish) };
    case "matched":
      return asked === null || stringifyLossless(asked) === stringifyLossless(item.body)
        ? { kind: "rule", rule: item.rule.name }
        : { kind: "rule_differs", rule: item.rule.name };
  }
}

/** The confirm verb's own flags for this request, its options, then its plan. */
async function plannedBodies(request: PlanRequest, ctx: CommandContext) {
  const a = request.answers ?? {};
  const p = request.pending;
  if (!request.ids?.length && !p) {
    throw new TradectlError("usage", msg("mcp.giveIds"));
  }
  const argv = [
    ...(request.ids ?? []),
    ...flagArgs({
      self: a.self,
      "first-name": a.firstName,
      "last-name": a.lastName,
      description: a.description,
      "address-type": a.addressType,
      "exchange-id": a.exchangeId,
      "exchange-name": a.exchangeName,
      sender: request.sender,
      pending: p !== undefined,
      address: p?.address,
      amount: p?.amount,
    }),
    ...(p?.symbols ?? []).map((s) => `--symbol=${s}`),
  ];
  const options = optionsFromArgv(confirmVerb, argv);
  const { cryptoDepositDeclarationId: single, ...shared } = options.answers;
  const selection: Selection = options.selection ?? { kind: "ids", ids: [single!] };
  const { io } = quietIO(ctx);
  const given = withSender(shared, options.sender, ctx.env);
  const tool = toolContext(ctx, io);
  return (await makePlan(selection, given, { ...tool, interactive: false })) ?? [];
}
