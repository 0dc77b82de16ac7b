import { loadLanguage } from "../../src/i18n/index.js";

/**
 * main() loads the run's language before any text is made (src/i18n/translate.ts); tests that
 * build a Turkish IO or translator themselves, without main(), find it loaded here. Tests of
 * the built CLI load it as a user's run does.
 */
await loadLanguage("tr");
