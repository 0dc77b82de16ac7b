import { TradectlError } from "../errors.js";

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
  const subject = /^(--|TRADECTL_)/.test(origin)
    ? `${origin} '${text}'`
    : `the base URL '${text}' of ${origin}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TradectlError("usage", `${subject} is not a valid URL`);
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    throw new TradectlError(
      "usage",
      `refusing plain http:// for ${url.hostname}: credentials and signatures would cross the network unencrypted`,
      { hint: "use https://, or http:// only for a loopback host (localhost, 127.0.0.0/8, [::1])" },
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TradectlError("usage", `${subject} must be http(s), got '${url.protocol}'`);
  }
  return url.origin + url.pathname.replace(/\/+$/, "");
}
