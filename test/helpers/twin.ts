import { appendFileSync } from "node:fs";
import type { Command } from "commander";
import { expect } from "vitest";
import { langFlagOf, resolveLang } from "../../src/i18n/lang.js";
import { resolveFormat } from "../../src/output/formats.js";
import { TURKISH, TWIN_PASS } from "./twin-mode.js";
import { forget, historyFreeAt, originOf, recordedAt, twinServer } from "./twin-servers.js";

/**
 * The Turkish twin pass (issue 26, "Tests"; docs/OUTPUT.md, "Language"): `npm run test:tr`
 * runs every test file that runs the CLI once more with TRADECTL_TEST_TWIN=tr and the test
 * process itself in LANG=tr_TR.UTF-8 (so in-process runs see Turkish ICU defaults: Node fixes
 * its default locale from LC_ALL, LC_MESSAGES, LANG when it starts; LC_ALL is left unset there,
 * since a shell a test starts would warn about a libc locale the machine may not have).
 *
 * 1. Every harnessed run gets the Turkish locale (twin-mode.ts `inTwinLocale`) with TRADECTL_LANG=en, which
 *    the contract puts before the locale: the locale-sensitive code (Intl, localeCompare,
 *    toLocale*Case) sees Turkish while the text for people, which the tests assert, stays
 *    English. A run whose test sets the locale itself keeps it.
 * 2. Each run that ended by itself, prints machine output and has no side effects is run a
 *    second time right after in the other language (`withTwin`): stdout byte for byte, the
 *    exit code and the JSON error line on stderr must be the same.
 */

/** The service's clock (docs/SERVICE-NOTES.md): what a run reads to correct its stamps. */
const SERVER_TIME_PATH = "/api/v2/server/time";
/** One harnessed run as the twin check sees it. */
export interface TwinRun<R = TwinResult> {
  argv: readonly string[];
  /** The whole environment the run had (home included). */
  env: NodeJS.ProcessEnv;
  /** stdout was a terminal (only in-process runs can have one). */
  tty?: boolean;
  /** Time is the test's (a fake clock or a fixed `now`): a measured duration is the same twice. */
  fakeTime?: boolean;
  /** Why this run cannot be run twice, when the harness knows (an abort signal, a kill). */
  notTwice?: (first: R) => string | undefined;
}

export interface TwinResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** What the twin pass did with the harnessed runs of this test file. */
const tally = { checked: 0, skipped: new Map<string, number>() };

/** Counts a run that is never twin-checked because of how it runs (interrupted, a terminal). */
export function twinSkipped(reason: string): void {
  if (!TWIN_PASS) return;
  tally.skipped.set(reason, (tally.skipped.get(reason) ?? 0) + 1);
}

/**
 * Runs `once` (the harness's run), and in the twin pass, when the twin rule allows it, runs it
 * again right after in the other language and fails the test unless what scripts read is the
 * same. `twin` tells `once` that this is the second run (a fake clock of its own, driven).
 */
