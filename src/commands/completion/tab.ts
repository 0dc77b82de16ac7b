/**
 * What bin/tradectl.js runs for `tradectl __complete WHAT`, the one command every Tab press
 * runs: its own small bundle (dist/complete.cjs), so a Tab reads the config files and nothing
 * of the program, its help or its message catalog (BENCHMARKS.md, the `__complete` row). The
 * names come from the same function as the `__complete` verb's.
 */
import { completeNames } from "./profiles.js";
import { nameSource } from "./shells.js";

/**
 * Writes the names `word` asks for and resolves true; resolves false, writing nothing, when
 * `word` names no source (the full CLI then answers, with its usage error).
 */
export async function completeTab(
  word: string,
  env: NodeJS.ProcessEnv,
  stdout: NodeJS.WritableStream,
): Promise<boolean> {
  const source = nameSource(word);
  if (!source) return false;
  const write = (text: string) =>
    new Promise<void>((resolve) => {
      // A shell that stopped reading (the user pressed another key) is not an error at Tab time.
      stdout.once("error", () => resolve());
      stdout.write(text, () => resolve());
    });
  await completeNames(source, env, { write });
  return true;
}
