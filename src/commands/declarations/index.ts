import { type Command, Option } from "commander";
import type { Runner } from "../run.js";

const collect = (value: string, previous: string[] = []) => [...previous, value];

export interface ListFlags {
  status?: string[];
  page?: string;
  pageSize?: string;
  all: boolean;
  limit?: string;
}

export interface ConfirmFlags {
  self?: boolean;
  firstName?: string;
  lastName?: string;
  description?: string;
  addressType?: string;
  exchangeId?: string;
  exchangeName?: string;
  yes: boolean;
  dryRun: boolean;
}

export interface WatchFlags {
  interval?: string;
  newOnly: boolean;
  once: boolean;
}

export function registerDeclarations(program: Command, run: Runner): void {
  const declarations = program
    .command("declarations")
    .alias("decl")
    .description("List and confirm crypto deposit declarations (travel rule)");

  declarations
    .command("list")
    .alias("ls")
    .description("List your deposit declarations, newest first")
    .option(
      "--status <STATUS>",
      "Pending or Confirmed, case-insensitive; repeat for several (default: both)",
      collect,
    )
    .option("--page <N>", "page number, from 1 (default: 1); with --all, the page to start from")
    .option("--page-size <N>", "records per page, 1 to 100 (default: 20; --all always reads 100)")
    .option(
      "--all",
      "walk every page from --page on, 100 at a time, until the last, streaming records",
      false,
    )
    .option("--limit <N>", "stop after N records (without --all: cut the one page fetched)")
    .addHelpText(
      "after",
      `
Examples:
  $ tradectl declarations list --status pending
  $ tradectl declarations list --all -o ndjson > declarations.ndjson
  $ tradectl declarations list --all --limit 500 -o csv > latest-500.csv
  $ tradectl --sandbox declarations list --page 2 --page-size 50`,
    )
    .action((flags: ListFlags, command: Command) =>
      run(command, async (ctx) => (await import("./list.js")).runList(flags, ctx)),
    );

  declarations
    .command("confirm")
    .description("Confirm a pending declaration: say who sent the deposit (a wizard on a terminal)")
    .argument("[ID]", "declaration id (picked from the pending ones when not given)")
    .addOption(
      new Option("--self", "I sent it myself (my own name is used)").conflicts([
        "firstName",
        "lastName",
      ]),
    )
    .option("--first-name <NAME>", "sender's first name (another person)")
    .option("--last-name <NAME>", "sender's last name (another person)")
    .option("--description <TEXT>", "what the deposit is, 20 to 100 characters")
    .option(
      "--address-type <TYPE>",
      "exchange or individual-wallet (also Exchange, IndividualWallet)",
    )
    // No commander conflict with --exchange-name: giving both breaks a rule of the seed, and the
    // user should read the seed's own message ("Only one of exchangeId or exchangeOtherName…").
    .option("--exchange-id <N>", "id from `tradectl exchanges list`")
    .option(
      "--exchange-name <NAME>",
      "name of an exchange that is not listed (at most 200 characters)",
    )
    .option("-y, --yes", "do not ask the final 'Send?' question", false)
    .option(
      "--dry-run",
      "check everything and print the request body; send nothing (it may read the exchanges listing to check --exchange-id)",
      false,
    )
    .addHelpText(
      "after",
      `
Examples:
  $ tradectl declarations confirm
  $ tradectl declarations confirm 4711 --self --address-type exchange --exchange-id 1 \\
      --description "Transfer from my own Binance account" --yes
  $ tradectl declarations confirm 4711 --first-name Ayse --last-name Yilmaz \\
      --address-type individual-wallet --description "Gift from my sister's wallet" --dry-run`,
    )
    .action((id: string | undefined, flags: ConfirmFlags, command: Command) =>
      run(command, async (ctx) => (await import("./confirm.js")).runConfirm({ id, flags }, ctx)),
    );

  declarations
    .command("watch")
    .description("Print each pending declaration once: those pending now, then each new one")
    .option("--interval <SECONDS>", "seconds between polls, at least 1 (default: 30)")
    .option("--new-only", "skip the declarations already pending at the start", false)
    .option("--once", "exit 0 after the first poll that printed something", false)
    .addHelpText(
      "after",
      `
A deposit is not credited until it is declared, and the service sends no notification.
The watch reads every pending declaration at the start (one walk of the list), then polls
page 1 of the pending ones every --interval seconds: one request per poll while nothing
new arrived. Each declaration is printed once, however the pages shift. A failed poll
(network, 5xx, 429) is reported once on stderr and the watch goes on; an auth failure
(401) ends it with exit 4; Ctrl-C ends it with exit 130.

Output: on a terminal, a line per declaration with the time it was seen; piped, tsv;
-o csv (header once), -o ndjson (one object per line). -o json is refused (it never ends).

Examples:
  $ tradectl declarations watch
  $ tradectl declarations watch -o ndjson | while read -r line; do
      notify-send "Deposit to declare" "$(echo "$line" | jq -r '"\\(.amount) \\(.symbol)"')"
    done
  $ tradectl declarations watch --new-only --once && tradectl declarations confirm
  $ tradectl --sandbox declarations watch --interval 5`,
    )
    .action((flags: WatchFlags, command: Command) =>
      run(command, async (ctx) => {
        const { planWatch, runWatch } = await import("./watch.js");
        return runWatch(planWatch(flags, ctx.globals.output), ctx);
      }),
    );
}
