import { stat } from "node:fs/promises";
import {
  type CellProblem,
  findColumns,
  type ReadOptions,
  type RowRead,
  readWithdrawals,
  type SourceRow,
} from "../domain/withdrawals.js";
import { MAX_LISTED_PROBLEMS, type Text, TradectlError } from "../errors.js";
import { type MessageKey, msg } from "../i18n/index.js";
import { parseRows, readSource } from "./input.js";

/**
 * Reading a withdrawal history: the file (or stdin) within a size no export of withdrawals
 * comes near, its rows (CSV with any of three separators, or ndjson), the source's columns
 * found in its header, and every row read by domain/withdrawals.ts. A file that is not one
 * is a usage error naming it (exit 2), before anything is saved.
 */

/** Far above any person's withdrawal history; a file past it is not one (or not this). */
const MAX_MB = 10;
const MAX_BYTES = MAX_MB * 1024 * 1024;

function usage(problem: Text): TradectlError {
  const hint = msg("rules.import.hint");
  return TradectlError.listing("usage", [problem], { hint });
}

const tooBig = (file: string) => usage(msg("rules.import.tooBig", { file, max: MAX_MB }));

/** All of stdin, refused as soon as it passes the size. */
async function readStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_BYTES) throw tooBig("-");
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The file's text; its size is looked at before it is read. */
export async function readImportText(file: string, stdin: NodeJS.ReadableStream): Promise<string> {
  if (file === "-") return readStdin(stdin);
  const size = await stat(file).then(
    (s) => (s.isFile() ? s.size : 0),
    () => 0, // readSource names the problem (no such file, a directory) in its own words
  );
  if (size > MAX_BYTES) throw tooBig(file);
  return readSource(file, stdin, file);
}

/** The rows read with the source's format, or a usage error naming the file and its columns. */
export async function readImport(
  text: string,
  file: string,
  options: ReadOptions,
  importedKeys: ReadonlySet<string>,
): Promise<RowRead[]> {
  const rows: SourceRow[] = await parseRows(text, file, true);
  if (rows.length === 0) throw usage(msg("rules.import.empty", { file }));
  const isCsv = !/^\s*[{[]/.test(text.replace(/^\uFEFF/, ""));
  if (isCsv) {
    // Every CSV row has the header's names: the columns are found (or missed) once, for all.
    const keys = Object.keys(rows[0]!.fields);
    const found = findColumns(keys, options.format);
    if (found.twice !== null) {
      throw usage(msg("rules.import.columnTwice", { file, column: found.twice }));
    }
    if (found.missing.length > 0) {
      throw usage(
        msg("rules.import.missingColumns", {
          file,
          columns: found.missing.join(", "),
          source: options.source,
          found: keys.join(", "),
        }),
      );
    }
    return readWithdrawals(rows, () => found.columns, options, importedKeys);
  }
  return readWithdrawals(
    rows,
    (r) => findColumns(Object.keys(r.fields), options.format).columns,
    options,
    importedKeys,
  );
}

const PROBLEM_KEYS: Record<CellProblem, MessageKey> = {
  missing: "rules.import.problem.missing",
  not_text: "rules.import.problem.notText",
  formula: "rules.import.problem.formula",
  symbol: "rules.import.problem.symbol",
  address: "rules.import.problem.address",
  amount_ambiguous: "rules.import.problem.amountAmbiguous",
  amount_unreadable: "rules.import.problem.amountUnreadable",
  amount_not_positive: "rules.import.problem.amountNotPositive",
  fee: "rules.import.problem.fee",
  time: "rules.import.problem.time",
};

/** A cell's problem as the catalog says it (its text quoted). */
export const problemKey = (problem: CellProblem): MessageKey => PROBLEM_KEYS[problem];

/** Every bad row named (file, row, column, what is wrong): exit 2, nothing saved. */
export function badRows(bad: readonly RowRead[], file: string): TradectlError {
  const problems: Text[] = bad.slice(0, MAX_LISTED_PROBLEMS).map((r) => {
    const b = r as Extract<RowRead, { kind: "bad" }>;
    const problem = msg(problemKey(b.problem) as "rules.import.problem.formula", {
      text: b.text,
    });
    return msg("rules.import.badRow", {
      file,
      row: b.row,
      line: b.line,
      column: b.column,
      problem,
    });
  });
  if (bad.length > MAX_LISTED_PROBLEMS) {
    problems.push(msg("domain.andMore", { count: bad.length - MAX_LISTED_PROBLEMS }));
  }
  return TradectlError.listing("usage", problems, { hint: msg("rules.import.badHint") });
}
