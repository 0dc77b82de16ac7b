import type { Command } from "commander";
import type { Runner } from "../run.js";
import { addVerb } from "../verb.js";
import { loginVerb } from "./login-spec.js";

export function registerAuth(program: Command, run: Runner): void {
  const auth = program.command("auth").description("Log in, check and remove API credentials");
  addVerb(auth, loginVerb, run);
  auth
    .command("status")
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
    )
    .action((_flags, command: Command) =>
      run(command, async (ctx) => (await import("./status.js")).runStatus(ctx)),
    );
  auth
    .command("logout")
    .description("Remove the profile's saved key pair from the config file")
    .addHelpText(
      "after",
      `
Examples:
  $ tradectl auth logout
  $ tradectl --profile work auth logout`,
    )
    .action((_flags, command: Command) =>
      run(command, async (ctx) => (await import("./logout.js")).runLogout(ctx)),
    );
}
