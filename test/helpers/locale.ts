/**
 * Every test runs where the default locale is Turkish, the locale that breaks naive code (the
 * dotted and dotless i: "i".toLocaleUpperCase() is "İ"; Intl's number and date defaults): the
 * test process itself (vitest.config.ts sets it before the workers start, so in-process runs
 * see Turkish ICU defaults), and each process a harness spawns (inTurkishLocale). The language
 * the tool speaks stays English unless a test chooses it, since the contract puts
 * TRADECTL_LANG before the locale: what the tests assert of the text for people is English,
 * while everything locale-sensitive runs under Turkish rules.
 */
export const TURKISH = "tr_TR.UTF-8";
const LOCALE_VARIABLES = ["LC_ALL", "LC_MESSAGES", "LANG"] as const;

/**
 * A run's environment: the locale Turkish, the language English unless the test chose one. A
 * test that sets a locale variable itself (LANG=C, LC_ALL=tr_TR.UTF-8) keeps its locale: it
 * tests the choice of language.
 */
export function inTurkishLocale(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (LOCALE_VARIABLES.some((name) => env[name] !== undefined)) return env;
  return { TRADECTL_LANG: "en", ...env, LC_ALL: TURKISH, LANG: TURKISH };
}
