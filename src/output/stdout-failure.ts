/**
 * Why writing to stdout failed, as the one line a failed write gets says it: the error's code,
 * then Node's words for it without the code and the call (`ENOSPC (no space left on device)`).
 * A reader that went away (EPIPE) is not a failure and gets no line (src/cli.ts).
 */
export function stdoutFailureReason(error: NodeJS.ErrnoException): string {
  const { code, message } = error;
  const words = message.replace(/^[A-Z]+: /, "").replace(/, write$/, "");
  return `${code ?? message}${code && code !== message ? ` (${words})` : ""}`;
}
