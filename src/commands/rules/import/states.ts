import { listPending } from "../../../declare/auto-plan.js";
import type { Rule } from "../../../domain/rules.js";
import { nearMissOf, ruleState, ruleSubject } from "../../../domain/rules.js";
import type { CommandContext } from "../../context.js";

/**
 * What became of an imported rule's expected deposit, as `rules list` shows it: `waiting` (not
 * arrived, or arrived and not confirmed yet), `near_miss` (a pending declaration to its address
 * with another amount), `confirmed` (its declaration in `spentBy`) or `expired`. Null for a rule
 * made by hand.
 */
export type DepositState = "waiting" | "near_miss" | "confirmed" | "expired";

/**
 * Each imported rule's deposit state. The pending list is read only when a waiting imported
 * rule could be a near miss; when it cannot be read, those stay `waiting` and a warning says why.
 */
export async function depositStates(
  rules: readonly Rule[],
  ctx: CommandContext,
): Promise<Map<string, DepositState>> {
  const now = ctx.now();
  const states = new Map<string, DepositState>();
  const waiting: Rule[] = [];
  for (const rule of rules) {
    if (rule.origin === undefined) continue;
    const state = ruleState(rule, now);
    if (state === "active") waiting.push(rule);
    states.set(
      rule.name,
      state === "spent" ? "confirmed" : state === "expired" ? "expired" : "waiting",
    );
  }
  if (waiting.length === 0) return states;
  try {
    for (const d of await listPending(await ctx.client())) {
      const miss = nearMissOf(waiting, ruleSubject(d), now);
      if (miss) states.set(miss.rule, "near_miss");
    }
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    ctx.io.warning(ctx.io.t("rules.import.noNearMiss", { why }));
  }
  return states;
}
