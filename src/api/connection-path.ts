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
