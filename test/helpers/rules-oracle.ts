import { TradeClient } from "../../src/api/client.js";
import { stampLedger } from "../../src/config/stamp-ledger.js";
import type { Declaration } from "../../src/domain/declarations.js";
import { DEMO_CREDENTIALS } from "../../src/sandbox/server.js";
import { numberText } from "../../src/wire/json.js";

/**
 * "No declaration is confirmed that its rule does not exactly describe", checked on the
 * sandbox's final state by an oracle written here from the contract's words ("Declaring by
 * rules"), not by the module under test: the symbol in any case (Turkish İ/ı meet i), every
 * other field the rule gives equal (the amount as an exact decimal), and the names confirmed
 * the rule's own.
 */
export interface OracleRule {
  symbol: string;
  address?: string;
  memo?: string;
  amount?: string;
  /** The names the confirmation carries: null for `--self`. */
  names: { firstName: string; lastName: string } | null;
}

/** Letters folded as the contract says symbols compare: any case, no locale. */
const fold = (s: string) => s.trim().replace(/[İIı]/g, "i").toLowerCase();

/** `250.5` and `250.50` are one amount; `250.501` another. */
function decimal(text: string): string {
  const [whole = "", fraction = ""] = text.trim().split(".");
  const w = whole.replace(/^0+(?=\d)/, "");
  const f = fraction.replace(/0+$/, "");
  return f === "" ? w : `${w}.${f}`;
}

export function describes(rule: OracleRule, d: Declaration): boolean {
  if (fold(rule.symbol) !== fold(d.symbol ?? "")) return false;
  if (rule.address !== undefined && rule.address !== d.address) return false;
  if (rule.memo !== undefined && rule.memo !== (d.memoTag ?? undefined)) return false;
  if (rule.amount !== undefined && decimal(rule.amount) !== decimal(numberText(d.amount))) {
    return false;
  }
  return true;
}

/** The home (its XDG directories) of the tradectl runs a test makes against the sandbox. */
type RunsHome = { XDG_STATE_HOME: string };

/**
 * Every declaration the sandbox lists, either status, read with the demo key. `home` is the
 * runs': the reads take their stamps from the same ledger as the runs, as any tradectl process
 * on the machine does. Without it a read right after two racing runs, whose stamps run up to a
 * reserved range ahead of the clock, could pick a stamp one of them used, and the sandbox
 * refused it as used (a failure seen once in seven full passes).
 */
export async function listAll(baseUrl: string, home: RunsHome): Promise<Declaration[]> {
  const client = new TradeClient({
    baseUrl,
    credentials: DEMO_CREDENTIALS,
    stampLedger: stampLedger(home, DEMO_CREDENTIALS.publicKey),
  });
  const all: Declaration[] = [];
  try {
    for await (const page of client.walkDeclarations({
      statuses: ["Pending", "Confirmed"],
      page: 1,
      pageSize: 100,
    })) {
      all.push(...page);
    }
  } finally {
    await client.close();
  }
  return all;
}

/** The ids Confirmed now (to compare with the state before a test). */
export async function confirmedIds(baseUrl: string, home: RunsHome): Promise<Set<string>> {
  return new Set(
    (await listAll(baseUrl, home))
      .filter((d) => d.status === "Confirmed")
      .map((d) => numberText(d.cryptoDepositDeclarationId)),
  );
}

/**
 * The declarations confirmed since `before`, each described exactly by one of `rules` with its
 * names; returns their ids (sorted) so the test also says which ones it expected.
 */
export async function confirmedByRules(
  baseUrl: string,
  home: RunsHome,
  before: ReadonlySet<string>,
  rules: readonly OracleRule[],
): Promise<string[]> {
  const fresh = (await listAll(baseUrl, home)).filter(
    (d) => d.status === "Confirmed" && !before.has(numberText(d.cryptoDepositDeclarationId)),
  );
  for (const d of fresh) {
    const id = numberText(d.cryptoDepositDeclarationId);
    const by = rules.filter((r) => describes(r, d));
    if (by.length === 0)
      throw new Error(`declaration ${id} was confirmed, and no rule describes it`);
    const named = by.some((r) =>
      r.names === null
        ? true
        : d.firstName === r.names.firstName && d.lastName === r.names.lastName,
    );
    if (!named) throw new Error(`declaration ${id} was confirmed with names no rule gives`);
  }
  return fresh.map((d) => numberText(d.cryptoDepositDeclarationId)).sort();
}
