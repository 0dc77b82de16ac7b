import { LosslessNumber, numberText } from "../../api/json.js";
import type { Exchange } from "../../domain/order.js";
import {
  type Column,
  createRecordWriter,
  type RecordView,
  renderTable,
} from "../../output/records.js";
import type { CommandContext } from "../context.js";

/** The machine columns (tsv, csv) and JSON fields: the listing's own names, exact digits. */
export const EXCHANGE_COLUMNS: readonly Column<Exchange>[] = [
  { header: "id", text: (e) => numberText(e.id) },
  { header: "name", text: (e) => e.name },
];

const EXCHANGE_TABLE: readonly Column<Exchange>[] = [
  { header: "ID", text: (e) => numberText(e.id) },
  { header: "NAME", text: (e) => e.name, shrinkable: true },
];

export const EXCHANGE_VIEW: RecordView<Exchange> = {
  columns: EXCHANGE_COLUMNS,
  table: (records, io) => renderTable(EXCHANGE_TABLE, records, io),
};

/**
 * Every format shows id and name only: the listing's shape is unpublished (API-NOTES.md), and
 * a script keyed on these two fields must not break when the service adds more.
 */
const idAndName = (e: Exchange): Exchange => ({
  id: e.id instanceof LosslessNumber ? e.id : new LosslessNumber(numberText(e.id)),
  name: e.name,
});

export async function runExchangesList(ctx: CommandContext): Promise<number> {
  const client = await ctx.client();
  const listing = await client.listExchanges();
  if (listing === null) {
    // The listing's path is unpublished (API-NOTES.md): its absence is an answer, not a failure.
    ctx.io.info(
      "The service has no exchanges listing at this path (HTTP 404); TRADECTL_EXCHANGES_PATH sets another. `declarations confirm` still takes --exchange-name or a known --exchange-id.",
    );
    return 0;
  }
  const exchanges = listing.map(idAndName);
  const writer = createRecordWriter(ctx.globals.output, EXCHANGE_VIEW, ctx.io);
  await writer.write(exchanges);
  await writer.end();
  if (exchanges.length === 0) ctx.io.info("The exchanges listing is empty.");
  else if (ctx.globals.output === "table") {
    ctx.io.info(ctx.io.err.dim("Use an id with `tradectl declarations confirm --exchange-id N`."));
  }
  return 0;
}
