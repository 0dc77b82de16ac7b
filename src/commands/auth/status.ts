import { maskKey } from "../../api/client.js";
import type { ResolvedCredentials, SecretStore, SettingSource } from "../../config/credentials.js";
import { configFile } from "../../config/paths.js";
import { STAMP_WINDOW_MS } from "../../domain/limits.js";
import { isTradectlError, TradectlError } from "../../errors.js";
import { inEnglish, msg, type Translator } from "../../i18n/index.js";
import { csvCell, jsonText, tsvField } from "../../output/records.js";
import { keyValue } from "../../output/table.js";
import { settingsFor } from "../client-factory.js";
import type { CommandContext } from "../context.js";
import { reportError } from "../report.js";
import type { NoOptions } from "../verb.js";
import { checkKeyPair } from "./check.js";

/** What `auth status -o json` prints. */
export interface AuthStatus {
  profile: string;
  source: ResolvedCredentials["source"];
  /** Where the credentials come from, in words: the variables, or the profile and its file. */
  origin: string;
  /** The config file, when the credentials come from a profile. */
  configFile: string | null;
  /** Where the secret is kept: the system keyring, the config file, the environment, the sandbox. */
  secretStore: SecretStore;
  key: string;
  baseUrl: string;
  /** Where the base URL comes from: flag, env, profile, default or sandbox. */
  baseUrlSource: SettingSource;
  /** null when the server could not be asked (network, 5xx). */
  accepted: boolean | null;
  error: {
    kind: string;
    status: number | null;
    code: number | string | null;
    message: string;
  } | null;
  /** Server clock minus this machine's clock, in ms; null when server time was unavailable. */
  clockOffsetMs: number | null;
}

/** Where the sandbox's credentials and URL come from: English in the JSON, said in the table. */
const SANDBOX_CREDENTIALS = inEnglish(msg("auth.status.sandboxCredentials"));
const SANDBOX = inEnglish(msg("auth.status.sandbox"));

async function credentialsInUse(ctx: CommandContext): Promise<ResolvedCredentials> {
  if (ctx.globals.sandbox) {
    const { DEMO_CREDENTIALS } = await import("../../sandbox/server.js");
    return {
      ...DEMO_CREDENTIALS,
      source: "sandbox",
      origin: SANDBOX_CREDENTIALS,
      store: "sandbox",
    };
  }
  return settingsFor(ctx).credentials();
}

/** Where requests go and why, in words for the table ("profile 'work' in …"). */
function baseUrlSource(ctx: CommandContext): { source: SettingSource; origin: string } {
  if (ctx.globals.sandbox) return { source: "sandbox", origin: SANDBOX };
  const { source, origin } = settingsFor(ctx).baseUrl();
  return { source, origin };
}

function clockText(offset: number | null, t: Translator): string {
  if (offset === null) return t("auth.status.clockUnknown");
  const size = Math.abs(offset);
  if (size === 0) return t("auth.status.inStep");
  const text = t(offset > 0 ? "auth.status.ahead" : "auth.status.behind", { ms: size });
  return size > STAMP_WINDOW_MS ? t("auth.status.pastWindow", { said: text }) : text;
}

function acceptedText(status: AuthStatus, t: Translator): string {
  if (status.accepted) return t("auth.status.yes");
  const reason = `${status.error?.kind}: ${status.error?.message}`;
  return t(status.accepted === false ? "auth.status.no" : "auth.status.couldNotCheck", { reason });
}

/** The origins said in words for the table (the JSON keeps them as they are, in English). */
function originIn(origin: string, t: Translator): string {
  if (origin === SANDBOX_CREDENTIALS) return t("auth.status.sandboxCredentials");
  if (origin === SANDBOX) return t("auth.status.sandbox");
  return origin;
}

