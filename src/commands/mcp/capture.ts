// Runs one of the CLI's own verbs for a tool: its flags through its spec, its JSON output captured.

import { PassThrough, Readable } from "node:stream";
import type { OptionValues } from "@commander-js/extra-typings";
import { createIO, type IOStreams } from "../../output/io.js";
import { parseLossless } from "../../wire/json.js";
import type { CommandContext } from "../context.js";
import { createPrompter } from "../prompter.js";
import { optionsFromArgv, type Verb } from "../verb.js";

/**
 * A read-only tool is the verb a person would run, with `-o json`: the same checks (the spec
 * refuses bad input with the same messages), the same reads and the same records, so a rule is
 * never written twice. Tools build `argv` only as `--flag=value` pairs and checked operands,
 * so no text an agent gives is ever read as a flag.
 */

/** Streams in memory, no prompts, no colour: what a verb run for a tool writes, kept. */
export function quietIO(ctx: CommandContext): { io: IOStreams; stdout: () => string } {
  const out: Buffer[] = [];
  const stdout = new PassThrough();
  stdout.on("data", (chunk: Buffer) => out.push(chunk));
  const stderr = new PassThrough();
  stderr.resume();
  const io = createIO({
    stdout,
    stderr,
    stdin: () => Readable.from([]),
    env: ctx.env,
    noColor: true,
    quiet: true,
    noInput: true,
    lang: ctx.io.t.lang,
  });
  return { io, stdout: () => Buffer.concat(out).toString("utf8") };
}

/** The context a tool's verb runs in: the server's client, clock and signal; quiet streams; JSON. */
export function toolContext(ctx: CommandContext, io: IOStreams): CommandContext {
  return {
    ...ctx,
    io,
    globals: { ...ctx.globals, output: "json" },
    prompter: createPrompter(io, ctx.signal),
  };
}

/** The verb's JSON output (numbers kept as their digits), or null when it printed none. */
export async function runVerbForJson<Args extends unknown[], Flags extends OptionValues, Options>(
  verb: Verb<Args, Flags, Options>,
  argv: readonly string[],
  ctx: CommandContext,
): Promise<unknown> {
  const options = optionsFromArgv(verb, argv);
  const { io, stdout } = quietIO(ctx);
  const run = await verb.run();
  await run(options, toolContext(ctx, io));
  const text = stdout().trim();
  if (text === "") return null;
  // ndjson-shaped output (one object a line) as an array; json as it is.
  if (text.includes("\n") && !text.startsWith("[")) {
    return text.split("\n").map((line) => parseLossless(line));
  }
  return parseLossless(text);
}

/** `--name=value` for each given value (none for undefined): flags that cannot be misread. */
export function flagArgs(flags: Record<string, string | number | boolean | undefined>): string[] {
  const args: string[] = [];
  for (const [name, value] of Object.entries(flags)) {
    if (value === undefined || value === false) continue;
    args.push(value === true ? `--${name}` : `--${name}=${value}`);
  }
  return args;
}
