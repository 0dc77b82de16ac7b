/**
 * The root help as the build records it for src/root-help.ts: the real program (src/program.ts)
 * asked for its help as `tradectl --help` asks, in each language, with commander's two
 * width-dependent calls (an item of a list, a description wrapped) written down instead of run.
 * scripts/build.js runs this once per build; what it returns is written into dist/root-help.cjs.
 */
import { Help } from "commander";
import { createTranslator, LANGS, type Lang, loadLanguage } from "./i18n/index.js";
import { buildProgram } from "./program.js";
import type { RecordedCall, RootHelpRecord, RootHelpRecords } from "./root-help.js";

/** The width commander is told while recording; every call that depends on it is replayed. */
const RECORDING_WIDTH = 80;
/** Stands for the reason in the recorded `process.stdoutFailed` line. */
const REASON = "\uE002";
/** Where call `index`'s text goes while recording: private-use characters no help text holds. */
const markOf = (index: number): string => `\uE000${index}\uE001`;
/** A chunk split at its marks: the odd parts are the calls' indexes. */
const MARK = /\uE000(\d+)\uE001/;

/**
 * What the replay runs as commander's own: a program that changed one of these would lay its
 * help out differently from a plain `Help`, so the recording refuses it rather than differ.
 */
const REPLAYED = ["formatItem", "boxWrap", "displayWidth", "preformatted"] as const;

export async function recordRootHelp(lang: Lang): Promise<RootHelpRecord> {
  await loadLanguage(lang);
  const t = createTranslator(lang);
  const program = await buildProgram(async () => {}, t, ["--help"]);
  const helper = program.createHelp();
  for (const name of REPLAYED) {
    if (helper[name] !== Help.prototype[name]) {
      throw new Error(`the program's help changes Help.${name}, which src/root-help.ts replays`);
    }
  }
  const calls: RecordedCall[] = [];
  const chunks: string[] = [];
  program.configureHelp({
    ...program.configureHelp(),
    formatItem(term: string, termWidth: number, description: string): string {
      calls.push({ item: [term, termWidth, description] });
      return markOf(calls.length - 1);
    },
    boxWrap(text: string, width: number): string {
      if (width !== RECORDING_WIDTH) throw new Error(`a description wrapped at ${width}`);
      calls.push({ box: text });
      return markOf(calls.length - 1);
    },
  });
  program.configureOutput({
    writeOut: (text) => chunks.push(text),
    getOutHelpWidth: () => RECORDING_WIDTH,
    getOutHasColors: () => false,
  });
  program.outputHelp();
  const parts = chunks.map((chunk) =>
    chunk
      .split(MARK)
      .map((part, i) => (i % 2 === 1 ? Number(part) : part))
      .filter((part) => part !== ""),
  );
  // Styled text would be kept or stripped by the terminal's colours, and measured without its
  // escapes; the replay does neither. And no text may hold what marks a call.
  const texts = [
    ...parts.flat().filter((part) => typeof part === "string"),
    ...calls.flatMap((call) => ("item" in call ? [call.item[0], call.item[2]] : [call.box])),
  ];
  if (texts.some((text) => /[\u001b\uE000-\uE002]/.test(text))) {
    throw new Error("the root help is styled, or holds a mark: src/root-help.ts cannot replay it");
  }
  const [before = "", after = ""] = t("process.stdoutFailed", { why: REASON }).split(REASON);
  return {
    chunks: parts,
    calls,
    minWidthToWrap: helper.minWidthToWrap,
    stdoutFailed: [before, after],
  };
}

/** The root help in every language. */
export async function recordRootHelps(): Promise<RootHelpRecords> {
  const records: Partial<Record<Lang, RootHelpRecord>> = {};
  for (const lang of LANGS) records[lang] = await recordRootHelp(lang);
  return records as RootHelpRecords;
}
