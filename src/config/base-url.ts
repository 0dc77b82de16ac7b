import { TradectlError } from "../errors.js";
import { msg } from "../i18n/index.js";

const LOOPBACK_NAMES = new Set(["localhost", "[::1]", "::1"]);

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  // Only names that never reach a resolver: `x.localhost` may be sent to DNS by some resolvers,
  // and signed requests must not cross a network in the clear.
  if (LOOPBACK_NAMES.has(host)) return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * A base URL the tool will send credentials to. Plain http would put the signed headers on the
 * wire in the clear, so it is allowed only for loopback (a local sandbox or proxy).
 */
export function checkBaseUrl(text: string, origin = "--base-url"): string {
  // "--base-url 'x'", "TRADECTL_BASE_URL 'x'", "the base URL 'x' of profile 'work' in …".
  const named = /^(--|TRADECTL_)/.test(origin);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    const params = { origin, url: text };
    const key = named ? "baseUrl.invalid" : "baseUrl.invalidOf";
    throw new TradectlError("usage", msg(key, params));
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    const params = { host: url.hostname };
    throw new TradectlError("usage", msg("baseUrl.plainHttp", params), {
      hint: msg("baseUrl.plainHttpHint"),
    });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    const params = { origin, url: text, protocol: url.protocol };
    const key = named ? "baseUrl.notHttp" : "baseUrl.notHttpOf";
    throw new TradectlError("usage", msg(key, params));
  }
  return url.origin + url.pathname.replace(/\/+$/, "");
}
