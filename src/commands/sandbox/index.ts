import type { Command } from "commander";
import type { Runner } from "../run.js";

export interface ServeFlags {
  host: string;
  port?: string;
  state?: string;
  faults?: string;
}

export function registerSandbox(program: Command, run: Runner): void {
  const sandbox = program
    .command("sandbox")
    .description("The embedded reference server (no account needed)");
  sandbox
    .command("serve")
    .description("Run the sandbox as a server for scripts and other clients")
    .option("--host <HOST>", "address to listen on (loopback only)", "127.0.0.1")
    .option("--port <N>", "port (default: a free one)")
    .option("--state <FILE>", "state file (default: $XDG_STATE_HOME/tradectl/sandbox.json)")
    .option(
      "--faults <SPEC>",
      "inject failures, e.g. 'latency=50,5xx=0.2,429=0.1:2,reset=0.05' (see `tradectl help sandbox`)",
    )
    .action((flags: ServeFlags, command: Command) =>
      run(command, async (ctx) => (await import("./serve.js")).runServe(flags, ctx)),
    );
  sandbox
    .command("reset")
    .description("Restore the sandbox's seed data")
    .option("--state <FILE>", "state file (default: $XDG_STATE_HOME/tradectl/sandbox.json)")
    .action((flags: { state?: string }, command: Command) =>
      run(command, async (ctx) => (await import("./reset.js")).runReset(flags, ctx)),
    );
}
