import { Command } from "@commander-js/extra-typings";
import { defineVerb, type NoOptions } from "../verb.js";

const logoutCommand = () =>
  new Command("logout")
    .description("Remove the profile's saved key pair from the config file")
    .addHelpText(
      "after",
      `
Examples:
  $ tradectl auth logout
  $ tradectl --profile work auth logout`,
    );

/** `auth logout` takes only the global options (the profile). */
export const logoutVerb = defineVerb({
  command: logoutCommand,
  options: (): NoOptions => ({}),
  run: async () => (await import("./logout.js")).runLogout,
});
