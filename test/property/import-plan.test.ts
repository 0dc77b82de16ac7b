import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planImport } from "../../src/commands/rules/import/plan.js";
import { planAuto, type RuleSubject } from "../../src/domain/rules.js";
import { FORMATS } from "../../src/domain/withdrawal-formats.js";
import { findColumns, readWithdrawals, type SourceRow } from "../../src/domain/withdrawals.js";

/**
 * Random withdrawals (a Binance export) imported, against random pending declarations: nothing
 * is ever planned for confirmation that an imported row does not describe exactly. The oracle
 * is written here from the contract's words ("Expected deposits from the sending side"), never
 * with the module's helpers: "Each completed withdrawal becomes a --once rule: symbol, address,
 * memo (when the row has one) and the amount it is expected to arrive with … where a source's
 * export does not say which, both candidates are kept"; "Matching is the rules' (exact, never
 * a deposit the rule does not describe)"; a near miss is "never sent"; a --once rule "confirms
 * one declaration".
 */

const NOW = Date.parse("2025-06-14T12:00:00Z");
const SYMBOLS = ["XRP", "ETH"];
const ADDRESSES = ["rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh", "rPVMhWBsfF9iMXYj3aAzJVkPDTFNSyWdKy"];
const MEMOS = ["1048576", "3054998"];
/** Amounts and fees in thousandths, so the oracle subtracts exactly with bigints. */
const AMOUNTS = [250_500n, 250_250n, 1_000n];
const FEES = [0n, 250n, 500n];

const text = (milli: bigint, zeros: number) => {
  const frac = (milli % 1000n).toString().padStart(3, "0").replace(/0+$/, "");
  const digits = frac + "0".repeat(zeros);
  return digits === "" ? String(milli / 1000n) : `${milli / 1000n}.${digits}`;
};
/** An amount's meaning in thousandths, read the way the contract says amounts compare. */
const milliOf = (s: string): bigint => {
  const [whole = "0", frac = ""] = s.split(".");
  return BigInt(whole) * 1000n + BigInt(`${frac}000`.slice(0, 3));
};

interface Row {
  symbol: number;
  address: number;
  memo: number | null;
  amount: bigint;
  fee: bigint;
  completed: boolean;
}
interface Pending {
  id: string;
  symbol: number;
  lower: boolean;
  address: number;
  memo: number | null;
  amount: bigint;
  zeros: number;
}

const row = fc.record({
  symbol: fc.nat(SYMBOLS.length - 1),
  address: fc.nat(ADDRESSES.length - 1),
  memo: fc.option(fc.nat(MEMOS.length - 1)),
  amount: fc.constantFrom(...AMOUNTS),
  fee: fc.constantFrom(...FEES),
  completed: fc.boolean(),
});
const pendingOf = (i: number) =>
  fc.record({
    id: fc.constant(String(734_001_000 + i)),
    symbol: fc.nat(SYMBOLS.length - 1),
    lower: fc.boolean(),
    address: fc.nat(ADDRESSES.length - 1),
    memo: fc.option(fc.nat(MEMOS.length - 1)),
    // What arrives: an amount, or an amount less a fee, or another.
    amount: fc.constantFrom(...AMOUNTS, 250_000n, 249_750n, 500n, 750n),
    zeros: fc.nat(3),
  });

/** The contract's words: the row describes the declaration exactly. */
function describes(r: Row, d: Pending): boolean {
  if (!r.completed) return false;
  if (SYMBOLS[r.symbol]!.toLowerCase() !== SYMBOLS[d.symbol]!.toLowerCase()) return false;
  if (ADDRESSES[r.address] !== ADDRESSES[d.address]) return false;
  if (r.memo !== null && r.memo !== d.memo) return false;
  // Binance does not say whether the fee is in the amount: the amount, or the amount less it.
  return d.amount === r.amount || (r.fee > 0n && d.amount === r.amount - r.fee);
}

function sourceRows(rows: readonly Row[]): SourceRow[] {
  return rows.map((r, i) => ({
    row: i + 1,
    line: i + 2,
    fields: {
      id: `w${i}`,
      coin: SYMBOLS[r.symbol]!,
      address: ADDRESSES[r.address]!,
      addressTag: r.memo === null ? "" : MEMOS[r.memo]!,
      amount: text(r.amount, i % 2),
      transactionFee: text(r.fee, 0),
      txId: `tx${i}`,
      applyTime: "2025-06-14 08:00:00",
      status: r.completed ? "6" : "4",
    },
  }));
}

describe("imported withdrawals against arrivals", () => {
  it("nothing is planned for confirmation that an imported row does not describe exactly", () => {
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 5 }),
        fc.nat(6).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => pendingOf(i)))),
        (rows, pending) => {
          const source = sourceRows(rows);
          const { columns } = findColumns(Object.keys(source[0]!.fields), FORMATS.binance);
          const reads = readWithdrawals(
            source,
            () => columns,
            {
              source: "binance",
              format: FORMATS.binance,
              decimalComma: false,
              untilMs: 14 * 86_400_000,
              now: NOW,
            },
            new Set(),
          );
          const rules = planImport(reads, { given: {} }, new Set()).flatMap((p) =>
            p.rule ? [p.rule] : [],
          );
          const subjects: RuleSubject[] = pending.map((d) => ({
            id: d.id,
            status: "Pending",
            symbol: d.lower ? SYMBOLS[d.symbol]!.toLowerCase() : SYMBOLS[d.symbol]!,
            address: ADDRESSES[d.address]!,
            memoTag: d.memo === null ? null : MEMOS[d.memo]!,
            amount: text(d.amount, d.zeros),
          }));
          for (const item of planAuto(subjects, rules, NOW)) {
            const d = pending.find((p) => p.id === item.declaration.id)!;
            expect(milliOf(item.declaration.amount)).toBe(d.amount);
            if (item.kind !== "matched") continue;
            // The rule's row (by its transaction id) describes it exactly…
            const index = Number(item.rule.origin!.txid!.slice(2));
            expect(describes(rows[index]!, d), `${d.id} by row ${index}`).toBe(true);
            // …and no other pending declaration: a --once rule confirms one.
            const others = pending.filter((p) => p !== d && describes(rows[index]!, p));
            expect(others).toEqual([]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
