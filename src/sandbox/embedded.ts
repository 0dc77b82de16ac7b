import type { Credentials } from "../api/client.js";
import { TradectlError } from "../errors.js";

export interface EmbeddedSandbox {
  baseUrl: string;
  credentials: Credentials;
  close(): Promise<void>;
}

/** Starts the sandbox in-process on loopback with its state in $XDG_STATE_HOME/tradectl. */
export async function startEmbeddedSandbox(_options: {
  env: NodeJS.ProcessEnv;
}): Promise<EmbeddedSandbox> {
  throw new TradectlError("usage", "the embedded sandbox is not built yet");
}
