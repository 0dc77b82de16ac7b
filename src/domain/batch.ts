import Big from "big.js";
import type { Text } from "../errors.js";
import { asIs, msg } from "../i18n/index.js";
import { isLosslessNumber, numberText } from "../wire/json.js";
import { DECIMAL } from "./amount.js";
import { type Answers, normalizeAddressType } from "./confirm.js";
import { canonicalId, idProblem } from "./ids.js";
import { foldCase, sameWord } from "./text.js";

/**
 * Batch confirmation's pure rules (docs/BATCH.md): which pending
 * declarations a `--pending` selection takes, how one `--from` row becomes answers, and
 * how answers from a saved sender, flags and a row lay over one another. No I/O.
 */

/** `--pending` narrowed by `--symbol` (any of them), `--address` and `--amount`. */
export interface PendingFilter {
  symbols: readonly string[];
  address?: string;
  amount?: string;
}

/** What a filter looks at in a declaration, as text exactly as the service sent it. */
export interface FilterFields {
  symbol: string;
  address: string;
  amount: string;
}

/** A private constructor: big.js settings stay away from other users (see fills.ts). */
const Decimal = Big();
/** Exact decimal equality: `0.5` equals `0.50000000`; never through a float. */
export function sameAmount(a: string, b: string): boolean {
  if (!DECIMAL.test(a.trim()) || !DECIMAL.test(b.trim())) return false;
  return new Decimal(a.trim()).eq(new Decimal(b.trim()));
}

const HEX_ADDRESS = /^0x[0-9a-f]+$/i;

/**
 * Addresses are compared as written (base58 and bech32 are case-sensitive), except hex ones,
 * whose letter case is only a checksum (EIP-55): `0xabc…` and `0xABC…` are one address.
 */
export function sameAddress(a: string, b: string): boolean {
  const [x, y] = [a.trim(), b.trim()];
  if (HEX_ADDRESS.test(x) && HEX_ADDRESS.test(y)) return x.toLowerCase() === y.toLowerCase();
  return x === y;
}

/** Whether a pending declaration is one the filter selects. */
export function matchesFilter(d: FilterFields, filter: PendingFilter): boolean {
  if (filter.symbols.length > 0 && !filter.symbols.some((s) => sameWord(s, d.symbol))) {
    return false;
  }
  if (filter.address !== undefined && !sameAddress(filter.address, d.address)) return false;
  if (filter.amount !== undefined && !sameAmount(filter.amount, d.amount)) return false;
  return true;
}

/** The confirm body's field names (seed 2.2), in the seed's order: the columns of `--from`. */
export const BODY_FIELDS = [
  "cryptoDepositDeclarationId",
  "isSelfSender",
  "firstName",
  "lastName",
  "description",
  "AddressType",
  "exchangeId",
  "exchangeOtherName",
] as const;
export type BodyField = (typeof BODY_FIELDS)[number];

/** A field name as a person may write it (any case, Turkish İ/ı too), or null. */
export function bodyField(name: string): BodyField | null {
  return BODY_FIELDS.find((field) => sameWord(field, name)) ?? null;
}

const TRUE_WORDS = new Set(["true", "yes", "1"]);
const FALSE_WORDS = new Set(["false", "no", "0"]);

/** A row's answers, or every reason it is not one (each a line fit for an error). */
export type RowResult = { ok: true; answers: Answers } | { ok: false; problems: Text[] };

/**
 * One `--from` row (a CSV record or an NDJSON object) as answers. Names are the body's, in any
 * case; an empty cell or a null is an absent answer; `AddressType` also takes `exchange` and
 * `individual-wallet`; ids may be JSON numbers of any length (lossless). Only what cannot be
 * a request at all is a problem here: the seed's rules are checked on the answers by the caller.
 */
