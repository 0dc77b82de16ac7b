import { FAR_PAGES_AHEAD } from "../api/walk.js";
import type { ImportedWithdrawal } from "../config/receipts.js";
import {
  answersFromRow,
  matchesFilter,
  overlayAnswers,
  type PendingFilter,
} from "../domain/batch.js";
import { type Answers, type ConfirmBody, confirmBody } from "../domain/confirm.js";
import { answersNeedListing } from "../domain/confirm-answers.js";
import { type Declaration, declarationId } from "../domain/declarations.js";
import { type Text, TradectlError } from "../errors.js";
import { msg, type Translator } from "../i18n/index.js";
import { seedText } from "../output/seed-text.js";
import { numberText } from "../wire/json.js";
import { checkGivenAnswers, type Listings, listingOnce, violationsOf } from "./answers.js";
import type { DeclareContext } from "./context.js";
import { parseRows, readSource, rowLabel } from "./input.js";
import { lookUpDeclarations } from "./lookup.js";
import type { SendGuard } from "./send-types.js";

/** Which declarations a batch confirms (docs/BATCH.md). */
export type Selection =
  | { kind: "ids"; ids: string[] }
  | { kind: "pending"; filter: PendingFilter }
  | { kind: "from"; source: string }
  /** Made and checked already (`--auto`: each pending declaration's rule chose its answers). */
  | { kind: "planned"; items: PlanItem[] };

/** One declaration of the plan: where it came from, what it is, and the body it gets. */
export interface PlanItem {
  /** `declaration 7`, or `row 3 (line 4)` for a --from row: how problems name it. */
  label: Text;
  id: string;
  declaration: Declaration;
  /** Null for a declaration already confirmed: shown as skipped, never sent. */
  body: ConfirmBody | null;
  /** The rule that chose the answers, and its `--once` guard (declaring by rules). */
  rule?: string;
  /** The imported rule's withdrawal, for the receipt. */
  imported?: ImportedWithdrawal | undefined;
  guard?: SendGuard;
}

/** Answers on their way to a plan item, named as problems name them. */
interface Labelled {
  label: Text;
  answers: Answers;
}

/** What the plan needs of the run: the one client, the streams, and whether we may ask. */
export interface PlanDeps extends Pick<DeclareContext, "client" | "io"> {
  interactive: boolean;
  /**
   * On a terminal, asks what the flags left open, once for every item (the confirm's wizard):
   * the command above hands it in, since asking is the command's.
   */
  askMissing?: (shared: Answers, count: number, listing: Listings["get"]) => Promise<Answers>;
}

const PAGE_SIZE = 100;

/**
 * The plan, checked: the answers given once for every item checked before anything is read
 * (a wrong flag fails fast; a --from row carries its own, checked with its row), every id
 * looked up in one walk of the list (or every Pending declaration the filter selects), what
 * the flags left open asked once on a terminal, and every item through the same rules, with
 * the same messages, as a single confirm. Any problem, named by its row or id, is thrown
 * before anything is sent; null when there is nothing to do (said on stderr).
 */
export async function makePlan(
  selection: Selection,
  given: Answers,
  deps: PlanDeps,
): Promise<PlanItem[] | null> {
  if (selection.kind === "planned") return selection.items;
  const { io } = deps;
  const listings = listingOnce(deps);
  let shared = given;
  let missing: string[] = [];
  // The Pending list is read beside the exchanges listing the answers need, not after it: one
  // round trip less for a user far from the servers. What it read is used only once the shared
  // answers have passed their rules: a broken rule is refused before anything is sent, and the
  // read is then stopped.
  const early =
    selection.kind === "pending" && answersNeedListing(given)
      ? pendingRead(deps, selection.filter)
      : null;
  if (selection.kind !== "from") {
    try {
      const checked = await checkGivenAnswers(given, {
        interactive: deps.interactive,
        listings,
        io,
        ignore: ["declaration"],
      });
      shared = checked.answers;
      missing = checked.missing;
    } catch (error) {
      early?.stop();
      throw error;
    }
  }

  const problems: Text[] = [];
  let labelled: Labelled[] = [];
  if (selection.kind === "ids") {
    labelled = selection.ids.map((id) => forId(id, shared));
  } else if (selection.kind === "from") {
    labelled = await rowsOf(selection.source, shared, io.stdin, problems);
  }

  // One walk: the ids asked for, or every Pending declaration the filter selects.
  const client = await deps.client();
  let found: Map<string, Declaration>;
  let unknownIds = 0;
  if (selection.kind === "pending") {
    found = new Map();
    const read = early ?? pendingRead(deps, selection.filter);
    for (const d of await read.selected) {
      found.set(declarationId(d), d);
      labelled.push(forId(declarationId(d), shared));
    }
    if (labelled.length === 0) {
      io.info(io.t("confirm.noMatch", { filter: describeFilter(selection.filter, io.t) }));
      return null;
    }
  } else {
    found = await lookUpDeclarations(
      client,
      labelled.flatMap((l) => l.answers.cryptoDepositDeclarationId ?? []),
    );
    for (const l of labelled) {
      const id = l.answers.cryptoDepositDeclarationId;
      if (id !== undefined && !found.has(id)) {
        problems.push(labelledProblem(l.label, msg("confirm.in.notFound")));
        unknownIds++;
      }
    }
  }

  if (missing.length > 0 && problems.length === 0 && deps.askMissing) {
    // On a terminal, what the flags left open is asked once, for every item.
    const answered = await deps.askMissing(shared, labelled.length, listings.get);
    labelled = labelled.map((l) => ({ ...l, answers: overlayAnswers(l.answers, answered) }));
  }

  const plan = await checkedItems(labelled, found, listings, problems);
  if (problems.length > 0) throw planError(problems, unknownIds);
  return plan;
}

