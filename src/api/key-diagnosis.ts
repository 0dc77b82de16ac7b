/**
 * What a refused key's answers mean together (`auth doctor`): the clock finding, which families
 * passed the key, and the verdict that names the cause (the key pair or an IP binding, a missing
 * permission, the clock, an empty or HTML 401). Built on response-errors.ts's reading of answers.
 */
import { durationText, type Finding, listOf } from "../domain/doctor.js";
import { STAMP_WINDOW_MS } from "../domain/limits.js";
import type { KeyPermission } from "../domain/permissions.js";
import type { TradectlError } from "../errors.js";
import { asIs, msg, type Text } from "../i18n/index.js";
import { answerForm, isStampRefusal } from "./response-errors.js";

/** Beyond this a clock is worth a word: tradectl corrects it, but not every tool will. */
export const CLOCK_WARN_MS = 1_000;

/** Server clock minus this machine's, as the clock check reads it. */
export function clockFinding(offsetMs: number): Finding {
  const size = Math.abs(offsetMs);
  const duration = durationText(offsetMs);
  const direction = msg(offsetMs > 0 ? "doctor.clock.ahead" : "doctor.clock.behind", { duration });
  if (size <= CLOCK_WARN_MS) {
    const detail = msg("doctor.clock.inStep", { said: direction });
    return { check: "clock", status: "ok", detail, fix: null };
  }
  const window = STAMP_WINDOW_MS / 1_000;
  const detail = msg(size > STAMP_WINDOW_MS ? "doctor.clock.past" : "doctor.clock.within", {
    said: direction,
    window,
  });
  return { check: "clock", status: "warn", detail, fix: msg("doctor.syncClock") };
}

/** A signed read of one endpoint family: null when the service answered past the key check. */
export interface SignedRead {
  family: KeyPermission;
  error: TradectlError | null;
  /** What the answer showed, for its row ("1 record", "order 9…7 not found"). */
  answered?: Text;
}

/**
 * Whether a failure still proves the key may call the endpoint: the service looked at the
 * request past the key ("Order not found", a refused parameter), so the key passed.
 */
export function passedTheKey(error: TradectlError): boolean {
  return error.kind === "not_found" || error.kind === "validation" || error.kind === "conflict";
}

/** `declarations`, `declarations and orders`, `declarations, orders and trades`. */
const names = (families: readonly KeyPermission[]) => listOf(families);

const KEY_PAIR_FIX = msg("doctor.keyPairFix");

interface Cause {
  detail: Text;
  fix: Text;
  failure: "credentials" | "permission" | "network";
  /** The fix of a refused family's own row, when it differs from the verdict's. */
  rowFix?: (family: KeyPermission) => Text;
}

/** Every family refused alike: one cause, said once, in the verdict. */
const SEE_VERDICT = (): Text => msg("doctor.seeVerdict");

/** The words of a refusal that say nothing more than its status. */
const BARE_REFUSAL = /^\s*(unauthori[sz]ed|access denied|forbidden)\.?\s*$/i;
const IP_CAUSE = /\bip\b|whitelist|allow ?list|address/i;
const REVOKED_CAUSE = /revok|disabled|inactive|deactivat|expired|suspend|deleted/i;

/**
 * A refusal whose own words name its cause ("IP not whitelisted", "API key revoked"): the
 * verdict leads with them rather than guessing between the key pair and an IP binding.
 */
function namedCause(error: TradectlError) {
  if (answerForm(error) !== "json" || BARE_REFUSAL.test(error.message)) return null;
  const { message } = error;
  if (IP_CAUSE.test(message)) {
    return { message, detail: "doctor.refusedIp", fix: "doctor.refusedIpFix" } as const;
  }
  if (REVOKED_CAUSE.test(message)) {
    return { message, detail: "doctor.refusedRevoked", fix: "doctor.refusedRevokedFix" } as const;
  }
  return { message, detail: "doctor.refusedSaying", fix: null } as const;
}

/** What every family refused means, told apart by what the refusals said. */
function allRefused(refused: readonly TradectlError[], offsetMs: number | null): Cause {
  // Not the stamp: the offset was measured and every stamp corrected by it.
  const clock =
    offsetMs === null
      ? asIs("")
      : msg(Math.abs(offsetMs) <= CLOCK_WARN_MS ? "doctor.clockInStep" : "doctor.clockCorrected", {
          duration: durationText(offsetMs),
        });
  if (refused.every((e) => answerForm(e) === "empty")) {
    return {
      detail: msg("doctor.allRefusedEmpty", { clock }),
      fix: KEY_PAIR_FIX,
      failure: "credentials",
      rowFix: SEE_VERDICT,
    };
  }
  if (refused.some((e) => answerForm(e) === "not-json")) {
    return {
      detail: msg("doctor.allRefusedHtml"),
      fix: msg("doctor.allRefusedHtmlFix"),
      failure: "credentials",
      rowFix: SEE_VERDICT,
    };
  }
  const named = refused.map(namedCause).find((cause) => cause !== null);
  if (named) {
    return {
      detail: msg(named.detail, { clock, message: named.message }),
      fix: named.fix === null ? KEY_PAIR_FIX : msg(named.fix),
      failure: "credentials",
      rowFix: SEE_VERDICT,
    };
  }
  return {
    detail: msg("doctor.allRefused", { clock }),
    fix: KEY_PAIR_FIX,
    failure: "credentials",
    rowFix: SEE_VERDICT,
  };
}

