import { releaseOnce, spendOnce } from "../config/rules.js";
import type { Outcome } from "../domain/outcome.js";
import type { Rule } from "../domain/rules.js";
import { type Text, TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";
import type { IOStreams } from "../output/io.js";
import type { SendGuard } from "./send-types.js";

/**
 * A rule's hold on one declaration's confirmation (docs/RULES.md): just
 * before the request is written, with the rule read as it is on disk now and under the config
 * file's lock, a `--once` rule is spent by this declaration; of any number of racing processes
 * exactly one gets it, and the others send nothing. A rule removed, expired or spent since the
 * plan was made sends nothing either. A `--once` rule this item spent is given back when the
 * item ended proven not applied (not sent, rejected, not found), never after `unknown`: that
 * request may yet be applied, and the rule's one confirmation with it.
 */

/** Endings that prove the confirmation was not applied. */
const NOT_APPLIED: ReadonlySet<Outcome> = new Set(["not_sent", "rejected", "not_found"]);

/** What happened to the rule since the plan was made, as the catalog says it. */
function changeOf(
  claimed: Extract<Awaited<ReturnType<typeof spendOnce>>, { ok: false }>,
  name: string,
): Text {
  switch (claimed.reason) {
    case "missing":
      return msg("confirm.in.ruleRemoved", { name });
    case "expired":
      return msg("confirm.in.ruleExpired", { name });
    case "spent":
      return msg("confirm.in.ruleSpent", { name, id: claimed.spent?.declarationId ?? "" });
    default:
      // The config's reading of the rule.
      return claimed.message;
  }
}

export interface GuardDeps {
  env: NodeJS.ProcessEnv;
  io: IOStreams;
  now(): number;
}

export function ruleGuard(rule: Rule, declarationId: string, deps: GuardDeps): SendGuard {
  let spentHere = false;
  return {
    async beforeWrite() {
      let claimed: Awaited<ReturnType<typeof spendOnce>>;
      try {
        claimed = await spendOnce(deps.env, rule.name, declarationId, deps.now());
      } catch (error) {
        // The config file cannot be read or written now: the rule cannot be claimed, so
        // nothing is sent for it (the others go on).
        const why = error instanceof Error ? error.message : String(error);
        const hint = msg("confirm.in.guardReadHint");
        const problem = msg("confirm.in.guardUnclaimed", {
          id: declarationId,
          rule: rule.name,
          why,
        });
        return TradectlError.listing("usage", [problem], {
          hint: hint,
        });
      }
      if (claimed.ok) {
        spentHere = claimed.rule.once;
        return null;
      }
      const hint = msg("confirm.in.guardChangedHint");
      const problem = msg("confirm.in.guardChanged", {
        id: declarationId,
        change: changeOf(claimed, rule.name),
      });
      return TradectlError.listing("conflict", [problem], { hint });
    },
    async ended(outcome) {
      if (!spentHere || !NOT_APPLIED.has(outcome)) return;
      spentHere = false;
      try {
        await releaseOnce(deps.env, rule.name, declarationId);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        deps.io.warning(
          deps.io.t("confirm.onceStaysSpent", { rule: rule.name, id: declarationId, why }),
        );
      }
    },
  };
}
