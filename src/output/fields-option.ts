import { Option } from "@commander-js/extra-typings";
import { sameWord } from "../domain/text.js";
import { type Text, TradectlError } from "../errors.js";
import { english, type MessageKey, msg, type ParamArgs, type Translator } from "../i18n/index.js";

/**
 * `--fields F1,F2,…`: the API field names a command prints, chosen and ordered, in every
 * format. The option carries its field names, so shell completion offers them.
 */
export class FieldsOption extends Option<"--fields <F1,F2,…>"> {
  readonly fieldNames: readonly string[];
  constructor(names: readonly string[], description: string | Translator = english) {
    super(
      "--fields <F1,F2,…>",
      typeof description === "string"
        ? description
        : description("fields.flag", { names: names.join(", ") }),
    );
    this.fieldNames = names;
  }
}

/**
 * The option for a command whose records have these fields (the domain's lists, e.g.
 * DECLARATION_FIELD_NAMES: registering the flag loads no view). `description` for a command
 * whose records differ by mode (`confirm`: outcomes, or bodies with --dry-run): `names` are
 * then every name any mode takes, what completion offers. Otherwise the run's translator (or
 * none: English) says the usual description.
 */
export function fieldsOption(
  names: readonly string[],
  description?: string | Translator,
): FieldsOption {
  return new FieldsOption(names, description);
}

/**
 * The names `--fields` asks for (comma-separated, in the order given), checked against `valid`;
 * undefined when the flag was not given. An unknown or repeated name is a usage error (exit 2)
 * that lists the valid names, as is an empty one (`id,,price`): a verb's spec checks this before its run sends anything.
 */
export function checkedFields(
  list: string | undefined,
  valid: readonly string[],
): readonly string[] | undefined {
  if (list === undefined) return undefined;
  const given = list.split(",").map((name) => name.trim());
  const names = given.filter((name) => name !== "");
  const problems: Text[] = [];
  const problem = <K extends MessageKey>(key: K, ...params: ParamArgs<K>) =>
    problems.push(msg(key, ...params));
  if (names.length === 0) problem("fields.none");
  else if (names.length < given.length) {
    // `id,,price` or `id,price,`: a name left out by mistake, not a style to accept.
    problem("fields.emptyName", { list });
  }
  for (const name of names) {
    if (!valid.includes(name)) {
      const folded = valid.find((v) => sameWord(v, name));
      if (folded) problem("fields.unknownFolded", { name, folded });
      else problem("fields.unknown", { name });
    }
  }
  const repeated = names.filter((name, i) => names.indexOf(name) !== i);
  if (repeated.length > 0) problem("fields.twice", { name: repeated[0]! });
  if (problems.length > 0) {
    const hint = { names: valid.join(", ") };
    throw TradectlError.listing("usage", problems, { hint: msg("fields.hint", hint) });
  }
  return names;
}
