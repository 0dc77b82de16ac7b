import { homedir } from "node:os";
import { join } from "node:path";

/** `$XDG_CONFIG_HOME/tradectl`, else `~/.config/tradectl`. */
export function configDir(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME?.trim()
    ? env.XDG_CONFIG_HOME
    : join(env.HOME ?? homedir(), ".config");
  return join(base, "tradectl");
}

export function configFile(env: NodeJS.ProcessEnv): string {
  return join(configDir(env), "config.json");
}

/** `$XDG_STATE_HOME/tradectl`, else `~/.local/state/tradectl`: where the sandbox keeps its state. */
export function stateDir(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_STATE_HOME?.trim()
    ? env.XDG_STATE_HOME
    : join(env.HOME ?? homedir(), ".local", "state");
  return join(base, "tradectl");
}

/** `$XDG_STATE_HOME/tradectl/sandbox.json`: the embedded sandbox's state (`--sandbox`). */
export function sandboxStateFile(env: NodeJS.ProcessEnv): string {
  return join(stateDir(env), "sandbox.json");
}
