import type { Command, Option } from "commander";
import { OUTCOMES, type Outcome } from "../../domain/outcome.js";
import { type ErrorKind, EXIT_CODES } from "../../errors.js";
import { OUTPUT_FORMATS } from "../../output/formats.js";
import { grid } from "../../output/table.js";
import { afterHelp } from "./help-text.js";

/** A `tradectl help TOPIC` page. Texts read the program so flags and defaults cannot drift. */
export interface HelpTopic {
  name: string;
  summary: string;
  text(program: Command): string;
}

/** When each exit code happens (CLI-CONTRACT.md, "Exit codes"); the kinds come from errors.ts. */
const WHEN: Record<number, string> = {
  0: "success (an empty list is a success)",
  1: "5xx, unreadable response, connection or timeout failure; a confirmation whose answer was lost and could not be settled (unknown); receipts that fail `receipts verify` (integrity)",
  2: "bad flags, a rule of the service broken locally (nothing sent), or HTTP 400",
  3: "HTTP 404, or the service's 'not found' message for an order",
  4: "HTTP 401, missing or unusable credentials",
  5: "HTTP 422: the declaration is already confirmed",
  6: "HTTP 429 still failing after retries",
  130: "Ctrl-C, or 'no' at the wizard's last question; nothing sent",
};

/**
 * What each outcome of a confirmation claims, and its exit code for one confirm / a batch's item
 * (CLI-CONTRACT.md, "What an outcome claims"), in the vocabulary's order.
 */
const OUTCOME_ROWS: Record<Outcome, [string, string]> = {
  confirmed: ["0", "200 success:true; or the answer lost and the list shows it Confirmed as sent"],
  already_confirmed: [
    `${EXIT_CODES.conflict}, batch 0`,
    "422; or the list shows it Confirmed earlier or with other answers",
  ],
  rejected: [`${EXIT_CODES.validation}`, "refused, not applied: 400, or 2xx with success:false"],
  not_found: [`${EXIT_CODES.not_found}`, "404"],
  unknown: [`${EXIT_CODES.unknown}`, "sent, the answer lost, not settled: it may yet be applied"],
  not_sent: [`${EXIT_CODES.cancelled} or cause`, "no byte of the request was written"],
};

function table(rows: readonly (readonly string[])[], indent = "  "): string {
  return grid(rows, { indent }).join("\n");
}

function exitCodes(): string {
  const kindsByCode = new Map<number, ErrorKind[]>([[0, []]]);
  for (const [kind, code] of Object.entries(EXIT_CODES) as [ErrorKind, number][]) {
    kindsByCode.set(code, [...(kindsByCode.get(code) ?? []), kind]);
  }
  const rows = [...kindsByCode.entries()]
    .sort(([a], [b]) => a - b)
    .map(([code, kinds]) => [String(code), kinds.join(", "), WHEN[code] ?? ""]);
  return `Exit codes

Every run ends with one of these codes; scripts can rely on them.

${table([["code", "kind", "when"], ...rows])}

A confirmation's outcome (declarations confirm: every batch item, and a single confirm that
did not end in a 200 success:true) claims no more than the server said:

${table([["outcome", "exit", "it means"], ...OUTCOMES.map((o) => [o, ...OUTCOME_ROWS[o]])])}

verifiedBy says how it is known ("answer" or "read-back"); byThisRequest is true only when
proven. unknown never means "not applied": running the same command again is safe, it reads
the receipts and the list before sending anything. A batch exits with the code of its first
item that ended in neither confirmed nor already_confirmed. Every confirmation is on record:
\`tradectl receipts list\`.

With -o json or -o ndjson an error is also written to stderr as one JSON line, its kind one
of the above:
  {"error":{"kind":KIND,"status":HTTP_OR_NULL,"code":API_CODE_OR_NULL,"message":TEXT}}
The human lines (error:, hint:) stay on stderr too, so read it line by line and keep the JSON.

Examples:
  $ tradectl declarations confirm 4711 --self --address-type individual-wallet \\
      --description "From my own hardware wallet" --yes; echo "exit $?"
  $ tradectl order get 21545488 -o json 2> errors.log || jq -Rr 'fromjson? | .error.kind' errors.log
`;
}

