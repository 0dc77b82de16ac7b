import type { Translator } from "./translate.js";

/** Commander's section titles (what Help.styleTitle is called with) in the run's language. */
export function titleIn(t: Translator, title: string): string {
  switch (title) {
    case "Usage:":
      return t("cli.title.usage");
    case "Options:":
      return t("cli.title.options");
    case "Global Options:":
      return t("cli.title.globalOptions");
    case "Commands:":
      return t("cli.title.commands");
    case "Arguments:":
      return t("cli.title.arguments");
    default:
      return title;
  }
}

/** The reason our own argument parsers give (cli.ts wholeNumber), said again. */
function reasonIn(t: Translator, reason: string): string {
  const whole = /^(\S+) must be a whole number from (\d+) to (\d+)$/.exec(reason);
  return whole ? t("cli.wholeNumber", { name: whole[1]!, min: whole[2]!, max: whole[3]! }) : reason;
}

type SayAgain = (m: RegExpExecArray) => string;

/** Commander 14's error messages (after "error: "), each with how to say it again. */
function errorPatterns(t: Translator): readonly (readonly [RegExp, SayAgain])[] {
  return [
    [/^unknown option '(.*)'$/, (m) => t("cli.err.unknownOption", { flag: m[1]! })],
    [
      /^option '(.*)' cannot be used with option '(.*)'$/,
      (m) => t("cli.err.conflict", { first: m[1]!, second: m[2]! }),
    ],
    [/^unknown command '(.*)'$/, (m) => t("cli.err.unknownCommand", { name: m[1]! })],
    [/^missing required argument '(.*)'$/, (m) => t("cli.err.missingArgument", { name: m[1]! })],
    [
      /^option '(.*)' argument missing$/,
      (m) => t("cli.err.optionArgumentMissing", { flag: m[1]! }),
    ],
    [/^required option '(.*)' not specified$/, (m) => t("cli.err.requiredOption", { flag: m[1]! })],
    [
      /^option '(.*)' argument '(.*)' is invalid\. Allowed choices are (.*)\.$/,
      (m) => t("cli.err.invalidChoice", { flag: m[1]!, value: m[2]!, choices: m[3]! }),
    ],
    [
      /^option '(.*)' argument '(.*)' is invalid\. (.*)$/,
      (m) =>
        t("cli.err.invalidArgument", { flag: m[1]!, value: m[2]!, reason: reasonIn(t, m[3]!) }),
    ],
    [
      /^too many arguments(?: for '(.*)')?\. Expected (\d+) arguments? but got (\d+)\.$/,
      (m) =>
        t("cli.err.tooManyArguments", {
          forCommand: m[1] === undefined ? "" : t("cli.err.forCommand", { name: m[1] }),
          count: m[2]!,
          got: m[3]!,
        }),
    ],
  ];
}

/**
 * One line of commander's error output (commander 14's wording), said in the run's language;
 * a line it does not know is left as commander wrote it. The message itself stays English for
 * the JSON error line (cli.ts reportJsonOnly): only what people read is changed.
 */
function lineIn(t: Translator, line: string): string {
  const oneOf = /^\(Did you mean one of (.*)\?\)$/.exec(line);
  if (oneOf) return t("cli.err.didYouMeanOneOf", { words: oneOf[1]! });
  const one = /^\(Did you mean (.*)\?\)$/.exec(line);
  if (one) return t("cli.err.didYouMean", { word: one[1]! });
  if (!line.startsWith("error: ")) return line;
  const body = line.slice("error: ".length);
  for (const [pattern, say] of errorPatterns(t)) {
    const m = pattern.exec(body);
    if (m) return `${t("cli.err.prefix")} ${say(m)}`;
  }
  return line;
}

/** Commander's error text (one or more lines) in the run's language; English is untouched. */
export function localizeCommanderError(t: Translator, text: string): string {
  if (t.lang === "en") return text;
  return text
    .split("\n")
    .map((line) => lineIn(t, line))
    .join("\n");
}