function render(status: AuthStatus, urlOrigin: string, ctx: CommandContext): string {
  const { output } = ctx.globals;
  if (output === "json") return `${jsonText(status, 2)}\n`;
  if (output === "ndjson") return `${jsonText(status)}\n`;
  if (output === "table") {
    const c = ctx.io.out;
    const { t } = ctx.io;
    const acceptedStyle = status.accepted ? c.green : status.accepted === false ? c.red : c.yellow;
    const lines = keyValue(
      [
        [t("auth.status.profile"), status.profile],
        [t("auth.status.credentials"), originIn(status.origin, t)],
        [t("keyring.statusSecret"), t(`keyring.store.${status.secretStore}`)],
        [t("auth.status.key"), status.key],
        [
          t("auth.status.server"),
          t("auth.status.serverFrom", { url: status.baseUrl, origin: originIn(urlOrigin, t) }),
        ],
        [t("auth.status.accepted"), { text: acceptedText(status, t), style: acceptedStyle }],
        [t("auth.status.clock"), clockText(status.clockOffsetMs, t)],
      ],
      c,
      { width: ctx.io.columns },
    );
    return `${lines.join("\n")}\n`;
  }
  const pairs: [string, string][] = [
    ["profile", status.profile],
    ["source", status.source],
    ["origin", status.origin],
    ["configFile", status.configFile ?? ""],
    ["secretStore", status.secretStore],
    ["key", status.key],
    ["baseUrl", status.baseUrl],
    ["baseUrlSource", status.baseUrlSource],
    ["accepted", status.accepted === null ? "" : String(status.accepted)],
    ["error", status.error ? `${status.error.kind}: ${status.error.message}` : ""],
    ["clockOffsetMs", status.clockOffsetMs === null ? "" : String(status.clockOffsetMs)],
  ];
  if (output === "csv") {
    return `field,value\r\n${pairs.map(([k, v]) => `${k},${csvCell(v)}\r\n`).join("")}`;
  }
  return pairs.map(([k, v]) => `${k}\t${tsvField(v)}\n`).join("");
}

/**
 * `auth status`: which credentials a command would use and from where, whether the server
 * accepts them (one authenticated request) and how far the clocks are apart. Exit 0 when
 * accepted, 4 when refused, the failure's own code when the server could not be asked.
 */
export async function runStatus(_options: NoOptions, ctx: CommandContext): Promise<number> {
  const credentials = await credentialsInUse(ctx);
  const url = baseUrlSource(ctx);
  // The run's own client: the same resolution as every command, and --debug says where from.
  const client = await ctx.client();

  let clockOffsetMs: number | null = null;
  try {
    clockOffsetMs = await client.syncClock();
  } catch (error) {
    if (isTradectlError(error) && error.kind === "cancelled") throw error;
    // Server time is a public endpoint; without it the authenticated check still tells a lot.
  }

  let failure: TradectlError | null = null;
  try {
    await checkKeyPair(client);
  } catch (error) {
    if (!isTradectlError(error) || error.kind === "cancelled") throw error;
    failure = error;
  }

  const status: AuthStatus = {
    profile: ctx.globals.profile,
    source: credentials.source,
    origin: credentials.origin,
    configFile: credentials.source === "profile" ? configFile(ctx.env) : null,
    secretStore: credentials.store,
    key: maskKey(credentials.publicKey),
    baseUrl: client.baseUrl.origin + client.baseUrl.pathname.replace(/\/+$/, ""),
    baseUrlSource: url.source,
    accepted: failure === null ? true : failure.kind === "auth" ? false : null,
    error: failure && {
      kind: failure.kind,
      status: failure.status,
      code: failure.code,
      message: failure.message,
    },
    clockOffsetMs,
  };
  await ctx.io.write(render(status, url.origin, ctx));
  if (failure === null) return 0;
  const reported =
    failure.kind === "auth"
      ? TradectlError.with(failure, {
          text: msg("auth.status.refused", { message: failure.text }),
        })
      : failure;
  reportError(reported, ctx.io, ctx.globals.output);
  return reported.exitCode;
}
