import { numberText } from "../wire/json.js";
import type { Declaration } from "../wire/schemas.js";
import { PAGE_MIN, PAGE_SIZE_MAX, PAGE_SIZE_MIN } from "./limits.js";
import { LIST_MESSAGES } from "./messages.js";
import { parseWholeNumber } from "./numbers.js";
import { sameWord } from "./text.js";

export const DECLARATION_STATUSES = ["Pending", "Confirmed"] as const;
export type DeclarationStatus = (typeof DECLARATION_STATUSES)[number];

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 20;

/** A declaration record as the list endpoint returns it (seed 2.1), inferred from its schema. */
export type { Declaration } from "../wire/schemas.js";

/** The id's digits exactly as the server sent them (an int64 never passes through a float). */
export const declarationId = (d: Pick<Declaration, "cryptoDepositDeclarationId">): string =>
  numberText(d.cryptoDepositDeclarationId);

/**
 * Whether a walk of these statuses can lose records while it reads: only Pending ones leave
 * (confirmed), and Confirmed is final (seed 3.1). The page walker then reads overlapping pages.
 */
export function filterCanShrink(statuses: readonly DeclarationStatus[]): boolean {
  return statuses.includes("Pending") && !statuses.includes("Confirmed");
}

/**
 * A declaration's fields in the seed's order (2.1): the columns of tsv/csv and the names
 * `--fields` takes. Kept here, light, so registering the flag loads no output code.
 */
export const DECLARATION_FIELD_NAMES = [
  "cryptoDepositDeclarationId",
  "createdAt",
  "status",
  "confirmedAt",
  "confirmedBy",
  "firstName",
  "lastName",
  "amount",
  "symbol",
  "address",
  "memoTag",
  "lightningInvoice",
] as const satisfies readonly (keyof Declaration & string)[];
export type DeclarationFieldName = (typeof DECLARATION_FIELD_NAMES)[number];

export interface ListQuery {
  statuses: DeclarationStatus[];
  page: number;
  pageSize: number;
}

/** What a caller hands in: text from flags or from a query string, not yet checked. */
export interface RawListQuery {
  status?: readonly string[];
  page?: string | number;
  pageSize?: string | number;
}

/** The list rules a query can break: the seed's (7.1, named as in messages.ts), then ours. */
export type ListRule = keyof typeof LIST_MESSAGES | "notWholeNumber" | "statusNotAllowed";

/**
 * One broken list rule: which rule, the query field it is about, and the message (the seed's
 * exact words for the seed's rules). Callers decide by `rule`, never by the text.
 */
export interface ListViolation {
  rule: ListRule;
  field: "page" | "pageSize" | "status";
  message: string;
  /** The value as given, for our own rules (the CLI says them in the run's language). */
  value?: string;
}

/** Whether the seed itself has this rule (a `validation` failure), rather than our reading. */
export function isSeedListRule(violation: ListViolation): boolean {
  return Object.hasOwn(LIST_MESSAGES, violation.rule);
}

export type ListQueryResult =
  | { ok: true; query: ListQuery }
  | { ok: false; errors: ListViolation[] };

const seedRule = (rule: keyof typeof LIST_MESSAGES, field: ListViolation["field"]) => ({
  rule,
  field,
  message: LIST_MESSAGES[rule],
});

/**
 * `pending` (or `PENDİNG`) → `Pending`; `Unknown` is recognised so that it can be refused in the
 * seed's words.
 */
export function normalizeStatus(value: string): DeclarationStatus | "Unknown" | null {
  if (sameWord(value, "Unknown")) return "Unknown";
  return DECLARATION_STATUSES.find((s) => sameWord(value, s)) ?? null;
}

export const STATUS_NOT_ALLOWED = (value: string) =>
  `status '${value}' is not valid; allowed: ${DECLARATION_STATUSES.join(", ")}`;

function parseWhole(value: string | number | undefined, fallback: number): number | null {
  return value === undefined ? fallback : parseWholeNumber(String(value));
}

/**
 * The seed's rules for the list operation (7.1), shared by the CLI and the sandbox. Every broken
 * rule is reported, in the seed's order.
 */
export function parseListQuery(raw: RawListQuery): ListQueryResult {
  const errors: ListViolation[] = [];
  const statusErrors: ListViolation[] = [];
  const statuses: DeclarationStatus[] = [];
  let unknown = false;
  for (const value of raw.status ?? []) {
    const status = normalizeStatus(value);
    if (status === "Unknown") unknown = true;
    else if (status === null)
      statusErrors.push({
        rule: "statusNotAllowed",
        field: "status",
        message: STATUS_NOT_ALLOWED(value),
        value,
      });
    else if (!statuses.includes(status)) statuses.push(status);
  }
  const page = parseWhole(raw.page, DEFAULT_PAGE);
  const pageSize = parseWhole(raw.pageSize, DEFAULT_PAGE_SIZE);
  if (page === null)
    errors.push({
      rule: "notWholeNumber",
      field: "page",
      message: `page must be a whole number, got '${raw.page}'`,
      value: String(raw.page),
    });
  else if (page < PAGE_MIN) errors.push(seedRule("pageTooSmall", "page"));
  if (pageSize === null)
    errors.push({
      rule: "notWholeNumber",
      field: "pageSize",
      message: `pageSize must be a whole number, got '${raw.pageSize}'`,
      value: String(raw.pageSize),
    });
  else if (pageSize < PAGE_SIZE_MIN || pageSize > PAGE_SIZE_MAX)
    errors.push(seedRule("pageSizeOutOfRange", "pageSize"));
  if (unknown) errors.push(seedRule("statusUnknown", "status"));
  errors.push(...statusErrors);
  if (errors.length > 0 || page === null || pageSize === null) return { ok: false, errors };
  return {
    ok: true,
    query: { statuses: statuses.length > 0 ? statuses : [...DECLARATION_STATUSES], page, pageSize },
  };
}
