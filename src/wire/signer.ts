import { createHmac } from "node:crypto";

/** Strict standard base64 (RFC 4648 §4) with padding, as the service issues private keys. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function isBase64Secret(secret: string): boolean {
  return secret.length > 0 && BASE64.test(secret);
}

/**
 * Authentication V1 (docs/SERVICE-NOTES.md): base64(HMAC-SHA256(key = base64-decode(secret),
 * message = UTF-8(publicKey + stamp))). Only the key and the stamp are signed.
 */
export function signV1(publicKey: string, secret: string, stamp: string): string {
  return createHmac("sha256", Buffer.from(secret, "base64"))
    .update(`${publicKey}${stamp}`, "utf8")
    .digest("base64");
}

export interface AuthHeaders {
  "X-PCK": string;
  "X-Stamp": string;
  "X-Signature": string;
}

export function authHeaders(publicKey: string, secret: string, stamp: string): AuthHeaders {
  return { "X-PCK": publicKey, "X-Stamp": stamp, "X-Signature": signV1(publicKey, secret, stamp) };
}
