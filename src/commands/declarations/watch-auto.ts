import {
  type AutoPlanItem,
  nearMissText,
  planAutoNow,
  readRulesOrWarn,
} from "../../declare/auto-plan.js";
import { settleOpenElsewhere } from "../../declare/read-back.js";
import { ruleGuard } from "../../declare/rule-guard.js";
import { sendOne } from "../../declare/send.js";
import { sendDeps } from "../../declare/send-types.js";
import type { Declaration } from "../../domain/declarations.js";
import { declarationId } from "../../domain/declarations.js";
import type { Judgement, Outcome } from "../../domain/outcome.js";
import { runExitCode } from "../../domain/outcome-exit.js";
import { importedWithdrawal } from "../../domain/rules.js";
import { isTradectlError } from "../../errors.js";
import { english, inEnglish } from "../../i18n/index.js";
import { cellText } from "../../output/fields.js";
import { type Column, fieldTable, type RecordView } from "../../output/records.js";
import { tableColumn } from "../../output/table.js";
import type { CommandContext } from "../context.js";
import { judgementLine } from "./confirm/output.js";
import { signalExitCode } from "./signal-exit.js";
import { createExecHook, type ExecHook, stopHooks } from "./watch-exec.js";

/**
 * `declarations watch --auto [--exec CMD]` (docs/RULES.md): what the
 * watch does with each new pending declaration before and as it prints it. With `--auto`, one
 * a saved rule exactly describes is confirmed through the confirm's send path (its `--once`
 * rule spent just before the POST) and printed with its outcome; the others are printed as
 * they are. With `--exec CMD`, CMD runs for each one left to a person: no rule covers it, its
 * rules disagree (ambiguous), or its rule no longer makes a confirmation. Without `--auto` no
 * rule is applied, so CMD runs for every new one. CMD never holds up the polling.
 */

/** What the watch adds to a record it confirmed (or left alone for a reason it names). */
export interface AutoFields {
  /** The rule that confirmed it; the rules that disagree, for an ambiguous one. */
  rule: string;
  /** Null: nothing was sent (ambiguous, a broken rule). */
  outcome: Outcome | null;
  verifiedBy: Judgement["verifiedBy"];
  byThisRequest: boolean | null;
  message: string;
}

export type Watched = Declaration & Partial<AutoFields>;

const AUTO_KEYS = ["rule", "outcome", "verifiedBy", "byThisRequest", "message"] as const;

/** tsv/csv: after the declaration's fields, empty for a record no rule touched. */
const AUTO_COLUMNS: readonly Column<Declaration>[] = AUTO_KEYS.map((key) => ({
  header: key,
  text: cellText<Watched>(key),
}));

/** What the watch prints new records through (its own printer has this shape). */
export interface WatchPrinter {
  print(records: readonly Declaration[], seenAt: number): Promise<void>;
  readonly count: number;
}

export interface WatchHookOptions {
  auto: boolean;
  exec?: string;
}

export interface WatchHook {
  /** The watch's view with the outcome's fields added (`--auto`), or as it is. */
  view(view: RecordView<Declaration>): RecordView<Declaration>;
  /** The printer the watch prints new records through. */
  printer(inner: WatchPrinter): WatchPrinter;
  /**
   * The watch ends by itself (`--once`): the CMDs still running are waited for, and the exit
   * code is a batch's over what this watch confirmed (0 when each ended confirmed).
   */
  finish(): Promise<number>;
  /** The watch ends by a signal: its running CMDs are stopped, and how many is said. */
  stop(): void;
}

