import { Command } from "@commander-js/extra-typings";
import { TradectlError } from "../../errors.js";
import { english, msg, type Translator } from "../../i18n/index.js";
import { defineVerb } from "../verb.js";
import { keyProblem } from "./key.js";
import type { LoginOptions } from "./login.js";

const loginCommand = (t: Translator = english) =>
  new Command("login")
    .description(t("auth.login.description"))
    .option("--key <PUBLIC_KEY>", t("auth.login.key"))
    .option("--with-secret-stdin", t("auth.login.withSecretStdin"), false)
    .option("--insecure-storage", t("keyring.insecure"), false)
    .addHelpText("after", t("auth.login.examples"));

/** The flags of `auth login`, as commander parses them (inferred from the spec). */
export type LoginFlags = ReturnType<ReturnType<typeof loginCommand>["opts"]>;

/** A `--key` that could never be sent in a header is refused before anything is asked or read. */
function loginOptions(flags: LoginFlags): LoginOptions {
  const key = flags.key?.trim();
  const problem = key === undefined ? null : keyProblem(key);
  if (problem) {
    throw new TradectlError("usage", msg(problem), {
      hint: msg("auth.passKey"),
    });
  }
  return { key, withSecretStdin: flags.withSecretStdin, insecureStorage: flags.insecureStorage };
}

export const loginVerb = defineVerb({
  command: loginCommand,
  options: (_args, flags) => loginOptions(flags),
  run: async () => (await import("./login.js")).runLogin,
});
