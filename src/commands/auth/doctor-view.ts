import type { ChalkInstance } from "chalk";
import type { CheckStatus, Finding } from "../../domain/doctor.js";
import { FINDING_KEYS } from "../../domain/doctor.js";
import { english, inEnglish, type Translator } from "../../i18n/index.js";
import { textWidth, wrapText } from "../../output/narrowing.js";
import type { Column, RecordView } from "../../output/records.js";
import { type Cell, grid } from "../../output/table.js";

/** A finding as scripts read it: its detail and fix in English, whatever the run's language. */
interface FindingRecord {
  check: string;
  status: string;
  detail: string;
  fix: string | null;
}

export function findingRecord(f: Finding): FindingRecord {
  return {
    check: f.check,
    status: f.status,
    detail: inEnglish(f.detail),
    fix: f.fix === null ? null : inEnglish(f.fix),
  };
}

/** The machine formats: the contract's four fields, `fix` null (empty in tsv/csv) when none. */
const COLUMNS: readonly Column<FindingRecord>[] = [
  { header: "check", text: (f) => f.check },
  { header: "status", text: (f) => f.status },
  { header: "detail", text: (f) => f.detail },
  { header: "fix", text: (f) => f.fix ?? "" },
];

export const FINDING_VIEW: RecordView<FindingRecord> = { columns: COLUMNS, keys: FINDING_KEYS };

const MARK: Record<CheckStatus, string> = { ok: "✓", warn: "!", fail: "✗", skipped: "-" };

function markCell(status: CheckStatus, color: ChalkInstance): Cell {
  const style =
    status === "ok"
      ? color.green
      : status === "warn"
        ? color.yellow
        : status === "fail"
          ? color.red
          : color.dim;
  return { text: MARK[status], style };
}

/** Blanks between the columns of the people's table. */
const GAPS = [1, 2];

/**
 * The table for people: `✓ check  detail`, the detail broken at spaces to the width, and the
 * fix on its own line below (`fix: …`), so nothing is cut and no line is wider than `width`.
 */
export function findingsTable(
  findings: readonly Finding[],
  color: ChalkInstance,
  width: number,
  t: Translator = english,
): string {
  const nameWidth = Math.max(...findings.map((f) => textWidth(f.check)));
  const room = Math.max(20, width - 1 - GAPS[0]! - nameWidth - GAPS[1]!);
  const rows: (Cell | string)[][] = [];
  for (const finding of findings) {
    const detail = wrapText(t.text(finding.detail), room);
    detail.forEach((line, i) => {
      rows.push(i === 0 ? [markCell(finding.status, color), finding.check, line] : ["", "", line]);
    });
    if (finding.fix !== null) {
      for (const line of wrapText(`${t("auth.doctor.fix")} ${t.text(finding.fix)}`, room)) {
        rows.push(["", "", { text: line, style: color.dim }]);
      }
    }
  }
  const lines = grid(rows, { widths: [1, nameWidth, room], gaps: GAPS });
  return `${lines.join("\n")}\n`;
}

/** The verdict on one line (`auth login` ends with it when the server refuses a pair). */
export function verdictLine(
  verdict: Finding,
  color: ChalkInstance,
  t: Translator = english,
): string {
  const mark = markCell(verdict.status, color);
  const fix = verdict.fix === null ? "" : `; ${t("auth.doctor.fix")} ${t.text(verdict.fix)}`;
  return `${mark.style ? mark.style(mark.text) : mark.text} ${verdict.check}: ${t.text(verdict.detail)}${fix}`;
}