/** A global option's default as the program defines it, for " (default: …)". */
function defaultOf(program: Command, flag: string): string {
  const value = program.options.find((option: Option) => option.long === flag)?.defaultValue;
  return value === undefined || typeof value === "boolean" ? "" : ` (default: ${value})`;
}

function environment(program: Command): string {
  const rows: string[][] = [
    ["TRADECTL_API_KEY", "public API key; with TRADECTL_API_SECRET, used instead of a profile"],
    ["TRADECTL_API_SECRET", "private API key (base64); there is no flag for it"],
    ["TRADECTL_BASE_URL", `same as --base-url${defaultOf(program, "--base-url")}`],
    ["TRADECTL_PROFILE", `same as --profile${defaultOf(program, "--profile")}`],
    ["TRADECTL_EXCHANGES_PATH", "path of the crypto-exchanges listing (default /api/v1/exchanges)"],
    ["TRADECTL_NO_INPUT=1", "same as --no-input: never prompt (1, true, yes or on)"],
    ["TRADECTL_DEBUG=1", "same as --debug: trace HTTP exchanges to stderr, secrets redacted"],
    ["NO_COLOR", "non-empty: no colour, same as --no-color"],
    ["FORCE_COLOR", "colour even when piped (1, 2 or 3 for the depth); NO_COLOR wins"],
    ["COLUMNS", "table width when the terminal's width cannot be read"],
    ["XDG_CONFIG_HOME", "profiles live in $XDG_CONFIG_HOME/tradectl/config.json (~/.config)"],
    [
      "XDG_STATE_HOME",
      "receipts: $XDG_STATE_HOME/tradectl/receipts.ndjson; sandbox state: sandbox.json and sandbox.receipts.ndjson there (~/.local/state)",
    ],
  ];
  return `Environment

${table(rows)}

Precedence: flags > environment > profile > default, for the key pair, the base URL and the
exchanges path. A --profile typed on the command line is a flag: that profile's key pair and
settings then win over the environment's (--base-url still wins over the profile). The key
pair comes whole from one place: both variables, or a saved profile (\`tradectl auth login\`).
--debug and \`auth status\` say where each came from. A profile may also hold "baseUrl" and
"exchangesPath":
  {"profiles":{"work":{"apiKey":"…","apiSecret":"…","baseUrl":"https://proxy.example/bt"}}}
The config file is written with mode 0600; a config file other users can read is refused
until \`chmod 600\` fixes it. The base URL is checked only when a request is sent.

Examples:
  $ TRADECTL_API_KEY=... TRADECTL_API_SECRET=... tradectl declarations list
  $ TRADECTL_PROFILE=work tradectl auth status
  $ NO_COLOR=1 TRADECTL_NO_INPUT=1 tradectl declarations list --status pending
`;
}

const FORMAT_TEXT: Record<(typeof OUTPUT_FORMATS)[number], string> = {
  table: "aligned columns for people, colour where allowed, local times; the default on a terminal",
  tsv: "one record per line, tab-separated, no header, no colour, ISO-8601 UTC times;\nthe default when stdout is not a terminal (a pipe, a file)",
  csv: "RFC 4180 with a header row (the API's field names)",
  json: "declarations list: an array of records with the API's field names;\norder get: the order object (an array when several ids are given), with --fills a fills object;\norder trades: an array of every trade of the orders given;\ndeclarations confirm: the id with the service's answer",
  ndjson: "one JSON object per line; with --all they stream as the pages arrive",
};

