import { problemKey } from "../../../declare/import-read.js";
import type { CellProblem, SkipReason } from "../../../domain/withdrawals.js";
import type { Translator } from "../../../i18n/index.js";
import { cellText, fieldColumns, sameText } from "../../../output/fields.js";
import { GIVE } from "../../../output/narrowing.js";
import { type Column, fieldTable, type RecordView } from "../../../output/records.js";
import { tableColumn } from "../../../output/table.js";
import type { ImportPlanRow } from "./plan.js";

/** The plan's fields: the csv header, the json key. */
const PLAN_FIELDS = [
  "row",
  "line",
  "outcome",
  "name",
  "symbol",
  "address",
  "memo",
  "amount",
  "amountLessFee",
  "txid",
  "withdrawalId",
  "time",
  "until",
  "reason",
  "detail",
] as const;
type PlanField = (typeof PLAN_FIELDS)[number];

/** Why a row is left out, for people, in the run's language. */
function reasonText(r: ImportPlanRow, t: Translator): string {
  if (r.reason === null) return "";
  if (r.outcome === "bad") {
    const [column = "", ...text] = (r.detail ?? "").split(": ");
    const said = t(problemKey(r.reason as CellProblem) as "rules.import.problem.formula", {
      text: text.join(": "),
    });
    return `${column}: ${said}`;
  }
  return t(`rules.import.skip.${r.reason as SkipReason}` as "rules.import.skip.expired", {
    detail: r.detail ?? "",
  });
}

const text = cellText<ImportPlanRow>;

const columnsFor = (t: Translator): readonly Column<ImportPlanRow>[] =>
  fieldColumns<ImportPlanRow, PlanField>(PLAN_FIELDS, {
    row: sameText("label.row", text("row"), { numeric: true }),
    line: sameText("label.line", text("line"), { numeric: true }),
    outcome: sameText("label.outcome", text("outcome")),
    name: sameText("label.rule", text("name")),
    symbol: sameText("label.symbol", text("symbol")),
    address: sameText("label.address", text("address"), { give: GIVE.address }),
    memo: sameText("label.memo", text("memo")),
    amount: {
      text: text("amount"),
      numeric: true,
      // Both candidates when the source does not say whether the fee is in the amount.
      table: tableColumn<ImportPlanRow>("label.amount", (r) =>
        r.amountLessFee === null ? text("amount")(r) : `${r.amount} | ${r.amountLessFee}`,
      ),
    },
    amountLessFee: sameText("label.lessFee", text("amountLessFee"), { numeric: true }),
    txid: sameText("label.txid", text("txid"), { give: GIVE.address }),
    withdrawalId: sameText("label.withdrawalId", text("withdrawalId")),
    time: sameText("label.time", text("time")),
    until: sameText("label.until", text("until")),
    reason: {
      text: text("reason"),
      table: tableColumn<ImportPlanRow>("label.reason", (r) => reasonText(r, t), GIVE.text),
    },
    detail: sameText("label.detail", text("detail"), { give: GIVE.text }),
  });

const TABLE: readonly PlanField[] = [
  "row",
  "outcome",
  "name",
  "symbol",
  "amount",
  "address",
  "memo",
  "until",
  "reason",
];

/** The table's columns that give way to the REASON at a narrow terminal, in this order. */
const PLAN_DROPS = (
  [
    "label.memo",
    "label.until",
    "label.rule",
    "label.address",
    "label.amount",
    "label.symbol",
  ] as const
).map((label) => ({ label }));

/** The plan as printed: every field for scripts, the ones a person reads first in a table. */
export function planView(t: Translator): RecordView<ImportPlanRow> {
  const columns = columnsFor(t);
  return {
    columns,
    table: {
      ...fieldTable(columns.filter((c) => TABLE.includes(c.header as PlanField))),
      // As the data tables narrow: the columns no row fills go first (a plan of skipped rows
      // has only its REASON to say), then the ones read least, before the reason is cut.
      drops: PLAN_DROPS,
    },
    // JSON shows the plan's fields only: the rule each row becomes is saved, not printed.
    keys: PLAN_FIELDS,
  };
}
