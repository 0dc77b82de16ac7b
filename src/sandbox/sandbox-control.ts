// The sandbox's control endpoint for tests and scripts: POST /__sandbox/deposits makes deposits arrive.
import type { IncomingMessage } from "node:http";
import { isLoopbackHost } from "../config/base-url.js";
import { parseWholeNumber } from "../domain/numbers.js";
import { TradectlError } from "../errors.js";
import { numberText, parseLossless, stringifyLossless } from "../wire/json.js";
import { ARRIVALS_PER_REQUEST_MAX, arrivalShape } from "./arrivals.js";
import type { StoredDeclaration } from "./data.js";
import { declarationOnWire } from "./declaration-routes.js";
import type { ArrivalShape } from "./generate.js";
import { errorReply, type Reply } from "./replies.js";

/**
 * `POST /__sandbox/deposits` with an optional `{"count": N}`: N new Pending deposits arrive now;
 * the answer (201) lists them as the list endpoint would. The body may also say what they are,
 * `{"symbol": "XRP", "address": "r…", "amount": "250.5", "memo": "1048576"}` (any of them; the
 * rest is made up), to bring the deposit a rule expects. A control for tests and scripts, so
 * it needs no credentials, meets no faults and no rate limit, and answers loopback callers only.
 */
export async function control(
  req: IncomingMessage,
  body: string,
  arrive: (count: number, shape: ArrivalShape) => Promise<StoredDeclaration[]>,
): Promise<Reply> {
  const path = (req.url ?? "").split("?")[0]!.replace(/\/+$/, "");
  const remote = (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
  if (!isLoopbackHost(remote) && remote !== "::1") {
    return errorReply(403, "sandbox controls answer loopback callers only");
  }
  if (path !== "/__sandbox/deposits") return errorReply(404, `No sandbox control at ${path}`);
  if (req.method !== "POST") {
    return { ...errorReply(405, "use POST /__sandbox/deposits"), headers: { Allow: "POST" } };
  }
  const request = arrivalRequest(body);
  if (!request.ok) return errorReply(400, request.problem);
  const { count, shape } = request;
  try {
    const added = await arrive(count, shape);
    return { status: 201, body: stringifyLossless(added.map(declarationOnWire)) };
  } catch (error) {
    if (error instanceof TradectlError) return errorReply(409, error.message);
    throw error;
  }
}

const CONTROL_FIELDS = ["count", "symbol", "address", "amount", "memo"];

/** A control request's body: how many deposits, and what they are. */
function arrivalRequest(
  body: string,
): { ok: true; count: number; shape: ArrivalShape } | { ok: false; problem: string } {
  const usage = `the body must be empty or a JSON object of count (1 to ${ARRIVALS_PER_REQUEST_MAX}) and the deposits' symbol, address, amount and memo`;
  if (body.trim() === "") return { ok: true, count: 1, shape: {} };
  let given: unknown = null;
  try {
    given = parseLossless(body);
  } catch {
    return { ok: false, problem: usage };
  }
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    return { ok: false, problem: usage };
  }
  const fields = given as Record<string, unknown>;
  const unknown = Object.keys(fields).find((key) => !CONTROL_FIELDS.includes(key));
  if (unknown !== undefined) return { ok: false, problem: `unknown field '${unknown}': ${usage}` };
  const countText = fields.count === undefined ? "1" : numberText(fields.count);
  const count = parseWholeNumber(countText, 1, ARRIVALS_PER_REQUEST_MAX);
  if (count === null) return { ok: false, problem: usage };
  const text: Record<string, string> = {};
  for (const key of ["symbol", "address", "amount", "memo"]) {
    const value = fields[key];
    if (value === undefined || value === null) continue;
    // An amount may be a JSON number: its digits, as sent.
    const t = typeof value === "string" ? value : numberText(value);
    if (t === "" || (typeof value !== "string" && key !== "amount")) {
      return { ok: false, problem: `${key} must be text: ${usage}` };
    }
    text[key] = t;
  }
  const shape = arrivalShape(text);
  return shape.ok ? { ok: true, count, shape: shape.shape } : { ok: false, problem: shape.problem };
}
