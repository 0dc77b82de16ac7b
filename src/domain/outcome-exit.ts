// The exit code of a run from its confirmations' outcomes: a single confirm's, and a batch's (--auto and watch are batches).
import { EXIT_CODES } from "../errors.js";
import type { Judgement } from "./outcome.js";

/**
 * THE exit code of a run that confirmed: a single confirm (and the agent server's one
 * confirmation), where `already_confirmed` exits 5; or a batch (`confirm ID ID…`, `--pending`,
 * `--from`, `--auto`, `watch --auto`), which exits with its first item that ended in neither
 * confirmed nor already_confirmed, else 0.
 */
export function runExitCode(judgements: Iterable<Judgement>, run: "single" | "batch"): number {
  for (const j of judgements) {
    const code = exitCodeOf(j, run === "single" ? "single" : "batch-item");
    if (code !== 0) return code;
  }
  return 0;
}

/**
 * The exit code of one confirmation (the table's last column): a single confirm, or a batch's
 * item, where `already_confirmed` is not a failure.
 */
export function exitCodeOf(judgement: Judgement, as: "single" | "batch-item"): number {
  if (judgement.outcome === "confirmed") return 0;
  if (judgement.outcome === "already_confirmed") return as === "single" ? 5 : 0;
  return EXIT_CODES[judgement.kind ?? "unknown"];
}