export async function withTwin<R extends TwinResult>(
  run: TwinRun<R>,
  once: (argv: readonly string[], env: NodeJS.ProcessEnv, twin: boolean) => Promise<R>,
): Promise<R> {
  if (!TWIN_PASS) return once(run.argv, run.env, false);
  // Loaded here, not at the top: the normal pass never needs the whole program for this.
  program ??= await (await import("../../src/program.js")).buildProgram(async () => {});
  const baseUrl = baseUrlOf(run.argv, run.env);
  const replay = baseUrl === undefined ? undefined : recordedAt(originOf(baseUrl));
  const live = baseUrl === undefined ? undefined : historyFreeAt(originOf(baseUrl));
  const mark = replay?.exchanges.length;
  const liveBefore = live?.requests.length ?? 0;
  /**
   * How many requests the first run sent, where that is known: a helper's server or a plain
   * sandbox counts them, and a run that names no server (no base URL, no --sandbox) sends none
   * (tests never reach beyond loopback).
   */
  const sentBy = (): number | undefined => {
    if (replay) return replay.exchanges.length - mark!;
    if (live) return live.requests.length - liveBefore;
    return baseUrl === undefined && !beforeDashes(run.argv).includes("--sandbox") ? 0 : undefined;
  };
  /** The requests the first run sent, where they are known ("GET /path?query"). */
  const sentKeys = (): string[] =>
    replay
      ? replay.exchanges.slice(mark!).map((e) => e.key)
      : live
        ? live.requests.slice(liveBefore).map((r) => {
            const { method, url } = r as { method?: string; url?: string };
            return `${method} ${url}`;
          })
        : [];
  const first = await once(run.argv, run.env, false);
  // A run refused (exit 4) after it set its clock by a scripted server's time says by how much
  // it corrected the real clock: replayed to the twin later, that answer is stale by the time
  // between the runs, and so is the correction.
  const clockRead =
    replay !== undefined &&
    !run.fakeTime &&
    first.code === 4 &&
    sentKeys().some((k) => k.includes(SERVER_TIME_PATH));
  const reason =
    run.notTwice?.(first) ??
    (clockRead ? "refused after correcting the real clock by a scripted server's" : null) ??
    whyNotTwin(run, first.code, sentBy());
  if (reason) {
    twinSkipped(reason);
    return first;
  }
  const other = otherLanguage(run.argv, run.env);
  if (!other) {
    twinSkipped("its --lang or TRADECTL_LANG is refused");
    return first;
  }
  // The twin talks to a server of its own: the first run's answers replayed (a helper's
  // server), or passed on to the plain sandbox, so no other run's requests meet the twin's.
  const origin = baseUrl === undefined ? undefined : originOf(baseUrl);
  const server = replay
    ? replay.closed
      ? undefined
      : await twinServer({ exchanges: replay.exchanges.slice(mark!) })
    : live
      ? await twinServer({ forwardTo: origin! })
      : undefined;
  let twin: R;
  try {
    twin = await once(
      server ? withOrigin(other.argv, origin!, server.origin) : other.argv,
      server ? withOriginEnv(other.env, origin!, server.origin) : other.env,
      true,
    );
  } finally {
    await server?.close();
  }
  // The test counts its own runs' requests only: the twin's are taken off the sandbox's record.
  if (live && server) forget(live.requests, liveBefore, server.passedOn);
  if (server) twin = { ...twin, ...backToOrigin(twin, server.origin, origin!) };
  tally.checked++;
  const what = `twin check: \`tradectl ${run.argv.join(" ")}\` run again in ${other.lang === "tr" ? "Turkish" : "English"}`;
  const made = sentKeys();
  expect(
    server?.unasked ?? [],
    `${what}: requests the first run did not make (it made ${made.join(", ") || "none"})`,
  ).toEqual([]);
  expect(twin.stdout, `${what}: stdout`).toBe(first.stdout);
  expect(twin.code, `${what}: exit code`).toBe(first.code);
  expect(errorLines(twin.stderr), `${what}: the JSON error line`).toEqual(errorLines(first.stderr));
  return first;
}
/** argv with the server's origin in --base-url moved to the twin's server. */
const withOrigin = (argv: readonly string[], from: string, to: string) =>
  argv.map((a) => (a.includes(from) ? a.replace(from, to) : a));

function withOriginEnv(env: NodeJS.ProcessEnv, from: string, to: string): NodeJS.ProcessEnv {
  const url = env.TRADECTL_BASE_URL;
  return url?.includes(from) ? { ...env, TRADECTL_BASE_URL: url.replace(from, to) } : env;
}

/** The twin's output with its server's address put back as the first run's (in messages). */
function backToOrigin(twin: TwinResult, from: string, to: string): TwinResult {
  const hostFrom = new URL(from).host;
  const hostTo = new URL(to).host;
  const back = (text: string) => text.replaceAll(from, to).replaceAll(hostFrom, hostTo);
  return { code: twin.code, stdout: back(twin.stdout), stderr: back(twin.stderr) };
}

/** stderr's JSON error lines (docs/EXIT-CODES.md): the part of stderr scripts read. */
const errorLines = (stderr: string) => stderr.split("\n").filter((l) => l.startsWith('{"error":'));

/** The same run in the other language: Turkish for a run in English, English for one in Turkish. */
function otherLanguage(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): { lang: "en" | "tr"; argv: readonly string[]; env: NodeJS.ProcessEnv } | null {
  let first: "en" | "tr";
  try {
    first = resolveLang(langFlagOf(argv), env);
  } catch {
    return null;
  }
  const lang = first === "en" ? "tr" : "en";
  const { TRADECTL_LANG: _own, LC_MESSAGES: _messages, ...rest } = env;
  // Turkish: the locale alone says it (no TRADECTL_LANG), as a Turkish user's shell does.
  const twinEnv =
    lang === "tr"
      ? { ...rest, LC_ALL: TURKISH, LANG: TURKISH }
      : { ...rest, LC_ALL: TURKISH, LANG: TURKISH, TRADECTL_LANG: "en" };
  const twinArgv = withLang(argv, lang);
  return { lang, argv: twinArgv, env: twinEnv };
}

/** argv with each `--lang` before `--` set to `lang`. */
function withLang(argv: readonly string[], lang: "en" | "tr"): string[] {
  const out = [...argv];
  for (let i = 0; i < out.length; i++) {
    if (out[i] === "--") break;
    if (out[i] === "--lang" && i + 1 < out.length) out[i + 1] = lang;
    else if (out[i]!.startsWith("--lang=")) out[i] = `--lang=${lang}`;
  }
  return out;
}

/**
 * Commands whose run changes nothing anywhere (no request that writes, no file written, no
 * state a second run would see) and whose stdout is a pure function of the arguments and of
 * the state they read. Not here: confirm (sends; only its --dry-run is read-only), watch
 * (remembers what it showed, runs until stopped), auth login/logout (write) and status (for
 * people), auth doctor (read-only, but it measures time: see whyNotTwin), senders/rules add and
 * remove, sandbox serve/reset,
 * help (text for people), completion (its scripts carry descriptions in the run's language).
 */
