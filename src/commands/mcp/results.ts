// What a tool answers: structured content with every number as its digits, names only when allowed, errors with kind and exit code.
import { CommanderError } from "commander";
import { EXIT_CODES, isTradectlError, TradectlError } from "../../errors.js";
import { asIs, inEnglish, msg } from "../../i18n/index.js";
import { jsonText } from "../../output/json-text.js";
import { isLosslessNumber, parseLossless, stringifyLossless } from "../../wire/json.js";

/** A tool's answer, as the SDK's tool callbacks return it. */
export interface ToolAnswer {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent: Record<string, unknown>;
  isError?: boolean;
}

/** Keys that hold a person's name: left out unless the server was started with --include-names. */
const NAME_KEYS = new Set(["firstName", "lastName"]);
/** Keys whose string is a JSON body (a receipt's request and answer): its names are hidden too. */
const BODY_KEYS = new Set(["body", "responseBody"]);

/**
 * `value` as an MCP client may read it: every number a string with every digit (a client parses
 * JSON numbers as doubles, which would round an int64 id or a long amount), and the names of
 * people left out unless `includeNames`.
 */
export function plain(value: unknown, includeNames: boolean): unknown {
  if (isLosslessNumber(value)) return value.value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (Array.isArray(value)) return value.map((v) => plain(v, includeNames));
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (!includeNames && NAME_KEYS.has(key)) continue;
    out[key] =
      !includeNames && BODY_KEYS.has(key) && typeof v === "string"
        ? bodyWithoutNames(v)
        : plain(v, includeNames);
  }
  return out;
}

/** A body as sent or received, its names taken out and the rest exactly as it was. */
function bodyWithoutNames(text: string): string {
  let parsed: unknown;
  try {
    parsed = parseLossless(text);
  } catch {
    return text;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return text;
  const kept = Object.entries(parsed).filter(([key]) => !NAME_KEYS.has(key));
  return stringifyLossless(Object.fromEntries(kept));
}

/** A successful answer: the structure, and the same as JSON text for clients that read text. */
export function answer(structured: Record<string, unknown>): ToolAnswer {
  return { content: [{ type: "text", text: jsonText(structured) }], structuredContent: structured };
}

/** The error as a tool answers it: kind, exit code, message, hint, and the HTTP status and code. */
export interface ToolErrorShape {
  kind: string;
  exitCode: number;
  status: string | null;
  code: string | null;
  message: string;
  hint: string | null;
}

const AUTH_DOCTOR = "run `tradectl auth doctor` to see why the service refuses the key";

/** Any failure of a tool, as a tool error (the server keeps serving). */
export function toolError(error: unknown): ToolAnswer {
  const failure = asTradectlError(error);
  const given = failure.hint ? inEnglish(failure.hint) : null;
  const hint =
    failure.kind === "auth" && !given?.includes("auth doctor")
      ? [given, AUTH_DOCTOR].filter(Boolean).join("; ")
      : given;
  const shape: ToolErrorShape = {
    kind: failure.kind,
    exitCode: EXIT_CODES[failure.kind],
    status: failure.status === null || failure.status === undefined ? null : String(failure.status),
    code: failure.code === null || failure.code === undefined ? null : String(failure.code),
    message: [failure.message, ...failure.details.map(inEnglish)].join("; "),
    hint,
  };
  return { ...answer({ error: shape }), isError: true };
}

function asTradectlError(error: unknown): TradectlError {
  if (isTradectlError(error)) return error;
  if (error instanceof CommanderError) {
    return new TradectlError("usage", asIs(error.message.replace(/^error: /, "")));
  }
  const message = error instanceof Error ? error.message : String(error);
  return new TradectlError("server", msg("cli.unexpected", { message }));
}
