import { BODY_FIELDS } from "../../../domain/batch.js";
import { OUTCOME_FIELD_NAMES } from "../../../domain/outcome.js";
import { isTradectlError, type Text, TradectlError } from "../../../errors.js";
import { english, msg, type Translator } from "../../../i18n/index.js";
import { checkedFields, type FieldsOption, fieldsOption } from "../../../output/fields-option.js";

/**
 * `declarations confirm --fields`: confirm prints outcome records, or with --dry-run the bodies
 * that would be sent, so the names it takes depend on the mode. Checked by the spec before
 * anything is read or sent.
 */

/** Every name either mode takes, outcome fields first: what completion offers. */
const ANY_MODE = [...new Set<string>([...OUTCOME_FIELD_NAMES, ...BODY_FIELDS])];

export function confirmFieldsOption(t: Translator = english): FieldsOption {
  return fieldsOption(
    ANY_MODE,
    t("confirm.in.fieldsFlag", {
      outcomes: OUTCOME_FIELD_NAMES.join(", "),
      bodies: BODY_FIELDS.join(", "),
    }),
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
    const whose = msg(dryRun ? "confirm.in.fieldsOfBodies" : "confirm.in.fieldsOfOutcomes", {
      names: other.join(", "),
    });
    return rethrow(error, whose);
  }
}

function rethrow(error: TradectlError, whose: Text): never {
  throw new TradectlError(error.kind, error.text, {
    details: error.details,
    ...(error.hint ? { hint: msg("confirm.in.fieldsHint", { hint: error.hint, whose }) } : {}),
  });
}
