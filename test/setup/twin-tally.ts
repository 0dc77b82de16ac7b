import { afterAll, beforeAll } from "vitest";
import { writeTally } from "../helpers/twin.js";
import { TWIN_PASS } from "../helpers/twin-mode.js";

/**
 * The twin pass only. Its in-process runs see Turkish ICU defaults only if the test process
 * itself started in the Turkish locale (`npm run test:tr` sets LANG and LC_ALL): Node fixes its
 * default locale at start, so a pass started without them would check English twice.
 */
beforeAll(() => {
  if (!TWIN_PASS) return;
  const locale = new Intl.DateTimeFormat().resolvedOptions().locale;
  if (!locale.startsWith("tr")) {
    throw new Error(
      `the twin pass runs in a Turkish locale, but this process's is ${locale}: start it with LANG=tr_TR.UTF-8 LC_ALL=tr_TR.UTF-8 (npm run test:tr)`,
    );
  }
});

/** Each test file adds how many runs it twin-checked to the pass's tally (twin-report.ts). */
afterAll(() => {
  const file = process.env.TRADECTL_TWIN_TALLY;
  if (file) writeTally(file);
});
