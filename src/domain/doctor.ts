import { asIs, msg, type Text } from "../i18n/index.js";
import { isBase64Secret } from "../wire/signer.js";

/**
 * The findings of `auth doctor` (docs/GUIDE.md, "Why is the key refused?"): one per check, in order, each
 * with what was found and the one-line fix. Pure: the command gathers the facts, this module
 * and api/response-errors.ts (what the service's answers mean) say what they mean.
 */
export type CheckStatus = "ok" | "warn" | "fail" | "skipped";

/** What a failed check means for the exit status. */
export type FailureKind = "credentials" | "permission" | "network" | "usage";

/**
 * A check's finding. Its detail and fix are message values, said where they are printed: in the
 * run's language in the table people read, in English in the machine formats (which never
 * change with the language).
 */
export interface Finding {
  check: string;
  status: CheckStatus;
  detail: Text;
  /** The one-line next step; null when there is nothing to do. */
  fix: Text | null;
  /** Set on a failure: which exit status it calls for. */
  failure?: FailureKind;
}

/** The keys of a finding in `-o json`, in the contract's order (no `failure`). */
export const FINDING_KEYS = ["check", "status", "detail", "fix"] as const;

export const ok = (check: string, detail: Text): Finding => ({
  check,
  status: "ok",
  detail,
  fix: null,
});

export const skipped = (check: string, why: Text): Finding => ({
  check,
  status: "skipped",
  detail: why,
  fix: null,
});

/** `a and b and c`: checks named one after another. */
export function eachOf(names: readonly string[]): Text {
  const [first, ...rest] = names;
  return rest.length === 0
    ? asIs(first ?? "")
    : msg("doctor.both", { first: asIs(first!), last: eachOf(rest) });
}

/** `a`, `a and b`, `a, b and c`: families in a sentence. */
export function listOf(names: readonly string[]): Text {
  return names.length <= 1
    ? asIs(names[0] ?? "")
    : msg("doctor.both", { first: asIs(names.slice(0, -1).join(", ")), last: names.at(-1)! });
}

/**
 * Exit 0 when nothing failed; 4 for a credentials or permission failure, 1 for a network one
 * (the contract); 2 for a setting the tool refuses to use (a base URL, as every command does).
 */
export function doctorExitCode(findings: readonly Pick<Finding, "status" | "failure">[]): number {
  const kinds = new Set(findings.filter((f) => f.status === "fail").map((f) => f.failure));
  if (kinds.has("credentials") || kinds.has("permission")) return 4;
  if (kinds.has("network")) return 1;
  if (kinds.size > 0) return 2;
  return 0;
}

/**
 * The private keys the exchange issues decode to some tens of bytes (the docs' test vector:
 * 24); far fewer or far more is a key cut or joined when it was copied.
 */
export const SECRET_BYTES_MIN = 16;
export const SECRET_BYTES_MAX = 128;

/** The private key, checked here before any request: base64, of a plausible length. */
export function secretFinding(secret: string, origin: Text): Finding {
  const check = "secret";
  if (!isBase64Secret(secret)) {
    return {
      check,
      status: "fail",
      detail: msg("doctor.secretNotBase64", { origin, length: secret.length }),
      fix: msg("doctor.copySecret"),
      failure: "credentials",
    };
  }
  const bytes = Buffer.from(secret, "base64").length;
  if (bytes < SECRET_BYTES_MIN || bytes > SECRET_BYTES_MAX) {
    return {
      check,
      status: "warn",
      detail: msg("doctor.secretOddSize", { bytes, min: SECRET_BYTES_MIN, max: SECRET_BYTES_MAX }),
      fix: msg("doctor.copySecret"),
    };
  }
  return ok(check, msg("doctor.secretOk", { bytes }));
}

/** `1234` → `1.2 s`, `80` → `80 ms`: an offset or a delay as a person reads it. */
export function durationText(ms: number): string {
  const size = Math.abs(ms);
  return size < 1_000 ? `${Math.round(size)} ms` : `${(size / 1_000).toFixed(1)} s`;
}