function formats(): string {
  const rows = OUTPUT_FORMATS.flatMap((format) =>
    FORMAT_TEXT[format].split("\n").map((line, i) => [i === 0 ? format : "", line]),
  );
  return `Output formats: -o, --output FORMAT (--json is -o json)

${table(rows)}

Numbers keep exactly the digits the server sent, in every format: an id of
9223372036854775807 or an amount of 0.8000000000000000 comes out unchanged.
Control characters and terminal escape sequences in server text are neutralised in table,
tsv and csv (JSON escapes them). Data goes to stdout; prompts, progress, warnings, notes and
errors go to stderr, so a pipe gets only data.

Choosing fields: --fields F1,F2,... (declarations list, order get, order trades, exchanges list)
takes the API's field names, comma-separated, and prints only those, in that order, in every
format: the columns of table, tsv and csv, the keys of json and ndjson. An unknown name is a
usage error (exit 2) that lists the valid names, and nothing is sent. Shell completion offers
the names. With order get --fills the fills.* names are valid too.

Tables on a narrow terminal: a table never runs past the terminal's width (COLUMNS when it
cannot be read). What is read least gives way first, and only as much as needed: addresses
are shortened in the middle (both ends identify them: bc1qar…wf5mdq), then memos and
invoices; then columns are left out in a stated order (declarations: CONFIRMED, SENDER,
MEMO/LN, the time of day, CREATED; orders: an all-zero STOP, the time of day, METHOD, LEFT,
CREATED, SIDE, STOP); people's names and the lightning marker are never cut in the middle,
only at their end. Ids and amounts are never cut. When even that does not fit, each record is
printed as a block of label/value lines. On a wide terminal nothing is cut. With --all the
table prints page by page, its widths fixed by the first page.

csv and spreadsheets: a text cell that begins with = + - @, a tab or a carriage return gets a
leading ' so a spreadsheet shows it instead of running it as a formula. Numeric columns (ids,
amounts, prices) are never changed: a negative amount -0.5 stays the number -0.5. Which cells
are text is decided by the column, not by what the cell holds.

tsv escaping: one record per line, one tab between fields, so a field never holds a raw tab
or line break. A backslash is written \\\\; a control character (tab and newline included) as
\\xHH; U+2028, U+2029 and bidi marks as \\u{HHHH}. Every backslash in tsv output starts one
of these escapes, so the text reads back exactly.

Examples:
  $ tradectl declarations list --all -o ndjson | jq -r .symbol
  $ tradectl declarations list --status confirmed -o csv > confirmed.csv
  $ tradectl declarations list --fields cryptoDepositDeclarationId,amount,symbol -o tsv
  $ tradectl order get 21545488 --json | jq -r .price
`;
}

function sandbox(program: Command): string {
  const serve = program.commands
    .find((c) => c.name() === "sandbox")
    ?.commands.find((c) => c.name() === "serve");
  const details = serve ? afterHelp(serve).trim() : "";
  return `The sandbox

A reference implementation of the service on this machine: every endpoint, the same
validation messages and state changes, Authentication V1 checking, realistic seed data.
For trying tradectl with no account, and for testing scripts and other clients.

  tradectl --sandbox COMMAND   run one command against the embedded sandbox (in-process,
                               loopback, demo credentials); its state persists between runs
  tradectl sandbox serve       run it as a server: prints its URL, then logs each request
  tradectl sandbox reset       restore the seed data

The sandbox always signs with its demo key pair and never touches saved profiles:
\`--sandbox auth login\` and \`--sandbox auth logout\` are refused (exit 2). A --state file
must be sandbox state (or new, or empty): any other file is refused and left unchanged.
${details === "" ? "" : `\n${details}\n`}
Examples:
  $ tradectl --sandbox declarations list --status pending
  $ tradectl --sandbox declarations confirm
  $ tradectl sandbox serve --port 8080 --faults 'latency=20-80,5xx=0.1,seed=42'
  $ tradectl sandbox serve --arrivals 'every=20s,max=1,symbol=XRP,amount=250.5,memo=1048576'
`;
}

export const HELP_TOPICS: readonly HelpTopic[] = [
  { name: "exit-codes", summary: "what each exit code means, for scripts", text: exitCodes },
  {
    name: "environment",
    summary: "environment variables, credentials and the config file",
    text: environment,
  },
  { name: "formats", summary: "the output formats and what each prints", text: formats },
  { name: "sandbox", summary: "the embedded sandbox, `sandbox serve` and --faults", text: sandbox },
];

export function findTopic(name: string): HelpTopic | undefined {
  return HELP_TOPICS.find((topic) => topic.name === name.toLowerCase());
}
