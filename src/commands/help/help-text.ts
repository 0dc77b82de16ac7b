import type { EventEmitter } from "node:events";
import type { Command } from "commander";

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
