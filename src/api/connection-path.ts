import { buildConnector } from "undici";
import type { IpFamily } from "../wire/ip-family.js";

/**
 * One connection's network path: the local address the service saw the request come from, and
 * where it went. The service binds keys to addresses, so this is what a refused key turns on.
 */
export interface ConnectionPath {
  localAddress: string;
  remoteAddress: string;
  family: IpFamily;
}

/** `::1` as a host for a URL or a message: in brackets. */
export const addressText = (address: string, family: IpFamily) =>
  family === 6 ? `[${address}]` : address;

/**
 * undici's connector with the family pinned (net.connect's `family`, so the name is resolved to
 * that family only) and every new connection's path told to `onConnect`: a connection is reused
 * for later requests, so the last one made is the path the next request takes.
 */
export function pathConnector(
  options: { timeoutMs: number; family: IpFamily | undefined },
  onConnect: (path: ConnectionPath) => void,
): buildConnector.connector {
  const connect = buildConnector({
    timeout: options.timeoutMs,
    ...(options.family === undefined ? {} : { family: options.family }),
  } as buildConnector.BuildOptions);
  return (opts, callback) =>
    connect(opts, (error, socket) => {
      if (error === null && socket.localAddress && socket.remoteAddress) {
        onConnect({
          localAddress: socket.localAddress.replace(/^::ffff:/, ""),
          remoteAddress: socket.remoteAddress.replace(/^::ffff:/, ""),
          family:
            socket.remoteFamily === "IPv6" && !socket.remoteAddress.startsWith("::ffff:") ? 6 : 4,
        });
      }
      // undici's callback takes (null, socket) or (error, null); pass on what was given.
      (callback as (e: Error | null, s: typeof socket | null) => void)(error, socket);
    });
}
