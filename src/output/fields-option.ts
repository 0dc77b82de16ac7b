import { Option } from "@commander-js/extra-typings";
import { sameWord } from "../domain/text.js";
import { TradectlError } from "../errors.js";

/**
 * `--fields F1,F2,…`: the API field names a command prints, chosen and ordered, in every
 * format. The option carries its field names, so shell completion offers them.
 */
export class FieldsOption extends Option<"--fields <F1,F2,…>"> {
  readonly fieldNames: readonly string[];
  constructor(names: readonly string[], description?: string) {
    super(
      "--fields <F1,F2,…>",
      description ??
        `only these fields, in this order, in every format (API names: ${names.join(", ")})`,
    );
    this.fieldNames = names;
  }
}

/**
 * The option for a command whose records have these fields (the domain's lists, e.g.
 * DECLARATION_FIELD_NAMES: registering the flag loads no view). `description` for a command
 * whose records differ by mode (`confirm`: outcomes, or bodies with --dry-run): `names` are
 * then every name any mode takes, what completion offers.
 */
export function fieldsOption(names: readonly string[], description?: string): FieldsOption {
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
  const problems: string[] = [];
  if (names.length === 0) problems.push("--fields needs at least one field name");
  else if (names.length < given.length) {
    // `id,,price` or `id,price,`: a name left out by mistake, not a style to accept.
    problems.push(
      `--fields has an empty name ('${list}'): give the names separated by single commas`,
    );
  }
  for (const name of names) {
    if (!valid.includes(name)) {
      const folded = valid.find((v) => sameWord(v, name));
      problems.push(
        `unknown field '${name}' in --fields${folded ? ` (did you mean ${folded}? names are case-sensitive)` : ""}`,
      );
    }
  }
  const repeated = names.filter((name, i) => names.indexOf(name) !== i);
  if (repeated.length > 0) problems.push(`--fields names '${repeated[0]}' twice`);
  if (problems.length > 0) {
    throw new TradectlError("usage", problems[0]!, {
      details: problems.slice(1),
      hint: `valid fields (comma-separated, in the order wanted): ${valid.join(", ")}`,
    });
  }
  return names;
}
