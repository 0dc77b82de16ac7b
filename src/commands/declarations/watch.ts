import type { TradeClient } from "../../api/client.js";
import { DECLARATION_VIEW } from "../../declare/declaration-view.js";
import type { Declaration, ListQuery } from "../../domain/declarations.js";
import { declarationId } from "../../domain/declarations.js";
import { PAGE_SIZE_MAX } from "../../domain/limits.js";
import { SeenPending, type Sighting } from "../../domain/watch.js";
import { isTradectlError, TradectlError } from "../../errors.js";
import { msg } from "../../i18n/index.js";
import { selectFields } from "../../output/fields.js";
import type { OutputFormat } from "../../output/formats.js";
import type { IOStreams } from "../../output/io.js";
import { watchPipeReader } from "../../output/pipe-reader.js";
import { createRecordWriter, fieldTable, type RecordView } from "../../output/records.js";
import { type TableColumn, type TableSpec, TableStream, tableColumn } from "../../output/table.js";
import { localTime, parseServerTime } from "../../output/time.js";
import type { CommandContext } from "../context.js";
import { signalExitCode } from "./signal-exit.js";
import type { WatchHook } from "./watch-auto.js";

/** The most the service gives per page: the backlog and a burst of arrivals in fewest requests. */
export const WATCH_PAGE_SIZE = PAGE_SIZE_MAX;

export type WatchFormat = Exclude<OutputFormat, "json">;

/** What the flags ask for, checked (watch-spec.ts). */
export interface WatchOptions {
  intervalMs: number;
  newOnly: boolean;
  once: boolean;
  /** `--fields`: the API field names to show, in order (checked by the spec); all when undefined. */
  fields?: readonly string[];
  /** `--auto`: confirm each new one a saved rule exactly describes (watch-auto.ts). */
  auto?: boolean;
  /** `--exec CMD`: run for each new one left to a person (watch-exec.ts). */
  exec?: string;
}

/** The output format is a global option: checked here, still before anything is sent. */
function watchFormat(format: OutputFormat): WatchFormat {
  if (format === "json") {
    const hint = msg("declarations.watch.x.jsonHint");
    throw TradectlError.listing("usage", [msg("declarations.watch.x.noJson")], {
      hint: hint,
    });
  }
  return format;
}

const sighting = (d: Declaration): Sighting => ({
  id: declarationId(d),
  createdMs: parseServerTime(d.createdAt)?.getTime() ?? Number.NaN,
});

/** A record and the time the watch first saw it. */
interface Seen {
  declaration: Declaration;
  seenAt: number;
}

/** `14:05:09`: the time of day the watch saw it, in the user's zone. */
const seenClock = (ms: number) => localTime(ms).slice(11);

/** Columns that say nothing about a Pending declaration: left out of the watch's default table. */
const NOT_FOR_PENDING = new Set<string>(["label.status", "label.sender", "label.confirmed"]);

/**
 * The terminal's table: when each declaration was seen, then the declarations table's columns
 * (or those `--fields` chose), laid out by output/table.ts from the first record printed, so a
 * watch that never ends streams line by line under the list's narrowing policy. No column is
 * left out for being empty: the first record has no say over what later ones may carry.
 */
function watchTable(view: RecordView<Declaration>): TableSpec<Seen> {
  // --fields chose the columns (selectFields gives the JSON keys too); else the list's own.
  const chosen = view.keys !== undefined;
  const spec = view.table ?? fieldTable(view.columns);
  const keep = (label: string) => chosen || !NOT_FOR_PENDING.has(label);
  const onDeclaration = (column: TableColumn<Declaration>): TableColumn<Seen> => ({
    ...column,
    cell: (s, color, lang) => column.cell(s.declaration, color, lang),
    blank: () => false,
  });
  return {
    columns: [
      tableColumn<Seen>("label.seen", (s, color) => ({
        text: seenClock(s.seenAt),
        style: color.dim,
      })),
      ...spec.columns.filter((c) => keep(c.label.key)).map(onDeclaration),
    ],
    drops: spec.drops
      ?.filter((drop) => keep(drop.label))
      .map(({ label, to }) => (to ? { label, to: onDeclaration(to) } : { label })),
  };
}

/** Prints what the watch sees, in the chosen format, one record as soon as it is seen. */
interface WatchPrinter {
  print(records: readonly Declaration[], seenAt: number): Promise<void>;
  readonly count: number;
}

function createPrinter(
  format: WatchFormat,
  view: RecordView<Declaration>,
  io: IOStreams,
): WatchPrinter {
  if (format === "table") {
    const table = new TableStream(watchTable(view), io.out, io.columns, io.t);
    let count = 0;
    return {
      async print(records, seenAt) {
        // One write per record, so an interruption leaves whole lines.
        for (const declaration of records) {
          await io.write(table.rows([{ declaration, seenAt }]));
          count++;
        }
      },
      get count() {
        return count;
      },
    };
  }
  const writer = createRecordWriter(format, view, io);
  return {
    // Each record goes out in its own write, so an interruption leaves whole lines.
    async print(records) {
      for (const r of records) await writer.write([r]);
    },
    get count() {
      return writer.count;
    },
  };
}

/** Failure kinds a watch outlives: the next poll may well work. Anything else ends it. */
const SURVIVABLE = new Set(["network", "server", "rate_limited"]);

/**
 * "poll failed" once per streak of failures, "polls work again" when one succeeds: a watch left
 * running overnight through an outage writes two lines, not one per interval.
 */
class PollHealth {
  private failing: { since: number; count: number } | null = null;
  constructor(
    private readonly io: IOStreams,
    private readonly now: () => number,
    private readonly intervalMs: number,
  ) {}

