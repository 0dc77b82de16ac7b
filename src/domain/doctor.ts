import type { Text, TradectlError } from "../errors.js";
import { english, type Translator } from "../i18n/index.js";
import { isBase64Secret } from "../wire/signer.js";

/**
 * The findings of `auth doctor` (docs/GUIDE.md, "Why is the key refused?"): one per check, in order, each
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
  /**
   * The detail and fix in the run's language, for the table people read; the machine formats
   * keep `detail` and `fix` in English (the contract: machine output never changes with it).
   */
  inLang?: { detail: string; fix: string | null };
}

/** A finding's text, written once for every language: a fixed text, or one said by `t`. */
export type FindingText = string | ((t: Translator) => string);

export const textIn = (text: FindingText, t: Translator): string =>
  typeof text === "string" ? text : text(t);

/** A text value as a finding's text. */
export const findingText =
  (value: Text) =>
  (t: Translator): string =>
    t.text(value);

/** An error's message in `t`'s language. */
export const errorText = (error: TradectlError) => findingText(error.text);

/** What a finding is made of, before it is said in English and in the run's language. */
export interface FindingSpec {
  check: string;
  status: CheckStatus;
  detail: FindingText;
  fix: FindingText | null;
  failure?: FailureKind;
}

/** The finding: English in `detail` and `fix`, and in `inLang` the run's language (not English). */
export function finding(spec: FindingSpec, t: Translator = english): Finding {
  const say = (tt: Translator) => ({
    detail: textIn(spec.detail, tt),
    fix: spec.fix === null ? null : textIn(spec.fix, tt),
  });
  return {
    check: spec.check,
    status: spec.status,
    ...say(english),
    ...(spec.failure === undefined ? {} : { failure: spec.failure }),
    ...(t.lang === "en" ? {} : { inLang: say(t) }),
  };
}

/** The keys of a finding in `-o json`, in the contract's order (no `failure`). */
export const FINDING_KEYS = ["check", "status", "detail", "fix"] as const;

export const ok = (check: string, detail: FindingText, t: Translator = english): Finding =>
  finding({ check, status: "ok", detail, fix: null }, t);

export const skipped = (check: string, why: FindingText, t: Translator = english): Finding =>
  finding({ check, status: "skipped", detail: why, fix: null }, t);

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

const COPY_AGAIN: FindingText = (t) => t("doctor.copySecret");

/** The private key, checked here before any request: base64, of a plausible length. */
export function secretFinding(
  secret: string,
  origin: FindingText,
  t: Translator = english,
): Finding {
  const check = "secret";
  if (!isBase64Secret(secret)) {
    return finding(
      {
        check,
        status: "fail",
        detail: (tt) =>
          tt("doctor.secretNotBase64", { origin: textIn(origin, tt), length: secret.length }),
        fix: COPY_AGAIN,
        failure: "credentials",
      },
      t,
    );
  }
  const bytes = Buffer.from(secret, "base64").length;
  if (bytes < SECRET_BYTES_MIN || bytes > SECRET_BYTES_MAX) {
    return finding(
      {
        check,
        status: "warn",
        detail: (tt) =>
          tt("doctor.secretOddSize", { bytes, min: SECRET_BYTES_MIN, max: SECRET_BYTES_MAX }),
        fix: COPY_AGAIN,
      },
      t,
    );
  }
  return ok(check, (tt) => tt("doctor.secretOk", { bytes }), t);
}

/** `1234` → `1.2 s`, `80` → `80 ms`: an offset or a delay as a person reads it. */
export function durationText(ms: number): string {
  const size = Math.abs(ms);
  return size < 1_000 ? `${Math.round(size)} ms` : `${(size / 1_000).toFixed(1)} s`;
}
