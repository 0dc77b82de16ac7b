import { Command } from "@commander-js/extra-typings";
import { TradectlError } from "../../errors.js";
import { defineVerb } from "../verb.js";
import { keyProblem } from "./key.js";
import type { LoginOptions } from "./login.js";

const loginCommand = () =>
  new Command("login")
    .description("Save an API key pair to a profile, after checking it with the server")
    .option("--key <PUBLIC_KEY>", "the public API key (asked for when not given)")
    .option("--with-secret-stdin", "read the private key from standard input", false)
    .addHelpText(
      "after",
      `
Examples:
  $ tradectl auth login
  $ printf '%s' "$SECRET" | tradectl auth login --key "$KEY" --with-secret-stdin
  $ tradectl --profile work auth login`,
    );

/** The flags of `auth login`, as commander parses them (inferred from the spec). */
export type LoginFlags = ReturnType<ReturnType<typeof loginCommand>["opts"]>;

/** A `--key` that could never be sent in a header is refused before anything is asked or read. */
function loginOptions(flags: LoginFlags): LoginOptions {
  const key = flags.key?.trim();
  const problem = key === undefined ? null : keyProblem(key);
  if (problem) throw new TradectlError("usage", problem, { hint: "pass the key with --key" });
  return { key, withSecretStdin: flags.withSecretStdin };
}

export const loginVerb = defineVerb({
  command: loginCommand,
  options: (_args, flags) => loginOptions(flags),
  run: async () => (await import("./login.js")).runLogin,
});
