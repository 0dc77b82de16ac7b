// The exit code of a run a signal ended, as a shell reports a process the signal killed.

/** 143 for SIGTERM (cli.ts aborts the run's signal with "terminated"), else 130 (Ctrl-C). */
export function signalExitCode(signal: AbortSignal): number {
  const reason = signal.reason as { message?: unknown } | undefined;
  return reason?.message === "terminated" ? 143 : 130;
}
