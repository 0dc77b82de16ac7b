import { timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { type RateLimitClass, STAMP_WINDOW_MS } from "../domain/limits.js";
import { CONFIRM_MESSAGES } from "../domain/messages.js";
import { type KeyPermission, permissionFor } from "../domain/permissions.js";
import type { Credentials } from "../wire/credentials.js";
import { signV1 } from "../wire/signer.js";

export type AuthResult =
  | { ok: true; publicKey: string }
  /** `reason` is for the server's log; `message` is what the client is told. */
  | { ok: false; message: string; reason: string };

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A key the sandbox knows, with what the service binds it to (docs/SERVICE-NOTES.md). */
export interface SandboxKey extends Credentials {
  /** The only client addresses the key may call from; undefined: any. */
  boundTo?: readonly string[];
  /** Permission groups the key lacks. */
  denied?: readonly KeyPermission[];
}

/** What a request is, for the rules past the signature: who calls, and which endpoint. */
export interface AuthRequest {
  endpoint: RateLimitClass | null;
  /** The caller's address as the socket gives it. */
  remote: string;
}

/** `::ffff:127.0.0.1` → `127.0.0.1`: an IPv4 caller on a dual-stack socket. */
const plainAddress = (remote: string) => remote.replace(/^::ffff:/, "");

/**
 * Authentication V1 as the service checks it: a known key, a signature of key + stamp, a stamp
 * within ±5 s of the server's clock, and no stamp used twice by one key inside that window.
 * Uniqueness, not order: requests sent at once over several connections arrive in any order.
 * Then the key's bindings: the caller's address, and the permission for the endpoint. Every
 * refusal reads "Unauthorized", as the service's do; only the server's log tells them apart.
 */
export class Authenticator {
  private readonly keys = new Map<string, SandboxKey>();
  /** `key stamp` → when it leaves the window and can be forgotten. */
  private readonly seen = new Map<string, number>();
  private lastPrune = 0;

  constructor(
    keys: readonly SandboxKey[],
    private readonly clock: () => number,
  ) {
    for (const k of keys) this.keys.set(k.publicKey, k);
  }

  check(headers: IncomingHttpHeaders, request?: AuthRequest): AuthResult {
    const unauthorized = (reason: string): AuthResult => ({
      ok: false,
      message: CONFIRM_MESSAGES.unauthorized,
      reason,
    });
    const key = header(headers, "x-pck");
    const stamp = header(headers, "x-stamp");
    const signature = header(headers, "x-signature");
    if (!key || !stamp || !signature) return unauthorized("missing X-PCK, X-Stamp or X-Signature");
    const known = this.keys.get(key);
    if (known === undefined) return unauthorized("unknown key");
    if (!sameText(signature.trim(), signV1(key, known.secret, stamp))) {
      return unauthorized("signature does not match");
    }
    const now = this.clock();
    if (!/^[0-9]{1,16}$/.test(stamp)) {
      return nonce(`X-Stamp must be Unix time in milliseconds, got '${stamp.slice(0, 40)}'`);
    }
    const distance = Number(stamp) - now;
    if (Math.abs(distance) > STAMP_WINDOW_MS) {
      return nonce(
        `X-Stamp ${stamp} is ${distance} ms from server time ${now} (allowed ±${STAMP_WINDOW_MS} ms)`,
      );
    }
    this.prune(now);
    const used = `${key} ${stamp}`;
    if (this.seen.has(used)) return nonce(`X-Stamp ${stamp} was already used with this key`);
    this.seen.set(used, Number(stamp) + STAMP_WINDOW_MS);
    const refused = request ? bindingRefusal(known, request) : null;
    if (refused) return unauthorized(refused);
    return { ok: true, publicKey: key };
  }

  private prune(now: number): void {
    if (now - this.lastPrune < 1_000) return;
    this.lastPrune = now;
    for (const [used, until] of this.seen) if (until < now) this.seen.delete(used);
  }
}

/** Why the key may not make this call (its IP binding, its permissions); null when it may. */
function bindingRefusal(key: SandboxKey, request: AuthRequest): string | null {
  const caller = plainAddress(request.remote);
  if (key.boundTo && !key.boundTo.includes(caller)) {
    return `key bound to ${key.boundTo.join(", ")}, called from ${caller}`;
  }
  const permission = request.endpoint ? permissionFor(request.endpoint) : null;
  if (permission && key.denied?.includes(permission)) {
    return `key has no ${permission} permission`;
  }
  return null;
}

function nonce(detail: string): AuthResult {
  return { ok: false, message: `Invalid Nonce: ${detail}`, reason: `invalid nonce (${detail})` };
}
