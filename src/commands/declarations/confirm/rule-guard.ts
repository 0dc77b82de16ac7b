import { releaseOnce, spendOnce } from "../../../config/rules.js";
import type { Outcome } from "../../../domain/outcome.js";
import type { Rule } from "../../../domain/rules.js";
import { TradectlError } from "../../../errors.js";
import type { IOStreams } from "../../../output/io.js";
import type { SendGuard } from "./send-deps.js";

/**
 * A rule's hold on one declaration's confirmation (CLI-CONTRACT.md, "Declaring by rules"): just
 * before the request is written, with the rule read as it is on disk now and under the config
 * file's lock, a `--once` rule is spent by this declaration; of any number of racing processes
 * exactly one gets it, and the others send nothing. A rule removed, expired or spent since the
 * plan was made sends nothing either. A `--once` rule this item spent is given back when the
 * item ended proven not applied (not sent, rejected, not found), never after `unknown`: that
 * request may yet be applied, and the rule's one confirmation with it.
 */

/** Endings that prove the confirmation was not applied. */
const NOT_APPLIED: ReadonlySet<Outcome> = new Set(["not_sent", "rejected", "not_found"]);

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
        return new TradectlError(
          "usage",
          `declaration ${declarationId}: not sent: the rule '${rule.name}' could not be claimed (${why})`,
          { hint: "nothing was sent for it; `tradectl rules list` reads the config file" },
        );
      }
      if (claimed.ok) {
        spentHere = claimed.rule.once;
        return null;
      }
      return new TradectlError(
        "conflict",
        `declaration ${declarationId}: not sent: ${claimed.message} since this run read it`,
        { hint: "nothing was sent for it; `tradectl rules list` shows the rules as they are now" },
      );
    },
    async ended(outcome) {
      if (!spentHere || !NOT_APPLIED.has(outcome)) return;
      spentHere = false;
      try {
        await releaseOnce(deps.env, rule.name, declarationId);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        const { t } = deps.io;
        deps.io.warn(
          `${deps.io.err.yellow(t("confirm.warning"))} ${t("confirm.onceStaysSpent", { rule: rule.name, id: declarationId, why })}`,
        );
      }
    },
  };
}