  failed(error: TradectlError): void {
    if (this.failing) {
      this.failing.count++;
      return;
    }
    this.failing = { since: this.now(), count: 1 };
    const { t } = this.io;
    const message = t.text(error.text);
    this.io.warning(
      t("declarations.watch.pollFailed", { message, seconds: this.intervalMs / 1000 }),
    );
  }

  succeeded(): void {
    if (!this.failing) return;
    const { since, count } = this.failing;
    this.failing = null;
    this.io.warn(this.io.t("declarations.watch.pollsBack", { count, since: seenClock(since) }));
  }
}

const PENDING = ["Pending"] as const;

/**
 * `declarations watch`: the Pending backlog (unless --new-only), then each declaration that
 * becomes Pending, each printed once. One request per poll while nothing new arrived.
 */
export async function runWatch(options: WatchOptions, ctx: CommandContext): Promise<number> {
  const { io, signal } = ctx;
  const format = watchFormat(ctx.globals.output);
  const hook =
    options.auto || options.exec !== undefined
      ? (await import("./watch-auto.js")).createWatchHook(
          { auto: options.auto === true, exec: options.exec },
          ctx,
        )
      : null;
  const fields = selectFields(DECLARATION_VIEW, options.fields);
  const view = hook ? hook.view(fields) : fields;
  const client = await ctx.client();
  const seen = new SeenPending();
  const plain = createPrinter(format, view, io);
  const printer = hook ? hook.printer(plain) : plain;
  const health = new PollHealth(io, ctx.now, options.intervalMs);
  const query: ListQuery = { statuses: [...PENDING], page: 1, pageSize: WATCH_PAGE_SIZE };
  let backlogRead = false;

  if (!options.newOnly && io.stderrIsTTY) io.info(io.err.dim(io.t("declarations.watch.backlog")));
  // Under `| head -1` the reader leaves while the watch waits for its next poll, when no write
  // can fail: a helper notices it then (output/pipe-reader.ts), loaded only by this run.
  const reader = watchPipeReader(io.stdout, () => io.readerLeft());
  // Made once: on Node 20 each AbortSignal.any keeps a reference on its sources for the run, so
  // one per poll would grow for as long as the watch runs.
  const waitEnds = AbortSignal.any([signal, io.outputGone()]);
  try {
    for (;;) {
      const started = ctx.now();
      // A 429 that outlived the client's retries says how long to stay away; the next poll waits.
      let retryAfterMs = 0;
      try {
        if (!backlogRead) {
          await readBacklog(client, query, seen, options.newOnly ? null : printer, ctx.now);
          backlogRead = true;
          if (io.stderrIsTTY)
            io.info(
              io.err.dim(
                io.t("declarations.watch.watching", { seconds: options.intervalMs / 1000 }),
              ),
            );
        } else {
          await poll(client, query, seen, printer, ctx.now);
        }
        health.succeeded();
      } catch (error) {
        if (signal.aborted) return stopped(io, printer.count, hook, signal);
        if (!isTradectlError(error) || !SURVIVABLE.has(error.kind)) throw error;
        health.failed(error);
        retryAfterMs = error.retryAfterMs ?? 0;
      }
      if (io.outputClosed) return 0;
      if (options.once && backlogRead && printer.count > 0) return (await hook?.finish()) ?? 0;
      const wait = Math.max(0, started + options.intervalMs - ctx.now(), retryAfterMs);
      try {
        await ctx.sleep(wait, waitEnds);
      } catch {
        if (io.outputClosed) return 0;
        return stopped(io, printer.count, hook, signal);
      }
    }
  } finally {
    reader.stop();
  }
}

/**
 * Ctrl-C (or SIGTERM) is how a watch ends, not a failure: one neutral line instead of
 * `error: cancelled`, and the interrupted exit code (130) all the same.
 */
function stopped(
  io: IOStreams,
  count: number,
  hook: WatchHook | null,
  signal: AbortSignal,
): number {
  hook?.stop();
  io.info(io.t("declarations.watch.stopped", { count }));
  return signalExitCode(signal);
}

/** Every page of the Pending list; what was not seen yet is printed as each page arrives. */
async function readBacklog(
  client: Pick<TradeClient, "walkDeclarations">,
  query: ListQuery,
  seen: SeenPending,
  printer: WatchPrinter | null,
  now: () => number,
): Promise<void> {
  for await (const page of client.walkDeclarations(query)) {
    const fresh = seen.admit(page.map(sighting)).map((i) => page[i]!);
    if (printer && fresh.length > 0) await printer.print(fresh, now());
  }
}

/**
 * Page 1, and further pages only while every record on a page was new (more arrived than a page
 * holds), through the client's walker. What is new is printed oldest first, so the lines read in
 * the order the deposits came. Nothing is marked seen until every page of the poll arrived: a
 * poll that fails half way leaves its records to the next one.
 */
async function poll(
  client: Pick<TradeClient, "walkDeclarations">,
  query: ListQuery,
  seen: SeenPending,
  printer: WatchPrinter,
  now: () => number,
): Promise<void> {
  const viewed: Sighting[] = [];
  const records: Declaration[] = [];
  const read = new Set<string>();
  // The walk ends by itself only after a short page: then the whole Pending list was in view.
  let complete = true;
  for await (const page of client.walkDeclarations(query)) {
    const sightings = page.map(sighting);
    const unseen = seen.unseen(sightings, read);
    for (const s of sightings) read.add(s.id);
    viewed.push(...sightings);
    records.push(...page);
    if (unseen < page.length) {
      complete = false;
      break;
    }
  }
  const fresh = seen.admit(viewed).map((i) => records[i]!);
  seen.settle(viewed, complete);
  if (fresh.length > 0) await printer.print(fresh.reverse(), now());
}
