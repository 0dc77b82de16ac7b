import { maskKey } from "../../api/client.js";
import { CLOCK_HINT } from "../../api/response-errors.js";
import { configFile } from "../../config/paths.js";
import { readConfig } from "../../config/store.js";
import { isTradectlError, TradectlError } from "../../errors.js";
import { msg } from "../../i18n/index.js";
import { jsonText } from "../../output/json-text.js";
import { isBase64Secret } from "../../wire/signer.js";
import { buildClientWith } from "../client-factory.js";
import type { CommandContext } from "../context.js";
import { reportError } from "../report.js";
import { checkKeyPair, refuseUnderSandbox } from "./check.js";
import { serviceChecks } from "./doctor-checks.js";
import { verdictLine } from "./doctor-view.js";
import { keyProblem } from "./key.js";
import { envCredentialsNote } from "./notes.js";
import { saveKeyPair } from "./secret-store.js";

/** What `auth login`'s flags ask for, checked (by the spec, login-spec.ts): the run's options. */
export interface LoginOptions {
  /** `--key`, trimmed and fit for a header; undefined to ask for it. */
  key: string | undefined;
  /** `--with-secret-stdin`: the private key comes from a pipe, never a prompt. */
  withSecretStdin: boolean;
  /** `--insecure-storage`: the secret in the 0600 config file, not the system keyring. */
  insecureStorage: boolean;
}

/** A private key is 44 to 90 characters of base64; anything near this size is not one. */
export const MAX_SECRET_STDIN_BYTES = 4096;

/** Reads stdin to its end, but never more than `limit` bytes into memory. */
async function readBounded(stream: NodeJS.ReadableStream, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk);
    size += bytes.length;
    if (size > limit) {
      throw new TradectlError("usage", msg("auth.secretTooLong", { limit }), {
        hint: msg("auth.secretTooLongHint"),
      });
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Asks through the run's prompter (stderr, the signal, the colour rules; Ctrl-D cancels). */
async function ask(ctx: CommandContext, what: "key" | "secret"): Promise<string> {
  const { t } = ctx.io;
  if (what === "key") {
    const answer = await ctx.prompter.input({
      message: t("auth.login.askKey"),
      validate: (value) => {
        const problem = keyProblem(value.trim());
        return problem ? t(problem) : true;
      },
    });
    return answer.trim();
  }
  const answer = await ctx.prompter.password({
    message: t("auth.login.askSecret"),
    mask: "*",
    validate: (value) => (isBase64Secret(value.trim()) ? true : t("auth.secretNotBase64")),
  });
  return answer.trim();
}

async function obtainKey(options: LoginOptions, ctx: CommandContext): Promise<string> {
  if (options.key !== undefined) return options.key;
  if (ctx.io.canPrompt() && !options.withSecretStdin) return ask(ctx, "key");
  throw new TradectlError("usage", msg("auth.keyMissing"), {
    hint: msg("auth.keyMissingHint"),
  });
}

async function obtainSecret(options: LoginOptions, ctx: CommandContext): Promise<string> {
  if (options.withSecretStdin) {
    if (ctx.io.stdinIsTTY) {
      // Typing it here would echo it on the screen; the prompt hides it.
      throw new TradectlError("usage", msg("auth.stdinIsTerminal"), {
        hint: msg("auth.stdinIsTerminalHint"),
      });
    }
    return (await readBounded(ctx.io.stdin, MAX_SECRET_STDIN_BYTES)).trim();
  }
  if (ctx.io.canPrompt()) return ask(ctx, "secret");
  throw new TradectlError("usage", msg("auth.secretMissing"), {
    hint: msg("auth.secretMissingHint"),
  });
}

/**
 * `auth login`: gets a key pair (flags, stdin or prompts), checks it with one cheap
 * authenticated request (one declaration), and only then saves it to the profile (mode 0600).
 * A pair the server refuses gets the doctor's checks, and the output ends with its verdict.
 * The check goes where the profile's requests will go: --base-url, TRADECTL_BASE_URL or the
 * profile's own baseUrl.
 */
export async function runLogin(options: LoginOptions, ctx: CommandContext): Promise<number> {
  const { io, globals } = ctx;
  refuseUnderSandbox(ctx, "login");
  const profile = globals.profile;
  // A key from --key was checked by the spec; one typed at the prompt, by the prompt.
  const key = await obtainKey(options, ctx);
  const secret = await obtainSecret(options, ctx);
  if (secret === "") {
    throw new TradectlError("usage", msg("auth.secretEmpty"), {
      hint: msg("auth.secretEmptyHint"),
    });
  }
  if (!isBase64Secret(secret)) {
    throw new TradectlError("validation", msg("auth.secretNotBase64"), {
      hint: msg("hint.nothingSaved"),
    });
  }

  const path = configFile(ctx.env);
  // Read before the request: a config file we may not use fails now, not after the check.
  readConfig(path);

  const client = await buildClientWith(ctx, { publicKey: key, secret });
  io.info(io.err.dim(io.t("auth.login.checking", { origin: client.baseUrl.origin })));
  try {
    await checkKeyPair(client);
  } catch (error) {
    if (!isTradectlError(error) || error.kind === "cancelled") throw error;
    if (error.kind === "auth") {
      const hint = error.hint?.key === CLOCK_HINT.key ? "hint.clock" : "hint.keyRefused";
      const refused = TradectlError.with(error, {
        text: msg("auth.login.refused", { message: error.text }),
        hint: msg("login.hintThen", {
          hint: msg(hint),
          next: msg("hint.nothingSaved"),
        }),
      });
      // Which of a 401's causes it is: the doctor's checks, with the pair being checked.
      const { verdict } = await serviceChecks(client, ctx.now);
      reportError(refused, io, globals.output);
      io.warn(verdictLine(verdict, io.err, io.t));
      return refused.exitCode;
    }
    const again = msg("auth.login.nothingSavedTryAgain");
    throw TradectlError.with(error, {
      text: msg("auth.login.couldNotCheck", { message: error.text }),
      hint: error.hint ? msg("login.hintThen", { hint: error.hint, next: again }) : again,
    });
  }

  // The keyring first, then the config file under its lock, on what is on disk now: a login
  // to another profile meanwhile stays.
  const saved = await saveKeyPair(ctx, path, {
    profile,
    key,
    secret,
    insecure: options.insecureStorage,
  });

  const masked = maskKey(key);
  if (globals.output === "json" || globals.output === "ndjson") {
    const record = { profile, key: masked, configFile: path, secretStore: saved.store };
    await io.write(`${jsonText(record)}\n`);
  }
  io.info(io.t("auth.login.loggedIn", { key: masked, profile }));
  if (saved.fallback !== null) {
    io.warn(
      `${io.err.yellow(io.t("auth.note"))} ${io.t("keyring.fallback", { why: saved.fallback, path })}`,
    );
  } else if (saved.store === "keyring") {
    io.info(io.err.dim(io.t("keyring.savedIn", { path })));
    if (saved.moved) io.info(io.t("keyring.moved", { profile, path }));
  } else {
    io.info(io.err.dim(io.t("keyring.savedInFile", { path })));
  }
  const note = envCredentialsNote(ctx.env, profile, "login", io.t);
  if (note) io.warn(`${io.err.yellow(io.t("auth.note"))} ${note}`);
  return 0;
}