/**
 * What the signed reads mean together (docs/SERVICE-NOTES.md, "Envelopes and errors": a 401 is a bad
 * signature, a stamp out of the window, a missing permission or another IP address):
 * - a refused stamp ("Invalid Nonce") → the clock, by how much when known;
 * - every family refused with a correct clock → the key pair, or the key's IP binding (an empty
 *   or HTML 401 said as such);
 * - one family refused while another answers → that permission is missing on the key;
 * - no refusal, but a family unread → the network or the service.
 */
export function explainSignedReads(
  reads: readonly SignedRead[],
  offsetMs: number | null,
): Finding[] {
  const refused = reads.filter((r) => r.error?.kind === "auth");
  const failed = reads.filter((r) => r.error !== null && r.error.kind !== "auth");
  const answered = reads.filter((r) => r.error === null);
  const cause = causeOf(refused, failed, answered, offsetMs);
  const rows = reads.map((read): Finding => {
    const check = read.family;
    const { error } = read;
    if (error === null) {
      return { check, status: "ok", detail: read.answered ?? msg("doctor.answered"), fix: null };
    }
    const auth = error.kind === "auth";
    const fix = auth ? (cause?.rowFix?.(check) ?? cause?.fix ?? null) : (error.hint ?? null);
    const detail = msg(auth ? "doctor.rowRefused" : "doctor.rowNotRead", { message: error.text });
    const failure = auth ? (cause?.failure ?? "credentials") : "network";
    return { check, status: "fail", detail, fix, failure };
  });
  const verdict: Finding = cause
    ? {
        check: "verdict",
        status: "fail",
        detail: cause.detail,
        fix: cause.fix,
        failure: cause.failure,
      }
    : clockVerdict(offsetMs);
  return [...rows, verdict];
}

function clockVerdict(offsetMs: number | null): Finding {
  if (offsetMs !== null && Math.abs(offsetMs) > CLOCK_WARN_MS) {
    const duration = durationText(offsetMs);
    return {
      check: "verdict",
      status: "warn",
      detail: msg("doctor.allReadClockOff", { duration }),
      fix: msg("doctor.syncClock"),
    };
  }
  return { check: "verdict", status: "ok", detail: msg("doctor.allRead"), fix: null };
}

function causeOf(
  refused: readonly SignedRead[],
  failed: readonly SignedRead[],
  answered: readonly SignedRead[],
  offsetMs: number | null,
): Cause | null {
  const stamp = refused.find((r) => isStampRefusal(r.error!.message));
  if (stamp && offsetMs !== null && Math.abs(offsetMs) <= CLOCK_WARN_MS) {
    // The clock was measured in step: syncing it again would change nothing.
    return {
      detail: msg("doctor.stampInStep", { duration: durationText(offsetMs) }),
      fix: msg("doctor.stampInStepFix"),
      failure: "credentials",
    };
  }
  if (stamp) {
    return {
      detail:
        offsetMs === null
          ? msg("doctor.stampNoTime")
          : msg("doctor.stampOff", { duration: durationText(offsetMs) }),
      fix: msg("doctor.syncClock"),
      failure: "credentials",
    };
  }
  const familiesOf = (reads: readonly SignedRead[]) => reads.map((r) => r.family);
  if (refused.length > 0 && answered.length > 0) {
    const missing = familiesOf(refused);
    const several = missing.length > 1;
    const permission = msg(several ? "doctor.permissions" : "doctor.permission", {
      names: names(missing),
    });
    return {
      detail: msg("doctor.lacksPermission", {
        refused: names(missing),
        answered: names(familiesOf(answered)),
        permission,
      }),
      fix: msg(several ? "doctor.givePermissions" : "doctor.givePermission", { permission }),
      failure: "permission",
      rowFix: (family) => msg("doctor.giveFamily", { family }),
    };
  }
  if (refused.length > 0 && failed.length === 0) {
    return allRefused(
      refused.map((r) => r.error!),
      offsetMs,
    );
  }
  if (refused.length > 0) {
    return {
      detail: msg("doctor.refusedAndFailed", {
        refused: names(familiesOf(refused)),
        failed: names(familiesOf(failed)),
      }),
      fix: KEY_PAIR_FIX,
      failure: "credentials",
    };
  }
  if (failed.length > 0) {
    const first = failed[0]!.error!;
    return {
      detail: msg("doctor.notRead", { failed: names(familiesOf(failed)), message: first.text }),
      fix: first.hint ?? msg("doctor.tryLater"),
      failure: "network",
    };
  }
  return null;
}
