/**
 * The Turkish twin pass (`npm run test:tr`; test/helpers/twin.ts): switched on by the test
 * process's TRADECTL_TEST_TWIN=tr.
 */
export const TWIN_PASS = process.env.TRADECTL_TEST_TWIN === "tr";

export const TURKISH = "tr_TR.UTF-8";
const LOCALE_VARIABLES = ["LC_ALL", "LC_MESSAGES", "LANG"] as const;

/**
 * A run's environment in the twin pass: the locale Turkish, the language English unless the
 * test chose one. A test that sets a locale variable itself (LANG=C, LC_ALL=tr_TR.UTF-8) keeps
 * its locale: it tests the choice of language.
 */
export function inTwinLocale(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (!TWIN_PASS) return env;
  if (LOCALE_VARIABLES.some((name) => env[name] !== undefined)) return env;
  return { TRADECTL_LANG: "en", ...env, LC_ALL: TURKISH, LANG: TURKISH };
}
