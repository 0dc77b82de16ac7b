import { LANGS, type Lang } from "./langs.js";

export { LANGS, type Lang };

/** `tr`, `tr_TR.UTF-8`, `tr-TR`, `tr@euro` are Turkish; `C`, `POSIX`, `en_US`, `trk` are not. */
const TURKISH = /^tr(?:[_.@-]|$)/i;

/** A locale name (`LANG=tr_TR.UTF-8`) or a language tag (`TRADECTL_LANG=tr`) as a language. */
export function langOfLocale(value: string): Lang {
  return TURKISH.test(value.trim()) ? "tr" : "en";
}

/** The first of these that is set and not empty wins, as POSIX decides LC_MESSAGES. */
const LOCALE_VARIABLES = ["LC_ALL", "LC_MESSAGES", "LANG"] as const;

/**
 * The language from the environment alone: TRADECTL_LANG, then the locale (LC_ALL, then
 * LC_MESSAGES, then LANG, the first set one deciding: `LC_ALL=C LANG=tr_TR.UTF-8` is English).
 */
export function langFromEnv(env: NodeJS.ProcessEnv): Lang {
  const own = env.TRADECTL_LANG?.trim();
  if (own) return langOfLocale(own);
  for (const name of LOCALE_VARIABLES) {
    const value = env[name]?.trim();
    if (value) return langOfLocale(value);
  }
  return "en";
}

/** `--lang VALUE` as given, checked: one of the two names, as the contract writes them. */
export function langFromFlag(value: string): Lang | null {
  return (LANGS as readonly string[]).includes(value) ? (value as Lang) : null;
}

/**
 * The value of the last `--lang` in argv (`--lang tr`, `--lang=tr`), before `--`; undefined
 * when it is not given, "" when it is given without a value. Read before commander parses, so
 * that commander's own errors are already in the chosen language.
 */
export function langFlagOf(argv: readonly string[]): string | undefined {
  let found: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") break;
    if (arg === "--lang") {
      const next = argv[i + 1];
      found = next === undefined || next.startsWith("-") ? "" : next;
      i += 1;
    } else if (arg.startsWith("--lang=")) {
      found = arg.slice("--lang=".length);
    }
  }
  return found;
}

/**
 * The language of this run: `--lang`, then TRADECTL_LANG, then the locale, else English; null
 * for an unknown `--lang` (a usage error, cli.ts `chooseLang`).
 */
export function resolveLang(flag: string | undefined, env: NodeJS.ProcessEnv): Lang | null {
  return flag === undefined ? langFromEnv(env) : langFromFlag(flag);
}
