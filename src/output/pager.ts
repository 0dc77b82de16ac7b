/**
 * Long text for people on a terminal goes through a pager, as git and gh do: the first of
 * $TRADECTL_PAGER, $PAGER, else `less -FRX` (-F: leave at once when it fits one screen; -R: keep
 * colours; -X: leave the text on the screen). Never when stdout is not a terminal, never with
 * --no-pager, and not when it fits the screen. An empty TRADECTL_PAGER or PAGER, or `cat`, means
 * no pager.
 */
export function pagerCommand(env: NodeJS.ProcessEnv): string | null {
  const chosen = env.TRADECTL_PAGER ?? env.PAGER;
  if (chosen === undefined) return "less -FRX";
  const command = chosen.trim();
  return command === "" || command === "cat" ? null : command;
}

/** Whether `text` is longer than a screen of `rows` lines (a line wider than the screen is one). */
export function fillsScreen(text: string, rows: number | undefined): boolean {
  if (rows === undefined || rows <= 0) return false;
  let lines = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lines++;
  return lines >= rows;
}

/**
 * The pager `text` goes through, or null when it is written as it is: stdout not a terminal,
 * --no-pager, no pager chosen, or a text that fits the screen. The one decision of both the
 * CLI (io.ts `page`) and the root help answered without it (src/root-help.ts).
 */
export function pagerFor(
  text: string,
  stdout: { isTTY?: boolean; rows?: number },
  noPager: boolean,
  env: NodeJS.ProcessEnv,
): string | null {
  if (stdout.isTTY !== true || noPager) return null;
  const pager = pagerCommand(env);
  return pager !== null && fillsScreen(text, stdout.rows) ? pager : null;
}

/**
 * Runs `command` through the shell with `text` on its stdin and the terminal as its stdout, and
 * waits for it to end. False when it could not be run (not found: the shell's 127), so the
 * caller writes the text itself; a pager that ran and was quit early (q) is true.
 */
export async function runPager(
  command: string,
  text: string,
  env: NodeJS.ProcessEnv,
): Promise<boolean> {
  // Loaded here: a run that pages nothing never loads child_process.
  const { spawn } = await import("node:child_process");
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: ["pipe", "inherit", "inherit"],
      // less without LESS set gets the flags the default command has; a user's LESS wins.
      env: { ...env, LESS: env.LESS ?? "FRX" },
    });
    child.on("error", () => resolve(false));
    // The pager may leave before reading all of it (q): that is not a failure.
    child.stdin.on("error", () => {});
    child.stdin.end(text);
    child.on("close", (code) => resolve(code !== 127));
  });
}