/** Every Pending declaration the filter selects, in one walk; `stop` drops the walk. */
function pendingRead(
  deps: PlanDeps,
  filter: PendingFilter,
): { selected: Promise<Declaration[]>; stop(): void } {
  const stop = new AbortController();
  const selected = (async () => {
    const client = await deps.client();
    const query = { statuses: ["Pending" as const], page: 1, pageSize: PAGE_SIZE };
    const kept: Declaration[] = [];
    // Pages asked for ahead, as `list --all` reads them: the server's time hides behind ours.
    const walk = { signal: stop.signal, ahead: FAR_PAGES_AHEAD };
    for await (const page of client.walkDeclarations(query, walk)) {
      for (const d of page) if (matchesFilter(filterFields(d), filter)) kept.push(d);
    }
    return kept;
  })();
  // Stopped (a broken rule): its end is nobody's to report.
  selected.catch(() => {});
  return { selected, stop: () => stop.abort() };
}

const forId = (id: string, shared: Answers): Labelled => ({
  label: msg("confirm.in.declaration", { id }),
  answers: { ...shared, cryptoDepositDeclarationId: id },
});

/** Every item through the confirm rules; a broken rule is a problem named by its item. */
async function checkedItems(
  labelled: readonly Labelled[],
  found: ReadonlyMap<string, Declaration>,
  listings: Listings,
  problems: Text[],
): Promise<PlanItem[]> {
  const items: PlanItem[] = [];
  for (const { label, answers } of labelled) {
    const id = answers.cryptoDepositDeclarationId;
    if (id === undefined) continue;
    // An id not found is checked too: every problem of the plan is reported at once.
    const violations = await violationsOf(answers, listings);
    for (const v of violations) problems.push(labelledProblem(label, seedText(v.rule)));
    const declaration = found.get(id);
    if (violations.length > 0 || declaration === undefined) continue;
    items.push({
      label,
      id,
      declaration,
      body:
        declaration.status === "Confirmed"
          ? null
          : confirmBody({ ...answers, cryptoDepositDeclarationId: id }),
    });
  }
  return items;
}

/** The problems of a plan, each naming its row or id; thrown before anything is sent. */
function planError(problems: readonly Text[], unknownIds: number): TradectlError {
  // Unknown ids alone: exit 3, like a single confirm of an unknown id; any broken rule: exit 2.
  const kind = unknownIds === problems.length ? "not_found" : "validation";
  const hint = msg("confirm.in.fixAll", { count: problems.length });
  return TradectlError.listing(kind, problems, { hint });
}

/** `row 3: problem`, `declaration 7: problem`: a problem named by its row or id. */
export function labelledProblem(label: Text, problem: Text): Text {
  return msg("confirm.in.labelled", {
    label,
    problem,
  });
}

function filterFields(d: Declaration) {
  return { symbol: d.symbol ?? "", address: d.address ?? "", amount: numberText(d.amount) };
}

function describeFilter(filter: PendingFilter, t: Translator): string {
  const or = t("confirm.in.filterOr");
  const parts = [
    filter.symbols.length > 0
      ? t("confirm.in.filterSymbol", { symbols: filter.symbols.join(or) })
      : "",
    filter.address !== undefined ? t("confirm.in.filterAddress", { address: filter.address }) : "",
    filter.amount !== undefined ? t("confirm.in.filterAmount", { amount: filter.amount }) : "",
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : t("confirm.in.filterAll");
}

/** The --from rows as answers (the row's over the flags'); problems named by row. */
async function rowsOf(
  source: string,
  shared: Answers,
  stdin: NodeJS.ReadableStream,
  problems: Text[],
): Promise<Labelled[]> {
  const rows = await parseRows(await readSource(source, stdin), `--from ${source}`);
  if (rows.length === 0) {
    const hint = msg("confirm.in.noRowsHint");
    throw TradectlError.listing("usage", [msg("confirm.in.noRows", { source })], {
      hint: hint,
    });
  }
  const firstRowOf = new Map<string, Text>();
  const out: Labelled[] = [];
  for (const row of rows) {
    const label = rowLabel(row);
    const read = answersFromRow(row.fields);
    if (!read.ok) {
      for (const problem of read.problems) problems.push(labelledProblem(label, problem));
      continue;
    }
    const id = read.answers.cryptoDepositDeclarationId;
    if (id === undefined) {
      problems.push(labelledProblem(label, msg("confirm.in.idMissing")));
      continue;
    }
    const earlier = firstRowOf.get(id);
    if (earlier !== undefined) {
      problems.push(labelledProblem(label, msg("confirm.in.alreadyIn", { id, earlier })));
      continue;
    }
    firstRowOf.set(id, label);
    out.push({
      label: msg("confirm.in.rowDeclaration", { row: label, id }),
      answers: overlayAnswers(shared, read.answers),
    });
  }
  return out;
}
