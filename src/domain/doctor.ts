import { isBase64Secret } from "../wire/signer.js";

/**
 * The findings of `auth doctor` (CLI-CONTRACT.md, "auth doctor"): one per check, in order, each
 * with what was found and the one-line fix. Pure: the command gathers the facts, this module
 * and api/response-errors.ts (what the service's answers mean) say what they mean.
 */
export type CheckStatus = "ok" | "warn" | "fail" | "skipped";

/** What a failed check means for the exit status. */
export type FailureKind = "credentials" | "permission" | "network" | "usage";

export interface Finding {
  check: string;
  status: CheckStatus;
  detail: string;
  /** The one-line next step; null when there is nothing to do. */
  fix: string | null;
  /** Set on a failure: which exit status it calls for. */
  failure?: FailureKind;
}

/** The keys of a finding in `-o json`, in the contract's order (no `failure`). */
export const FINDING_KEYS = ["check", "status", "detail", "fix"] as const;

export const ok = (check: string, detail: string): Finding => ({
  check,
  status: "ok",
  detail,
  fix: null,
});

export const skipped = (check: string, why: string): Finding => ({
  check,
  status: "skipped",
  detail: why,
  fix: null,
});

/**
 * Exit 0 when nothing failed; 4 for a credentials or permission failure, 1 for a network one
 * (the contract); 2 for a setting the tool refuses to use (a base URL, as every command does).
 */
export function doctorExitCode(findings: readonly Finding[]): number {
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

const COPY_AGAIN =
  "copy the private key again exactly as the exchange showed it, then run `tradectl auth login`";

/** The private key, checked here before any request: base64, of a plausible length. */
export function secretFinding(secret: string, origin: string): Finding {
  const check = "secret";
  if (!isBase64Secret(secret)) {
    return {
      check,
      status: "fail",
      detail: `the private key from ${origin} is not base64 (${secret.length} characters); nothing was sent`,
      fix: COPY_AGAIN,
      failure: "credentials",
    };
  }
  const bytes = Buffer.from(secret, "base64").length;
  if (bytes < SECRET_BYTES_MIN || bytes > SECRET_BYTES_MAX) {
    return {
      check,
      status: "warn",
      detail: `base64 of ${bytes} bytes, where the exchange's keys have ${SECRET_BYTES_MIN} to ${SECRET_BYTES_MAX}: was it cut or joined when copied?`,
      fix: COPY_AGAIN,
    };
  }
  return ok(check, `base64 of ${bytes} bytes`);
}

/** `1234` → `1.2 s`, `80` → `80 ms`: an offset or a delay as a person reads it. */
export function durationText(ms: number): string {
  const size = Math.abs(ms);
  return size < 1_000 ? `${Math.round(size)} ms` : `${(size / 1_000).toFixed(1)} s`;
}
