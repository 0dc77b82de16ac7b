import type { EventEmitter } from "node:events";
import type { Command } from "commander";

/** Fixed width and no colour: the reference in docs/ must not depend on the terminal. */
export interface HelpTextOptions {
  width?: number;
}

/** Runs `fn` with the command's help output captured instead of written. */
function capture(cmd: Command, options: HelpTextOptions, fn: () => void): string {
  let text = "";
  const saved = { ...cmd.configureOutput() };
  cmd.configureOutput({
    writeOut: (chunk) => {
      text += chunk;
    },
    ...(options.width === undefined
      ? {}
      : { getOutHelpWidth: () => options.width!, getOutHasColors: () => false }),
  });
  try {
    fn();
  } finally {
    cmd.configureOutput(saved);
  }
  return text;
}

/** Everything `cmd --help` prints: usage, options, and the text added after (examples). */
export function fullHelp(cmd: Command, options: HelpTextOptions = {}): string {
  return capture(cmd, options, () => cmd.outputHelp());
}

/** Only what `addHelpText("after", …)` added to the command: its examples and notes. */
export function afterHelp(cmd: Command): string {
  let text = "";
  // Commander keeps added help text only as listeners of this event (a Command is an emitter).
  (cmd as unknown as EventEmitter).emit("afterHelp", {
    error: false,
    command: cmd,
    write: (chunk: string) => {
      text += chunk;
    },
  });
  return text;
}

/** The `$ tradectl …` lines of a command's "Examples:" block (continuation lines joined). */
export function examplesOf(cmd: Command): string[] {
  const after = afterHelp(cmd);
  const start = after.search(/^Examples:\s*$/m);
  if (start < 0) return [];
  const examples: string[] = [];
  for (const line of after.slice(start).split("\n").slice(1)) {
    if (line.trim() === "") break;
    const example = line.trim();
    if (example.startsWith("$ ")) examples.push(example.slice(2));
    else if (examples.length > 0) examples[examples.length - 1] += `\n${example}`;
  }
  return examples;
}

/** The command's words from the program down, e.g. "declarations list". */
export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

/** Commands a user can see, depth first, program excluded (hidden ones like __complete left out). */
export function visibleCommands(program: Command): Command[] {
  const found: Command[] = [];
  const walk = (cmd: Command) => {
    for (const sub of cmd.createHelp().visibleCommands(cmd)) {
      // Commander lists its implicit `help` command too; it has no definitions of its own.
      if (!cmd.commands.includes(sub)) continue;
      found.push(sub);
      walk(sub);
    }
  };
  walk(program);
  return found;
}
