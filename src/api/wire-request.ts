// What one HTTP exchange is asked to send: method, path, body, auth, and the hooks told of its answer.
import type { RateLimitClass } from "../domain/limits.js";

export interface WireRequest {
  method: "GET" | "POST";
  path: string;
  query?: readonly [string, string][];
  body?: unknown;
  /** The exact text to send as the body, in place of `body` serialised (a recorded confirmation). */
  bodyText?: string;
  auth: boolean;
  /** The endpoint family: its rate-limit class, and what errors and hints name. */
  endpoint: RateLimitClass;
  /**
   * Told how many records (objects) a 2xx body's top-level array holds, and a fingerprint of the
   * body (equal for equal bodies), as soon as it is read and before it is parsed and checked:
   * the page walker requests the next page then (walk.ts). Counted in the pass that checks the
   * nesting depth, so it costs nothing. `roundTripMs`: from this attempt's request to its body
   * read, the server's distance without the waits for the rate limit or before a retry.
   */
  onCounted?: (records: number, fingerprint: number, roundTripMs: number) => void;
  /**
   * Told every answer that came (status and body text, before it is judged): a confirmation's
   * receipt records the server's own words.
   */
  onAnswer?: (status: number, text: string) => void;
  /**
   * Told when an attempt's request is written whole to the socket: a batch prepares its next
   * confirmation then, while this one is in flight (declare/send-ahead.ts).
   */
  onSent?: () => void;
}
