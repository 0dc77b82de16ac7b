// A quick yes for a list of records that valibot would pass unchanged: derived from the schema's own entries, so the rule stays in the schema.
import type * as v from "valibot";
import type { Schema } from "./schemas.js";

/**
 * valibot's check of a long list copies every record (a looseObject builds a new object of
 * its fields), and the copy then has to be compared with the original to keep the record's
 * own compact text (json-compact.ts): on a walk of 100,000 records that was the largest cost
 * after parsing. For an array of looseObject whose fields are all `string()`, `custom(check)`
 * or `nullish(…)` of those, this answers "passes" without copying, and only when valibot's
 * copy would equal the original: the same fields with the same values in the same order (the
 * schema's fields first, in the schema's order, then the others as sent). Any other record,
 * one that fails or is merely unusual, gets "no", and the caller runs valibot on the whole
 * body, so every error names its field exactly as valibot's check does. Any other schema
 * (a pipe, a default, a fallback, a union, an async part…) gets no fast path at all.
 */
export type FastListCheck<T> = (value: unknown) => value is T;

interface Field {
  /** Place among the schema's fields: the record must hold them in this order. */
  readonly index: number;
  /** A field the record must hold (not nullish). */
  readonly required: boolean;
  readonly check: (value: unknown) => boolean;
}

type AnySchema = v.BaseSchema<unknown, unknown, v.BaseIssue<unknown>> & Record<string, unknown>;

const derived = new WeakMap<object, FastListCheck<unknown> | null>();

/** The fast check for `schema`, or null when the schema holds anything it does not know. */
export function fastListCheck<T>(schema: Schema<T>): FastListCheck<T> | null {
  let check = derived.get(schema);
  if (check === undefined) {
    check = derive(schema as unknown as AnySchema);
    derived.set(schema, check);
  }
  return check as FastListCheck<T> | null;
}

function derive(list: AnySchema): FastListCheck<unknown> | null {
  if (list.type !== "array" || !plain(list)) return null;
  const item = list.item as AnySchema;
  if (item.type !== "loose_object" || !plain(item)) return null;
  const fields = new Map<string, Field>();
  let required = 0;
  for (const [name, entry] of Object.entries(item.entries as Record<string, AnySchema>)) {
    const field = fieldOf(entry, fields.size);
    // A name Object.prototype also answers to would be found by valibot's `key in input`.
    if (field === null || name in Object.prototype) return null;
    fields.set(name, field);
    if (field.required) required++;
  }
  return (value: unknown): value is unknown => {
    if (!Array.isArray(value)) return false;
    for (let i = 0; i < value.length; i++) if (!passes(value[i], fields, required)) return false;
    return true;
  };
}

/** No pipe (actions), fallback, default or async run: the schema's own check is all it does. */
function plain(schema: AnySchema): boolean {
  return (
    schema.async === false &&
    !("pipe" in schema) &&
    !("fallback" in schema) &&
    schema.default === undefined
  );
}

function fieldOf(entry: AnySchema, index: number): Field | null {
  if (!plain(entry)) return null;
  switch (entry.type) {
    case "string":
      return { index, required: true, check: (value) => typeof value === "string" };
    case "custom": {
      const check = entry.check;
      if (typeof check !== "function") return null;
      // Called as valibot calls it: with the schema as `this`.
      return { index, required: true, check: (value) => Boolean(check.call(entry, value)) };
    }
    case "nullish": {
      const wrapped = fieldOf(entry.wrapped as AnySchema, index);
      if (wrapped === null) return null;
      return {
        index,
        required: false,
        check: (value) => value === null || value === undefined || wrapped.check(value),
      };
    }
    default:
      return null;
  }
}

/** Keys valibot's looseObject leaves out of its copy. */
const DROPPED_KEYS = new Set(["__proto__", "prototype", "constructor"]);

/** Whether valibot passes `record` and its copy holds the same fields in the same order. */
function passes(record: unknown, fields: Map<string, Field>, required: number): boolean {
  if (typeof record !== "object" || record === null) return false;
  // Plain records only: for…in then lists exactly the own fields, as valibot copies them.
  if (Object.getPrototypeOf(record) !== Object.prototype) return false;
  let next = 0;
  let held = 0;
  let othersBegan = false;
  for (const key in record) {
    const field = fields.get(key);
    if (field === undefined) {
      if (DROPPED_KEYS.has(key)) return false;
      othersBegan = true;
      continue;
    }
    // The copy puts the schema's fields first, in its order: another order is another output.
    if (othersBegan || field.index < next) return false;
    next = field.index + 1;
    if (!field.check((record as Record<string, unknown>)[key])) return false;
    if (field.required) held++;
  }
  return held === required;
}
