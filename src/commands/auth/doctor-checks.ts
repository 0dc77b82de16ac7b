import type { TradeClient } from "../../api/client.js";
import {
  clockFinding,
  explainSignedReads,
  passedTheKey,
  type SignedRead,
} from "../../api/response-errors.js";
import { DECLARATION_STATUSES } from "../../domain/declarations.js";
import { durationText, type Finding, skipped } from "../../domain/doctor.js";
import type { KeyPermission } from "../../domain/permissions.js";
import { isTradectlError, type TradectlError } from "../../errors.js";

/**
 * The checks `auth doctor` makes with the service, through the run's one client: server time
 * (reachable, round trip, clock offset), then one signed read per endpoint family, each a read
 * that changes nothing. `auth login` runs them too when the server refuses a pair.
 */

/** Order ids start at 1: no account has order 0, so "not found" proves the permission. */
export const NO_SUCH_ORDER = "0";

const SIGNED_READS: readonly {
  family: KeyPermission;
  read(client: TradeClient): Promise<string>;
}[] = [
  {
    family: "declarations",
    async read(client) {
      const page = await client.listDeclarations({
        statuses: [...DECLARATION_STATUSES],
        page: 1,
        pageSize: 1,
      });
      return `${page.length === 0 ? "the list answered, empty" : "one record read (pageSize 1)"}: the key may read declarations`;
    },
  },
  {
    family: "orders",
    async read(client) {
      await client.getOrder(NO_SUCH_ORDER);
      return `order ${NO_SUCH_ORDER} answered: the key may read orders`;
    },
  },
  {
    family: "trades",
    async read(client) {
      const trades = await client.listTrades(NO_SUCH_ORDER);
      const found = trades.length === 0 ? "none" : String(trades.length);
      return `trades of order ${NO_SUCH_ORDER}: ${found}, as expected: the key may read trades`;
    },
  },
];

/** The checks made with the service, in order (before the verdict). */
export const SERVICE_CHECKS: readonly string[] = [
  "reachability",
  "clock",
  ...SIGNED_READS.map((entry) => entry.family),
];

/** A cancel (Ctrl-C) ends the run; every other failure is a finding. */
function asFailure(error: unknown): TradectlError {
  if (!isTradectlError(error) || error.kind === "cancelled") throw error;
  return error;
}

async function signedRead(
  client: TradeClient,
  entry: (typeof SIGNED_READS)[number],
): Promise<SignedRead> {
  try {
    return { family: entry.family, error: null, answered: await entry.read(client) };
  } catch (thrown) {
    const error = asFailure(thrown);
    // "Order not found" or a refused parameter: the service read the request past the key.
    if (passedTheKey(error)) {
      return {
        family: entry.family,
        error: null,
        answered: `order ${NO_SUCH_ORDER}: "${error.message}", as expected: the key may read ${entry.family}`,
      };
    }
    return { family: entry.family, error };
  }
}

export interface ServiceChecks {
  findings: Finding[];
  /** The last finding: what the answers mean together. */
  verdict: Finding;
}

/**
 * Reachability, clock and the signed reads, in that order. `now` times the round trip (the
 * run's clock, faked in tests).
 */
export async function serviceChecks(
  client: TradeClient,
  now: () => number,
): Promise<ServiceChecks> {
  const findings: Finding[] = [];
  const origin = client.baseUrl.origin;
  let offsetMs: number | null = null;
  let unreachable: TradectlError | null = null;
  const before = now();
  try {
    // One request: the round trip, and the offset every later stamp is corrected by.
    offsetMs = await client.syncClock();
    findings.push({
      check: "reachability",
      status: "ok",
      detail: `server time read from ${origin} (round trip ${durationText(now() - before)})`,
      fix: null,
    });
  } catch (thrown) {
    const error = asFailure(thrown);
    if (error.kind === "network") unreachable = error;
    findings.push({
      check: "reachability",
      status: "fail",
      detail: `no server time from ${origin}: ${error.message}`,
      fix:
        error.hint ??
        "check the network and --base-url (TRADECTL_BASE_URL); --debug shows each exchange",
      failure: "network",
    });
  }
  findings.push(
    offsetMs === null
      ? skipped("clock", "the server's time could not be read")
      : clockFinding(offsetMs),
  );
  if (unreachable) {
    const why = "the service could not be reached";
    for (const entry of SIGNED_READS) findings.push(skipped(entry.family, why));
    const verdict: Finding = {
      check: "verdict",
      status: "fail",
      detail: `the key was not tried: ${why} (${unreachable.message})`,
      fix: unreachable.hint ?? "check the network, a proxy (HTTPS_PROXY) and --base-url",
      failure: "network",
    };
    return { findings: [...findings, verdict], verdict };
  }
  const reads: SignedRead[] = [];
  for (const entry of SIGNED_READS) reads.push(await signedRead(client, entry));
  findings.push(...explainSignedReads(reads, offsetMs));
  return { findings, verdict: findings.at(-1)! };
}