export function createWatchHook(options: WatchHookOptions, ctx: CommandContext): WatchHook {
  const { io, env } = ctx;
  const exec: ExecHook | null =
    options.exec === undefined ? null : createExecHook(options.exec, { env, io });
  const judgements: Judgement[] = [];
  const warned = new Set<string>();
  // A config file that cannot be read fails the watch before its first request.
  if (options.auto) readRulesOrWarn(ctx, warned);

  // The send path's one set of receipts and claims for the whole watch, opened when first used.
  let deps: ReturnType<typeof sendDeps> | null = null;
  let settled = false;

  /** The rules as they are now: one added, spent or expired while the watch runs counts. */
  const plan = async (records: readonly Declaration[]): Promise<AutoPlanItem[]> => {
    const rules = readRulesOrWarn(ctx, warned);
    const input = { client: await ctx.client(), env, rules, now: ctx.now() };
    const { items, warnings } = await planAutoNow(records, input);
    for (const w of warnings) io.warning(io.t.text(w));
    if (!settled) {
      // Once a watch: a request of ours open on record for one no longer pending is settled.
      settled = true;
      const pending = new Set(items.map((i) => declarationId(i.declaration)));
      deps ??= sendDeps(ctx);
      await settleOpenElsewhere(pending, await deps);
    }
    return items;
  };

  const confirm = async (item: Extract<AutoPlanItem, { kind: "matched" }>): Promise<Watched> => {
    const id = declarationId(item.declaration);
    deps ??= sendDeps(ctx);
    const { judgement } = await sendOne(
      {
        body: item.body,
        rule: item.rule.name,
        imported: importedWithdrawal(item.rule),
        guard: ruleGuard(item.rule, id, { env, io, now: ctx.now }),
      },
      await deps,
    );
    judgements.push(judgement);
    if (judgement.kind !== null) io.warning(judgementLine(judgement, io.t));
    return withOutcome(item.declaration, item.rule.name, judgement);
  };

  /** One record of a poll as it is printed, and whether it is left to a person. */
  const handle = async (item: AutoPlanItem): Promise<[Watched, boolean]> => {
    switch (item.kind) {
      case "matched":
        return [await confirm(item), false];
      case "no_rule": {
        if (!item.nearMiss) return [item.declaration, true];
        io.warning(nearMissText(item, io.t));
        return [left(item.declaration, item.nearMiss.rule, nearMissText(item, english)), true];
      }
      case "ambiguous":
        return [left(item.declaration, item.rules.join(", "), inEnglish(item.message)), true];
      case "broken": {
        const message = `not sent: the rule '${item.rule.name}' no longer makes a confirmation: ${item.problems.map(inEnglish).join("; ")}`;
        const params = {
          id: declarationId(item.declaration),
          name: item.rule.name,
          problems: item.problems.map(io.t.text).join("; "),
        };
        io.warning(io.t("declarations.watch.brokenRule", params));
        return [left(item.declaration, item.rule.name, message), true];
      }
    }
  };

  return {
    view(view) {
      if (!options.auto) return view;
      const table = view.table ?? fieldTable(view.columns);
      return {
        ...view,
        columns: [...view.columns, ...AUTO_COLUMNS],
        table: {
          ...table,
          columns: [
            ...table.columns,
            tableColumn<Declaration>("label.rule", cellText<Watched>("rule")),
            tableColumn<Declaration>("label.outcome", cellText<Watched>("outcome")),
          ],
        },
        ...(view.keys ? { keys: [...view.keys, ...AUTO_KEYS] } : {}),
      };
    },
    printer(inner) {
      return {
        get count() {
          return inner.count;
        },
        async print(records, seenAt) {
          if (!options.auto) {
            await inner.print(records, seenAt);
            for (const r of records) exec?.run(r);
            return;
          }
          let items: AutoPlanItem[];
          try {
            items = await plan(records);
          } catch (error) {
            // The records are seen already: printed, and left to a person, never dropped.
            const why =
              isTradectlError(error) || error instanceof Error ? error.message : String(error);
            io.warning(io.t("declarations.watch.rulesNotApplied", { count: records.length, why }));
            items = records.map((declaration) => ({ kind: "no_rule", declaration }));
          }
          for (const item of items) {
            const [record, toPerson] = await handle(item);
            await inner.print([record], seenAt);
            if (toPerson) exec?.run(item.declaration);
          }
        },
      };
    },
    async finish() {
      if (exec) {
        // A signal ends the wait for the CMDs, and them (SIGTERM to each one's process group).
        const { signal } = ctx;
        const ended = new Promise<"signal">((resolve) => {
          if (signal.aborted) resolve("signal");
          signal.addEventListener("abort", () => resolve("signal"), { once: true });
        });
        if ((await Promise.race([exec.settled(), ended])) === "signal") {
          stopHooks(exec, io);
          return signalExitCode(signal);
        }
      }
      return runExitCode(judgements, "batch");
    },
    stop() {
      stopHooks(exec, io);
    },
  };
}

function left(declaration: Declaration, rule: string, message: string): Watched {
  return { ...declaration, rule, outcome: null, verifiedBy: null, byThisRequest: null, message };
}

function withOutcome(declaration: Declaration, rule: string, j: Judgement): Watched {
  return {
    ...declaration,
    rule,
    outcome: j.outcome,
    verifiedBy: j.verifiedBy,
    byThisRequest: j.byThisRequest,
    message: inEnglish(j.message),
  };
}
