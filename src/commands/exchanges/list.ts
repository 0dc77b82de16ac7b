import { EXCHANGE_FIELD_NAMES, type Exchange, type ExchangeFieldName } from "../../domain/order.js";
import { fieldColumns, sameText, selectFields } from "../../output/fields.js";
import { GIVE } from "../../output/narrowing.js";
import {
  type Column,
  createRecordWriter,
  fieldTable,
  type RecordView,
} from "../../output/records.js";
import { wrapped } from "../../output/table.js";
import { LosslessNumber, numberText } from "../../wire/json.js";
import type { CommandContext } from "../context.js";

/** The machine columns (tsv, csv) and JSON fields: the listing's own names, exact digits. */
export const EXCHANGE_COLUMNS: readonly Column<Exchange>[] = fieldColumns<
  Exchange,
  ExchangeFieldName
>(EXCHANGE_FIELD_NAMES, {
  id: sameText("label.id", (e) => numberText(e.id), { numeric: true }),
  name: sameText("label.name", (e) => e.name, { give: GIVE.text }),
});

export const EXCHANGE_VIEW: RecordView<Exchange> = {
  columns: EXCHANGE_COLUMNS,
  table: fieldTable(EXCHANGE_COLUMNS),
};

/** What `exchanges list`'s flags ask for, checked (by the spec, list-spec.ts). */
export interface ExchangesListOptions {
  /** `--fields`: the API field names to show, in order; all when undefined. */
  fields: readonly string[] | undefined;
}

/**
 * Every format shows id and name only: the listing's shape is unpublished (docs/SERVICE-NOTES.md), and
 * a script keyed on these two fields must not break when the service adds more.
 */
const idAndName = (e: Exchange): Exchange => ({
  id: e.id instanceof LosslessNumber ? e.id : new LosslessNumber(numberText(e.id)),
  name: e.name,
});

export async function runExchangesList(
  options: ExchangesListOptions,
  ctx: CommandContext,
): Promise<number> {
  const view = selectFields(EXCHANGE_VIEW, options.fields);
  const client = await ctx.client();
  const listing = await client.listExchanges();
  if (listing === null) {
    // The listing's path is unpublished (docs/SERVICE-NOTES.md): its absence is an answer, not a failure.
    ctx.io.info(ctx.io.t("exchanges.noListing"));
    return 0;
  }
  const exchanges = listing.map(idAndName);
  const writer = createRecordWriter(ctx.globals.output, view, ctx.io);
  await writer.write(exchanges);
  await writer.end();
  if (exchanges.length === 0) ctx.io.info(ctx.io.t("exchanges.empty"));
  else if (ctx.globals.output === "table") {
    ctx.io.info(ctx.io.err.dim(wrapped(ctx.io.t("exchanges.useId"), ctx.io.columns)));
  }
  return 0;
}
