import type { Rule, RuleAnswers, RuleMatch } from "../../../domain/rules.js";
import type { RowRead, Withdrawal } from "../../../domain/withdrawals.js";

/**
 * The plan of an import: every row of the file with what it becomes (a rule, named) or why it
 * is left out. What is printed, in every format, before anything is saved.
 */
export interface ImportPlanRow {
  row: number;
  line: number;
  /** `rule`: saved on "Save?"/--yes; `skipped`: left out, nothing wrong; `bad`: a cell is wrong. */
  outcome: "rule" | "skipped" | "bad";
  name: string | null;
  symbol: string | null;
  address: string | null;
  memo: string | null;
  /** The amount it is expected to arrive with; with `amountLessFee`, either one. */
  amount: string | null;
  amountLessFee: string | null;
  txid: string | null;
  withdrawalId: string | null;
  /** ISO-8601 UTC. */
  time: string | null;
  until: string | null;
  /** Why a row is left out: a skip reason or a cell's problem (see docs/IMPORT.md). */
  reason: string | null;
  /** The reason's detail: the status, the column and its text, the row it repeats. */
  detail: string | null;
  /** The rule itself, for saving (not printed). */
  rule?: Rule;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A rule's name from its source and transaction id: `binance-0xb5ef8c13`, one word for shells. */
function ruleName(w: Withdrawal, taken: Set<string>): string {
  const slug = (w.txid ?? w.id ?? "").replace(/^0x/i, "").replace(/[^A-Za-z0-9]/g, "");
  const base = `${w.source}-${slug.slice(0, 10).toLowerCase() || "withdrawal"}`;
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
  taken.add(name);
  return name;
}

/** The rule a withdrawal becomes: a `--once` expected deposit with the run's answers. */
function ruleOf(w: Withdrawal, name: string, answers: RuleAnswers): Rule {
  const match: RuleMatch = { symbol: w.symbol, address: w.address };
  if (w.memo !== null) match.memo = w.memo;
  if (w.amounts.length === 1) match.amount = w.amounts[0]!;
  else match.amounts = [...w.amounts];
  return {
    name,
    match,
    answers,
    once: true,
    until: w.until,
    spent: null,
    origin: { source: w.source, key: w.key, txid: w.txid, withdrawalId: w.id, time: w.time },
  };
}

/** Every row with what it becomes; rule names avoid `taken` (the saved rules' names) and each other. */
export function planImport(
  reads: readonly RowRead[],
  answers: RuleAnswers,
  taken: ReadonlySet<string>,
): ImportPlanRow[] {
  const names = new Set(taken);
  return reads.map((read): ImportPlanRow => {
    const base = {
      row: read.row,
      line: read.line,
      name: null,
      symbol: null,
      address: null,
      memo: null,
      amount: null,
      amountLessFee: null,
      txid: null,
      withdrawalId: null,
      time: null,
      until: null,
      reason: null,
      detail: null,
    };
    if (read.kind === "bad") {
      return {
        ...base,
        outcome: "bad",
        reason: read.problem,
        detail: `${read.column}: ${read.text}`,
      };
    }
    if (read.kind === "skipped") {
      return { ...base, outcome: "skipped", reason: read.reason, detail: read.detail || null };
    }
    const w = read.withdrawal;
    const name = ruleName(w, names);
    return {
      ...base,
      outcome: "rule",
      name,
      symbol: w.symbol,
      address: w.address,
      memo: w.memo,
      amount: w.amounts[0]!,
      amountLessFee: w.amounts[1] ?? null,
      txid: w.txid,
      withdrawalId: w.id,
      time: iso(w.time),
      until: iso(w.until),
      rule: ruleOf(w, name, answers),
    };
  });
}