const READ_ONLY = new Set([
  "declarations list",
  "order get",
  "order trades",
  "senders list",
  "rules list",
  "receipts list",
  "receipts show",
  "receipts verify",
  "exchanges list",
  "__complete",
]);

/** Why `run` is not twin-checked, or null when it is. */
function whyNotTwin(
  run: Pick<TwinRun, "argv" | "env" | "tty" | "fakeTime">,
  code: number | null,
  sent: number | undefined,
): string | null {
  const { argv, env } = run;
  const words = beforeDashes(argv);
  if (words.some((a) => a === "--help" || a === "-h")) return "help (text for people)";
  // A run with something preloaded (the build fences' load probe) is watched by its test
  // through files the preload writes; a twin would write them again.
  if (env.NODE_OPTIONS) return "a preloaded probe (NODE_OPTIONS)";
  // Any command refused with exit 2 before it sent anything changed nothing (docs/GUIDE.md:
  // every rule is checked before any request, nothing sent): its JSON error line is the check.
  const refused = code === 2 && sent === 0;
  const path = commandPath(argv);
  if (path === "") {
    const version = words.some((a) => a === "--version" || a === "-V");
    return version || refused ? null : "no command (help)";
  }
  const dryRun = path === "declarations confirm" && words.includes("--dry-run");
  // auth doctor changes nothing, but it measures the round trip of what it sends: the same twice
  // on the test's time, or when it sent nothing (its local checks failed first).
  const doctor = path === "auth doctor";
  if (doctor && !run.fakeTime && sent !== 0) {
    return "auth doctor measuring real time (on the real clock, requests sent)";
  }
  if (!READ_ONLY.has(path) && !dryRun && !doctor && !refused) {
    return `${path}: not read-only or for people`;
  }
  if (path !== "__complete" && formatOf(words, run.tty ?? false) === "table") {
    return "a table (text for people)";
  }
  const baseUrl = baseUrlOf(argv, env);
  if (baseUrl !== undefined) {
    const origin = originOf(baseUrl);
    if (!historyFreeAt(origin) && !recordedAt(origin)) {
      return "a server of the test's own (neither a plain sandbox nor a helper's server)";
    }
  }
  return null;
}

const beforeDashes = (argv: readonly string[]) => {
  const end = argv.indexOf("--");
  return end < 0 ? [...argv] : argv.slice(0, end);
};

/** The output format the run resolves to (`-o` last wins, then --json, else by terminal). */
function formatOf(words: readonly string[], tty: boolean): string {
  let output: string | undefined;
  let json = false;
  for (let i = 0; i < words.length; i++) {
    const a = words[i]!;
    if (a === "-o" || a === "--output") output = words[++i];
    else if (a.startsWith("--output=")) output = a.slice("--output=".length);
    else if (/^-o./.test(a)) output = a.slice(2);
    else if (a === "--json") json = true;
  }
  return resolveFormat(output, json, tty);
}

/** `--base-url` (last wins), else TRADECTL_BASE_URL; undefined when the run names no server. */
function baseUrlOf(argv: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
  let url: string | undefined;
  const words = beforeDashes(argv);
  // The embedded sandbox lives in the run's own home: a second run reads what the first left.
  if (words.includes("--sandbox")) return undefined;
  for (let i = 0; i < words.length; i++) {
    if (words[i] === "--base-url") url = words[++i];
    else if (words[i]!.startsWith("--base-url=")) url = words[i]!.slice("--base-url=".length);
  }
  return url ?? (env.TRADECTL_BASE_URL?.trim() || undefined);
}

let program: Command | undefined;

/** The command a run names ("declarations list"), read with the program's own tree. */
function commandPath(argv: readonly string[]): string {
  if (!program) throw new Error("withTwin loads the program first");
  const takesValue = new Set(
    program.options
      .filter((o) => o.required || o.optional)
      .flatMap((o) => [o.long, o.short].filter((f): f is string => f !== undefined)),
  );
  let node = program;
  const path: string[] = [];
  const words = beforeDashes(argv);
  for (let i = 0; i < words.length; i++) {
    const a = words[i]!;
    if (a.startsWith("-")) {
      if (takesValue.has(a)) i++;
      continue;
    }
    const child = node.commands.find((c) => c.name() === a || c.aliases().includes(a));
    if (!child) break;
    path.push(child.name());
    node = child;
    if (node.commands.length === 0) break;
  }
  return path.join(" ");
}
/** Adds this test file's tally to the pass's (see test/setup/twin-tally.ts). */
export function writeTally(file: string): void {
  if (tally.checked === 0 && tally.skipped.size === 0) return;
  appendFileSync(
    file,
    `${JSON.stringify({ checked: tally.checked, skipped: Object.fromEntries(tally.skipped) })}\n`,
  );
  tally.checked = 0;
  tally.skipped.clear();
}
