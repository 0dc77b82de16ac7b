import { BODY_FIELDS } from "../../../domain/batch.js";
import { OUTCOME_FIELD_NAMES } from "../../../domain/outcome.js";
import { isTradectlError, TradectlError } from "../../../errors.js";
import { checkedFields, type FieldsOption, fieldsOption } from "../../../output/fields-option.js";

/**
 * `declarations confirm --fields`: confirm prints outcome records, or with --dry-run the bodies
 * that would be sent, so the names it takes depend on the mode. Checked by the spec before
 * anything is read or sent.
 */

/** Every name either mode takes, outcome fields first: what completion offers. */
const ANY_MODE = [...new Set<string>([...OUTCOME_FIELD_NAMES, ...BODY_FIELDS])];

export function confirmFieldsOption(): FieldsOption {
  return fieldsOption(
    ANY_MODE,
    `only these fields, in this order, in every format: of the outcome records (${OUTCOME_FIELD_NAMES.join(", ")}); with --dry-run, of the bodies (${BODY_FIELDS.join(", ")})`,
  );
}

/** The names `--fields` asks for, checked against what this run prints; undefined without it. */
export function confirmFields(
  list: string | undefined,
  dryRun: boolean,
): readonly string[] | undefined {
  const [valid, other] = dryRun
    ? [BODY_FIELDS, OUTCOME_FIELD_NAMES]
    : [OUTCOME_FIELD_NAMES, BODY_FIELDS];
  try {
    return checkedFields(list, valid);
  } catch (error) {
    if (!isTradectlError(error)) throw error;
    // A body field without --dry-run (or an outcome field with it) is a mode mixed up: say
    // whose fields these are and which names the other mode takes.
    const whose = dryRun
      ? `of the bodies --dry-run prints; without it, of the outcome records: ${other.join(", ")}`
      : `of the outcome records; with --dry-run, of the bodies: ${other.join(", ")}`;
    throw new TradectlError(error.kind, error.message, {
      details: error.details,
      hint: `${error.hint} (${whose}); nothing was sent`,
    });
  }
}