export function answersFromRow(row: Readonly<Record<string, unknown>>): RowResult {
  const problems: Text[] = [];
  const answers: Answers = {};
  const seen = new Map<BodyField, string>();
  for (const [name, raw] of Object.entries(row)) {
    const field = bodyField(name);
    if (field === null) {
      problems.push(msg("domain.row.unknownField", { name, fields: BODY_FIELDS.join(", ") }));
      continue;
    }
    const earlier = seen.get(field);
    if (earlier !== undefined) {
      problems.push(msg("domain.row.twice", { field, earlier, name }));
      continue;
    }
    seen.set(field, name);
    if (raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "")) {
      continue;
    }
    const text =
      typeof raw === "string" ? raw : isLosslessNumber(raw) ? numberText(raw) : undefined;
    switch (field) {
      case "cryptoDepositDeclarationId": {
        const subject = asIs("cryptoDepositDeclarationId");
        const problem =
          text === undefined
            ? msg("domain.row.idNotNumber", { field: "cryptoDepositDeclarationId" })
            : idProblem(text, subject);
        if (problem) problems.push(problem);
        else answers.cryptoDepositDeclarationId = canonicalId(text!)!;
        break;
      }
      case "isSelfSender": {
        const word = typeof raw === "boolean" ? String(raw) : foldCase((text ?? "").trim());
        if (TRUE_WORDS.has(word)) answers.isSelfSender = true;
        else if (FALSE_WORDS.has(word)) answers.isSelfSender = false;
        else problems.push(msg("domain.row.selfNotBoolean", { got: describe(raw) }));
        break;
      }
      case "AddressType": {
        const type = typeof raw === "string" ? normalizeAddressType(raw) : null;
        if (type) answers.addressType = type;
        else {
          problems.push(msg("domain.row.addressType", { got: describe(raw) }));
        }
        break;
      }
      case "exchangeId":
        // A malformed id is the seed's "exchangeId not supported." (checked with the rules).
        if (text === undefined) {
          problems.push(msg("domain.row.exchangeIdNotNumber", { got: describe(raw) }));
        } else answers.exchangeId = text;
        break;
      default:
        if (typeof raw !== "string") {
          problems.push(msg("domain.row.notText", { field, got: describe(raw) }));
        } else {
          answers[field] = raw;
        }
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, answers };
}

/** A value as a problem quotes it: text in quotes, a number or `true` as it is, else its kind. */
function describe(value: unknown): string | Text {
  if (typeof value === "string") return `'${value}'`;
  if (isLosslessNumber(value)) return numberText(value);
  return typeof value === "object"
    ? msg(Array.isArray(value) ? "domain.row.aList" : "domain.row.anObject")
    : String(value);
}

/**
 * `top` laid over `base`, one group of answers at a time: who sent it (isSelfSender and the
 * names), where from (AddressType) and which exchange (exchangeId, exchangeOtherName), the
 * description. A group `top` answers replaces the whole group of `base`, so `--first-name`
 * over a saved self sender is another person, and `--exchange-name` over a saved exchange id
 * is that name alone; a saved exchange is dropped when `top` says individual wallet.
 */
export function overlayAnswers(base: Answers, top: Answers): Answers {
  const out: Answers = { ...base };
  if (top.cryptoDepositDeclarationId !== undefined) {
    out.cryptoDepositDeclarationId = top.cryptoDepositDeclarationId;
  }
  const named = top.firstName !== undefined || top.lastName !== undefined;
  if (top.isSelfSender !== undefined || named) {
    out.isSelfSender = top.isSelfSender ?? false;
    out.firstName = top.firstName;
    out.lastName = top.lastName;
  }
  if (top.description !== undefined) out.description = top.description;
  const exchangeGiven = top.exchangeId !== undefined || top.exchangeOtherName !== undefined;
  if (exchangeGiven) {
    out.exchangeId = top.exchangeId;
    out.exchangeOtherName = top.exchangeOtherName;
  }
  if (top.addressType !== undefined) {
    out.addressType = top.addressType;
    if (top.addressType === "IndividualWallet" && !exchangeGiven) {
      out.exchangeId = undefined;
      out.exchangeOtherName = undefined;
    }
  }
  return dropUndefined(out);
}

/**
 * The flags' answers over a saved sender's (`--sender NAME`). A saved description is written
 * about the saved sender ("my own XRP from my Kraken account"): when the flags name another
 * sender (--self, or --first-name / --last-name) and give no description of their own, it is
 * dropped rather than sent about someone else; `droppedDescription` says so, for a note.
 */
export function overlaySender(
  saved: Answers,
  flags: Answers,
): { answers: Answers; droppedDescription: boolean } {
  const answers = overlayAnswers(saved, flags);
  const whoGiven =
    flags.isSelfSender !== undefined ||
    flags.firstName !== undefined ||
    flags.lastName !== undefined;
  const otherWho =
    whoGiven &&
    (answers.isSelfSender !== saved.isSelfSender ||
      answers.firstName !== saved.firstName ||
      answers.lastName !== saved.lastName);
  if (!otherWho || flags.description !== undefined || saved.description === undefined) {
    return { answers, droppedDescription: false };
  }
  const { description: _dropped, ...rest } = answers;
  return { answers: rest, droppedDescription: true };
}

function dropUndefined(answers: Answers): Answers {
  return Object.fromEntries(
    Object.entries(answers).filter(([, value]) => value !== undefined),
  ) as Answers;
}
