import { ADDRESS_TYPES, type DeclarationAnswers, normalizeAddressType } from "../domain/confirm.js";
import { INT64_MAX } from "../domain/ids.js";
import { isLosslessNumber, jsonDepthOver, parseLossless } from "../wire/json.js";

export type ConfirmRequestResult =
  | { ok: true; draft: DeclarationAnswers }
  | { ok: false; errors: string[] };

const INTEGER = /^-?[0-9]+$/;

/**
 * A confirm body nests two levels. A recursive parser meets V8's stack limit on a body such as
 * `[[[[…` long before the size limit, so a deeper body is refused before it is parsed.
 */
const MAX_BODY_DEPTH = 32;

/**
 * Reads a confirm body the way the service's model binding does: property names in any case
 * (`AddressType`, `addressType`), null the same as absent, and a wrong JSON type refused with
 * a 400 naming the field instead of failing later. Numbers stay exact (lossless parse), so an
 * id beyond 2^53 is looked up as sent.
 */
export function readConfirmRequest(text: string): ConfirmRequestResult {
  if (text.trim() === "") {
    return { ok: false, errors: ["request body is empty; expected a JSON object (seed 2.2)"] };
  }
  if (jsonDepthOver(text, MAX_BODY_DEPTH)) {
    return { ok: false, errors: [`request body nests deeper than ${MAX_BODY_DEPTH} levels`] };
  }
  let body: unknown;
  try {
    body = parseLossless(text);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, errors: [`request body is not valid JSON: ${why}`] };
  }
  if (typeof body !== "object" || body === null || Array.isArray(body) || isLosslessNumber(body)) {
    return { ok: false, errors: ["request body must be a JSON object"] };
  }
  const fields = new Map<string, unknown>();
  for (const [name, value] of Object.entries(body)) fields.set(name.toLowerCase(), value);
  const get = (name: string) => {
    const value = fields.get(name.toLowerCase());
    return value === null ? undefined : value;
  };

  const errors: string[] = [];
  const integer = (name: string): string | undefined => {
    const value = get(name);
    if (value === undefined) return undefined;
    if (isLosslessNumber(value) && INTEGER.test(value.value)) {
      const n = BigInt(value.value);
      if (n <= INT64_MAX && n >= -INT64_MAX - 1n) return n.toString();
      errors.push(`${name} is out of range for a 64-bit integer: ${value.value}`);
      return undefined;
    }
    errors.push(`${name} must be an integer, got ${describe(value)}`);
    return undefined;
  };
  const text_ = (name: string): string | undefined => {
    const value = get(name);
    if (value === undefined || typeof value === "string") return value;
    errors.push(`${name} must be a string, got ${describe(value)}`);
    return undefined;
  };

  const id = integer("cryptoDepositDeclarationId");
  if (id === undefined && get("cryptoDepositDeclarationId") === undefined) {
    errors.push("cryptoDepositDeclarationId is required");
  }
  const self = get("isSelfSender");
  if (self !== undefined && typeof self !== "boolean") {
    errors.push(`isSelfSender must be true or false, got ${describe(self)}`);
  }
  const firstName = text_("firstName");
  const lastName = text_("lastName");
  const description = text_("description");
  const rawType = get("AddressType");
  let addressType: DeclarationAnswers["addressType"];
  if (typeof rawType === "string") {
    const normalized = normalizeAddressType(rawType);
    if (normalized) addressType = normalized;
    else if (rawType.trim() !== "") {
      errors.push(`AddressType must be one of ${ADDRESS_TYPES.join(", ")}, got "${rawType}"`);
    }
  } else if (rawType !== undefined) {
    errors.push(`AddressType must be one of ${ADDRESS_TYPES.join(", ")}, got ${describe(rawType)}`);
  }
  const exchangeId = integer("exchangeId");
  const exchangeOtherName = text_("exchangeOtherName");
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    draft: {
      cryptoDepositDeclarationId: id!,
      isSelfSender: self as boolean | undefined,
      firstName,
      lastName,
      description,
      addressType,
      exchangeId,
      exchangeOtherName,
    },
  };
}

function describe(value: unknown): string {
  if (isLosslessNumber(value)) return `the number ${value.value}`;
  if (typeof value === "string") return `the string ${JSON.stringify(value.slice(0, 40))}`;
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : String(value);
}
