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
import {
  durationText,
  errorText,
  type Finding,
  type FindingText,
  finding,
  findingText,
  skipped,
} from "../../domain/doctor.js";
import type { KeyPermission } from "../../domain/permissions.js";
import { isTradectlError, type TradectlError } from "../../errors.js";
import { english, type Translator } from "../../i18n/index.js";
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
  read(client: TradeClient): Promise<FindingText>;
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
      return (t) => t("doctor.read.mayRead", { what: t(what), family: "declarations" });
    },
  },
  {
    family: "orders",
    async read(client) {
      await client.getOrder(NO_SUCH_ORDER);
      const what = (t: Translator) => t("doctor.read.order", { id: NO_SUCH_ORDER });
      return (t) => t("doctor.read.mayRead", { what: what(t), family: "orders" });
    },
  },
  {
    family: "trades",
    async read(client) {
      const trades = await client.listTrades(NO_SUCH_ORDER);
      const found = (t: Translator) =>
        trades.length === 0 ? t("doctor.read.none") : String(trades.length);
      return (t) =>
        t("doctor.read.mayRead", {
          what: t("doctor.read.trades", { id: NO_SUCH_ORDER, found: found(t) }),
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
      const what = (t: Translator) =>
        t("doctor.read.passed", { id: NO_SUCH_ORDER, message: errorText(error)(t) });
      return {
        family: entry.family,
        error: null,
        answered: (t) => t("doctor.read.mayRead", { what: what(t), family: entry.family }),
      };
    }
    return { family: entry.family, error };
  }
}

function unreachedFinding(origin: string, error: TradectlError, t: Translator): Finding {
  return finding(
    {
      check: "reachability",
      status: "fail",
      detail: (tt) => tt("doctor.unreachable", { origin, message: errorText(error)(tt) }),
      fix: error.hint === undefined ? (tt) => tt("doctor.unreachableFix") : findingText(error.hint),
      failure: "network",
    },
    t,
  );
}

/** The clock check: the offset, or why there is none (a server time no clock shows is flagged). */
function clockFindingOf(
  offsetMs: number | null,
  unread: TradectlError | null,
  t: Translator,
): Finding {
  if (unread !== null) {
    const fix: FindingText = (tt) => tt("doctor.clock.unreadableFix");
    return finding({ check: "clock", status: "warn", detail: errorText(unread), fix }, t);
  }
  return offsetMs === null
    ? skipped("clock", (tt) => tt("doctor.noServerTime"), t)
    : clockFinding(offsetMs, t);
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
  t: Translator = english,
): Promise<ServiceChecks> {
  const findings: Finding[] = [];
  const origin = client.baseUrl.origin;
  let offsetMs: number | null = null;
  let unreachable: TradectlError | null = null;
  let clockUnread: TradectlError | null = null;
  const before = now();
  const reached = () => {
    const duration = durationText(now() - before);
    const found = finding(
      {
        check: "reachability",
        status: "ok",
        detail: (tt) => tt("doctor.reachable", { origin, duration }),
        fix: null,
      },
      t,
    );
    findings.push(withPath(found, lastPathOf(client), t));
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
      findings.push(unreachedFinding(origin, error, t));
    }
  }
  findings.push(clockFindingOf(offsetMs, clockUnread, t));
  if (unreachable) {
    const why: FindingText = (tt) => tt("doctor.notReached");
    const failure = unreachable;
    for (const entry of SIGNED_READS) findings.push(skipped(entry.family, why, t));
    const verdict = finding(
      {
        check: "verdict",
        status: "fail",
        detail: (tt) => tt("doctor.notTried", { why: why(tt), message: errorText(failure)(tt) }),
        fix:
          failure.hint === undefined ? (tt) => tt("doctor.networkFix") : findingText(failure.hint),
        failure: "network",
      },
      t,
    );
    return { findings: [...findings, verdict], verdict };
  }
  const reads: SignedRead[] = [];
  const paths: (ConnectionPath | null)[] = [];
  for (const entry of SIGNED_READS) {
    reads.push(await signedRead(client, entry));
    paths.push(lastPathOf(client));
  }
  const explained = explainSignedReads(reads, offsetMs, t);
  findings.push(...explained.map((row, i) => withPath(row, paths[i] ?? null, t)));
  return { findings, verdict: findings.at(-1)! };
}
