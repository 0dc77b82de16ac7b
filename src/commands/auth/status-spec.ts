import { Command } from "@commander-js/extra-typings";
import { defineVerb, type NoOptions } from "../verb.js";

const statusCommand = () =>
  new Command("status")
    .description(
      "Which credentials are in use, where they come from, and whether the server accepts them",
    )
    .addHelpText(
      "after",
      `
Exit status: 0 when the server accepts the credentials, 4 when it refuses them.

Examples:
  $ tradectl auth status
  $ tradectl --profile work auth status -o json
  $ TRADECTL_API_KEY=... TRADECTL_API_SECRET=... tradectl auth status`,
    );

/** `auth status` takes only the global options (profile, base URL, output). */
export const statusVerb = defineVerb({
  command: statusCommand,
  options: (): NoOptions => ({}),
  run: async () => (await import("./status.js")).runStatus,
});
