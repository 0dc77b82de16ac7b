import { FAR_PAGES_AHEAD } from "../../api/walk.js";
import { DECLARATION_VIEW } from "../../declare/declaration-view.js";
import type { ListQuery } from "../../domain/declarations.js";
import { declarationId } from "../../domain/declarations.js";
import { isTradectlError, TradectlError } from "../../errors.js";
import type { Translator } from "../../i18n/index.js";
import { msg } from "../../i18n/index.js";
import { selectFields } from "../../output/fields.js";
import { createRecordWriter } from "../../output/records.js";
import { wrapped } from "../../output/table.js";
import type { CommandContext } from "../context.js";

/** What the flags ask for, checked (by the spec, list-spec.ts): the run's options. */
export interface ListPlan {
  query: ListQuery;
  /** Walk on from `query.page` until a short page. */
  all: boolean;
  /** Stop after this many records; null for no limit. */
  limit: number | null;
  /** The user named statuses (for the "nothing found" line). */
  statusGiven: boolean;
  /** `--fields`: the API field names to show, in order (checked by the spec); all when undefined. */
  fields?: readonly string[];
}

/** "fetched 3 pages, 300 records…", rewritten in place while `--all` walks. */
const fetchedText = (t: Translator, pages: number, records: number) =>
  t("declarations.list.fetched", {
    pages: t("declarations.list.pages", { count: pages }),
    records: t("declarations.list.records", { count: records }),
  });

function describeFilter(plan: ListPlan, t: Translator): string {
  const { page, pageSize: size, statuses } = plan.query;
  const parts: string[] = [];
  if (plan.statusGiven)
    parts.push(
      t("declarations.list.filterStatus", { statuses: statuses.join(t("declarations.list.or")) }),
    );
  if (plan.all && page > 1) parts.push(t("declarations.list.filterFrom", { page }));
  else if (!plan.all && page > 1) parts.push(t("declarations.list.filterPage", { page, size }));
  return parts.length > 0 ? t("declarations.list.filter", { parts: parts.join(", ") }) : "";
}

/** A failure after some records were printed says so: the output in hand is incomplete. */
function incomplete(error: unknown, records: number, pages: number): unknown {
  if (!isTradectlError(error) || records === 0 || error.kind === "cancelled") return error;
  const stopped = msg("declarations.list.x.incomplete", {
    records,
    pages: msg("declarations.list.pages", { count: pages }),
  });
  return TradectlError.with(error, { details: [...error.details, stopped] });
}

export async function runList(plan: ListPlan, ctx: CommandContext): Promise<number> {
  const view = selectFields(DECLARATION_VIEW, plan.fields);
  const { io } = ctx;
  const format = ctx.globals.output;
  const client = await ctx.client();
  const writer = createRecordWriter(format, view, io);
  let pages = 0;
  let pendingShown = 0;
  let pendingId = "";
  let lastPageFull = false;
  try {
    // The one walker (api/walk.ts): --limit cuts it, --all follows pages with some requested ahead.
    const pagesOfPlan = client.walkDeclarations(plan.query, {
      follow: plan.all,
      limit: plan.limit,
      ahead: plan.all ? FAR_PAGES_AHEAD : 0,
    });
    for await (const records of pagesOfPlan) {
      pages++;
      lastPageFull = records.length >= plan.query.pageSize;
      for (const r of records) {
        if (r.status !== "Pending") continue;
        pendingShown++;
        pendingId = declarationId(r);
      }
      await writer.write(records);
      if (io.outputClosed) return 0;
      if (plan.all) io.progress(io.err.dim(fetchedText(io.t, pages, writer.count)));
    }
  } catch (error) {
    // A person still gets the rows that arrived; a script gets unterminated data and the exit code.
    if (format === "table") await writer.end();
    throw incomplete(error, writer.count, pages);
  }
  if (io.outputClosed) return 0;
  await writer.end();

  const forPeople = format === "table" && io.stderrIsTTY;
  if (writer.count === 0) {
    if (format === "table" || io.stderrIsTTY)
      io.info(io.t("declarations.list.none", { filter: describeFilter(plan, io.t) }));
    return 0;
  }
  if (forPeople && pendingShown > 0) {
    io.info(
      io.err.dim(
        wrapped(
          pendingShown === 1
            ? io.t("declarations.list.pendingOne", { id: pendingId })
            : io.t("declarations.list.pendingMany", { count: pendingShown }),
          io.columns,
        ),
      ),
    );
  }
  if (forPeople && !plan.all && plan.limit === null && lastPageFull) {
    io.info(
      io.err.dim(
        wrapped(io.t("declarations.list.more", { next: plan.query.page + 1 }), io.columns),
      ),
    );
  }
  return 0;
}
