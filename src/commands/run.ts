import type { Command } from "commander";
import type { CommandContext } from "./context.js";

/** A command's body: gets the context, returns an exit code (0 when it returns nothing). */
export type Action = (ctx: CommandContext) => Promise<number | undefined>;

/** Turns a parsed commander command and an action into a run with context and exit code. */
export type Runner = (command: Command, action: Action) => Promise<void>;
