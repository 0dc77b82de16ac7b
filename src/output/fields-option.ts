import { Option } from "@commander-js/extra-typings";

/**
 * `--fields F1,F2,…`: the API field names a command prints, chosen and ordered, in every
 * format. The option carries its field names, so shell completion offers them.
 */
export class FieldsOption extends Option<"--fields <F1,F2,…>"> {
  readonly fieldNames: readonly string[];
  constructor(names: readonly string[]) {
    super(
      "--fields <F1,F2,…>",
      `only these fields, in this order, in every format (API names: ${names.join(", ")})`,
    );
    this.fieldNames = names;
  }
}

/**
 * The option for a command whose records have these fields (the domain's lists, e.g.
 * DECLARATION_FIELD_NAMES: registering the flag loads no view).
 */
export function fieldsOption(names: readonly string[]): FieldsOption {
  return new FieldsOption(names);
}
