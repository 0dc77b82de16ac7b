import { afterAll } from "vitest";
import { homesMade } from "../helpers/cli.js";
import { expectReceiptsWhole } from "../helpers/receipts.js";

/**
 * Issue 22's done-means, for the whole suite: `receipts verify` passes on every receipts file
 * the tests leave behind. Each test file's temporary homes are checked when the file ends (a
 * test that breaks a chain on purpose says so with `brokenOnPurpose`).
 */
afterAll(async () => {
  for (const home of homesMade.splice(0)) await expectReceiptsWhole(home);
});
