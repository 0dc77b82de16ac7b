import { numberText } from "../wire/json.js";
import type { Declaration } from "../wire/schemas.js";
import { PAGE_MIN, PAGE_SIZE_MAX, PAGE_SIZE_MIN } from "./limits.js";
import { LIST_MESSAGES } from "./messages.js";
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

export type ListQueryResult = { ok: true; query: ListQuery } | { ok: false; errors: string[] };

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
  if (value === undefined) return fallback;
  const text = String(value).trim();
  if (!/^[+-]?[0-9]+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * The seed's rules for the list operation (7.1), shared by the CLI and the sandbox. Every broken
 * rule is reported, in the seed's order.
 */
export function parseListQuery(raw: RawListQuery): ListQueryResult {
  const errors: string[] = [];
  const statusErrors: string[] = [];
  const statuses: DeclarationStatus[] = [];
  let unknown = false;
  for (const value of raw.status ?? []) {
    const status = normalizeStatus(value);
    if (status === "Unknown") unknown = true;
    else if (status === null) statusErrors.push(STATUS_NOT_ALLOWED(value));
    else if (!statuses.includes(status)) statuses.push(status);
  }
  const page = parseWhole(raw.page, DEFAULT_PAGE);
  const pageSize = parseWhole(raw.pageSize, DEFAULT_PAGE_SIZE);
  if (page === null) errors.push(`page must be a whole number, got '${raw.page}'`);
  else if (page < PAGE_MIN) errors.push(LIST_MESSAGES.pageTooSmall);
  if (pageSize === null) errors.push(`pageSize must be a whole number, got '${raw.pageSize}'`);
  else if (pageSize < PAGE_SIZE_MIN || pageSize > PAGE_SIZE_MAX)
    errors.push(LIST_MESSAGES.pageSizeOutOfRange);
  if (unknown) errors.push(LIST_MESSAGES.statusUnknown);
  errors.push(...statusErrors);
  if (errors.length > 0 || page === null || pageSize === null) return { ok: false, errors };
  return {
    ok: true,
    query: { statuses: statuses.length > 0 ? statuses : [...DECLARATION_STATUSES], page, pageSize },
  };
}
