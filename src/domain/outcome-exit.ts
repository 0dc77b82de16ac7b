// The exit codes of confirmation outcomes: one confirmation's, and a batch's.
import { EXIT_CODES } from "../errors.js";
import type { Judgement } from "./outcome.js";

/**
 * The exit code of one confirmation (the table's last column): a single confirm, or a batch's
 * item, where `already_confirmed` is not a failure.
 */
export function exitCodeOf(judgement: Judgement, as: "single" | "batch-item"): number {
  if (judgement.outcome === "confirmed") return 0;
  if (judgement.outcome === "already_confirmed") return as === "single" ? 5 : 0;
  return EXIT_CODES[judgement.kind ?? "unknown"];
}

/** A batch's exit: that of the first item that ended in neither confirmed nor already_confirmed. */
export function batchExitCode(judgements: Iterable<Judgement>): number {
  for (const j of judgements) {
    if (j.outcome !== "confirmed" && j.outcome !== "already_confirmed") {
      return exitCodeOf(j, "batch-item");
    }
  }
  return 0;
}
