import type { RateLimitClass } from "./limits.js";

/**
 * The permission groups of an API key, named as tradectl names the endpoint families it uses
 * (docs/SERVICE-NOTES.md: keys carry permissions by group, and a call outside them is refused with a
 * 401 like any other). One list for the sandbox, which plays a key without one, and for
 * `auth doctor`, which finds the one missing.
 */
export const KEY_PERMISSIONS = ["declarations", "orders", "trades"] as const;
export type KeyPermission = (typeof KEY_PERMISSIONS)[number];

export function isKeyPermission(text: string): text is KeyPermission {
  return (KEY_PERMISSIONS as readonly string[]).includes(text);
}

const PERMISSION_OF: Readonly<Record<RateLimitClass, KeyPermission | null>> = {
  declarations: "declarations",
  confirm: "declarations",
  // The listing serves the declarations form; the service publishes no group of its own for it.
  exchanges: "declarations",
  order: "orders",
  trades: "trades",
  // Public: no key, no permission.
  serverTime: null,
};

/** The permission a call of this endpoint family needs; null for a public one. */
export function permissionFor(endpoint: RateLimitClass): KeyPermission | null {
  return PERMISSION_OF[endpoint];
}
