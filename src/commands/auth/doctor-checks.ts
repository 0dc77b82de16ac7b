import type { TradeClient } from "../../api/client.js";
import { isUnreadableServerTime } from "../../api/clock-skew-error.js";
import type { ConnectionPath } from "../../api/connection-path.js";
import {
  clockFinding,
  explainSignedReads,
  passedTheKey,
  type SignedRead,
} from "../../api/key-diagnosis.js";
import { DECLARATION_STATUSES } from "../../domain/declarations.js";
import { durationText, type Finding, skipped } from "../../domain/doctor.js";
import type { KeyPermission } from "../../domain/permissions.js";
import { isTradectlError, type TradectlError } from "../../errors.js";
import { msg, type Text } from "../../i18n/index.js";
import { lastPathOf } from "../client-factory.js";
import { withPath } from "./doctor-path.js";

/**
 * The checks `auth doctor` makes with the service, through the run's one client: server time
 * (reachable, round trip, clock offset), then one signed read per endpoint family, each a read
 * that changes nothing. `auth login` runs them too when the server refuses a pair.
 */

/** Order ids start at 1: no account has order 0, so "not found" proves the permission. */
export const NO_SUCH_ORDER = "0";

const SIGNED_READS: readonly {
  family: KeyPermission;
  /** What the answer showed, said in any language. */
  read(client: TradeClient): Promise<Text>;
}[] = [
  {
    family: "declarations",
    async read(client) {
      const page = await client.listDeclarations({
        statuses: [...DECLARATION_STATUSES],
        page: 1,
        pageSize: 1,
      });
      const what = page.length === 0 ? "doctor.read.empty" : "doctor.read.one";
      return msg("doctor.read.mayRead", { what: msg(what), family: "declarations" });
    },
  },
  {
    family: "orders",
    async read(client) {
      await client.getOrder(NO_SUCH_ORDER);
      const what = msg("doctor.read.order", { id: NO_SUCH_ORDER });
      return msg("doctor.read.mayRead", { what, family: "orders" });
    },
  },
  {
    family: "trades",
    async read(client) {
      const trades = await client.listTrades(NO_SUCH_ORDER);
      const found = trades.length === 0 ? msg("doctor.read.none") : trades.length;
      return msg("doctor.read.mayRead", {
        what: msg("doctor.read.trades", { id: NO_SUCH_ORDER, found }),
        family: "trades",
      });
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
      const what = msg("doctor.read.passed", { id: NO_SUCH_ORDER, message: error.text });
      return {
        family: entry.family,
        error: null,
        answered: msg("doctor.read.mayRead", { what, family: entry.family }),
      };
    }
    return { family: entry.family, error };
  }
}

function unreachedFinding(origin: string, error: TradectlError): Finding {
  return {
    check: "reachability",
    status: "fail",
    detail: msg("doctor.unreachable", { origin, message: error.text }),
    fix: error.hint ?? msg("doctor.unreachableFix"),
    failure: "network",
  };
}

/** The clock check: the offset, or why there is none (a server time no clock shows is flagged). */
function clockFindingOf(offsetMs: number | null, unread: TradectlError | null): Finding {
  if (unread !== null) {
    const fix = msg("doctor.clock.unreadableFix");
    return { check: "clock", status: "warn", detail: unread.text, fix };
  }
  return offsetMs === null ? skipped("clock", msg("doctor.noServerTime")) : clockFinding(offsetMs);
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
  let clockUnread: TradectlError | null = null;
  const before = now();
  const reached = () => {
    const duration = durationText(now() - before);
    const found: Finding = {
      check: "reachability",
      status: "ok",
      detail: msg("doctor.reachable", { origin, duration }),
      fix: null,
    };
    findings.push(withPath(found, lastPathOf(client)));
  };
  try {
    // One request: the round trip, and the offset every later stamp is corrected by.
    offsetMs = await client.syncClock();
    reached();
  } catch (thrown) {
    const error = asFailure(thrown);
    if (error.kind === "network") unreachable = error;
    if (isUnreadableServerTime(error)) {
      // The service answered, with a time no clock shows: reached, and the clock flagged.
      clockUnread = error;
      reached();
    } else {
      findings.push(unreachedFinding(origin, error));
    }
  }
  findings.push(clockFindingOf(offsetMs, clockUnread));
  if (unreachable) {
    const why = msg("doctor.notReached");
    const failure = unreachable;
    for (const entry of SIGNED_READS) findings.push(skipped(entry.family, why));
    const verdict: Finding = {
      check: "verdict",
      status: "fail",
      detail: msg("doctor.notTried", { why, message: failure.text }),
      fix: failure.hint ?? msg("doctor.networkFix"),
      failure: "network",
    };
    return { findings: [...findings, verdict], verdict };
  }
  const reads: SignedRead[] = [];
  const paths: (ConnectionPath | null)[] = [];
  for (const entry of SIGNED_READS) {
    reads.push(await signedRead(client, entry));
    paths.push(lastPathOf(client));
  }
  const explained = explainSignedReads(reads, offsetMs);
  findings.push(...explained.map((row, i) => withPath(row, paths[i] ?? null)));
  return { findings, verdict: findings.at(-1)! };
}
