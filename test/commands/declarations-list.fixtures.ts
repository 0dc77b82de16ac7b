import type { ServerResponse } from "node:http";
import { type RecordedRequest, sendJson } from "../helpers/http-server.js";

/** The sandbox's demo pair: the test servers do not check signatures, the sandbox does. */
export const DEMO_ENV = {
  TRADECTL_API_KEY: "sandbox-public-key",
  TRADECTL_API_SECRET: "c2FuZGJveC1wcml2YXRlLWtleQ==",
};

export const HUGE_ID = "9223372036854775807";
export const LONG_AMOUNT = "123456789.123456789012345678";
/** OSC 52 (write the clipboard), BEL, and "clear screen": must never reach a terminal raw. */
export const HOSTILE_MEMO_JSON = String.raw`\u001b]52;c;aGk=\u0007\u001b[2J1234`;
export const LIGHTNING_INVOICE =
  "lnbc10u1p3pj257pp5yztkwjcz5ftl5laxkav23zmzekaw37zk6kmv80pk4xaev5qhtz7qdpdwd3xger9wd5kwm36yprx7u3qd36kucmgyp282etnv3shjcqzpgxqyz5vqsp5usyc4lk9chsfp53kvcnvq456ganh60d89reykdngsmtj6yw3nhvq9qyyssqjcewm5cjwz4a6rfjx77c490yced6pemk0upkxhy89cmm7sct66k8gneanwykzgdrwrfje69h9u5u0w57rrcsysas7gadwmzxc8c6t0spjazup6";

type RawRecord = readonly (readonly [field: string, jsonToken: string])[];

/**
 * One page as the server would send it: a huge id, a long amount, a memo tag holding escape
 * sequences, a lightning deposit, three spellings of a timestamp, text that needs CSV quoting,
 * and fields the seed does not name (kept in JSON output). Each value is the raw JSON token.
 */
export const FIXTURE_RECORDS: readonly RawRecord[] = [
  [
    ["cryptoDepositDeclarationId", HUGE_ID],
    ["createdAt", '"2026-11-20T14:05:09.123"'],
    ["status", '"Pending"'],
    ["confirmedAt", "null"],
    ["confirmedBy", "null"],
    ["firstName", "null"],
    ["lastName", "null"],
    ["amount", "0.8000000000000000"],
    ["symbol", '"BTC"'],
    ["address", '"bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"'],
    ["memoTag", "null"],
    ["lightningInvoice", "null"],
  ],
  [
    ["cryptoDepositDeclarationId", "4711"],
    ["createdAt", '"2026-11-19T08:00:00Z"'],
    ["status", '"Confirmed"'],
    ["confirmedAt", '"2026-11-21T09:30:00+03:00"'],
    ["confirmedBy", String.raw`"api \"bot\""`],
    ["firstName", '"Ayşe"'],
    ["lastName", '"Yılmaz, Jr."'],
    ["amount", LONG_AMOUNT],
    ["symbol", '"XRP"'],
    ["address", '"rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh"'],
    ["memoTag", `"${HOSTILE_MEMO_JSON}"`],
    ["lightningInvoice", "null"],
    ["network", '"XRPL"'],
    ["fee", "0.000000010"],
  ],
  [
    ["cryptoDepositDeclarationId", "12"],
    ["createdAt", '"2026-11-22 08:00:00"'],
    ["status", '"Pending"'],
    ["confirmedAt", "null"],
    ["confirmedBy", "null"],
    ["firstName", "null"],
    ["lastName", "null"],
    ["amount", "0.00010000"],
    ["symbol", '"BTC"'],
    ["address", '"bc1q9h0yjdupyfpxfjg24rpx755xrplvzd9hz2nzn2"'],
    ["memoTag", "null"],
    ["lightningInvoice", `"${LIGHTNING_INVOICE}"`],
  ],
];

const compact = (r: RawRecord) => `{${r.map(([k, v]) => `"${k}":${v}`).join(",")}}`;
const pretty = (r: RawRecord) => `  {\n${r.map(([k, v]) => `    "${k}": ${v}`).join(",\n")}\n  }`;

/** A page of the server's JSON holding `records`, one per line. */
export const pageOf = (records: readonly RawRecord[]) =>
  `[\n${records.map(compact).join(",\n")}\n]`;

export const FIXTURE_PAGE = pageOf(FIXTURE_RECORDS);

/** What each format must print for FIXTURE_PAGE, exactly. */
export const EXPECTED = {
  tsv: [
    `${HUGE_ID}\t2026-11-20T14:05:09.123Z\tPending\t\t\t\t\t0.8000000000000000\tBTC\tbc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq\t\t`,
    `4711\t2026-11-19T08:00:00.000Z\tConfirmed\t2026-11-21T06:30:00.000Z\tapi "bot"\tAyşe\tYılmaz, Jr.\t${LONG_AMOUNT}\tXRP\trEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh\t\\x1b]52;c;aGk=\\x07\\x1b[2J1234\t`,
    `12\t2026-11-22T08:00:00.000Z\tPending\t\t\t\t\t0.00010000\tBTC\tbc1q9h0yjdupyfpxfjg24rpx755xrplvzd9hz2nzn2\t\t${LIGHTNING_INVOICE}`,
    "",
  ].join("\n"),
  csv: [
    "cryptoDepositDeclarationId,createdAt,status,confirmedAt,confirmedBy,firstName,lastName,amount,symbol,address,memoTag,lightningInvoice",
    `${HUGE_ID},2026-11-20T14:05:09.123Z,Pending,,,,,0.8000000000000000,BTC,bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq,,`,
    `4711,2026-11-19T08:00:00.000Z,Confirmed,2026-11-21T06:30:00.000Z,"api ""bot""",Ayşe,"Yılmaz, Jr.",${LONG_AMOUNT},XRP,rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh,\\x1b]52;c;aGk=\\x07\\x1b[2J1234,`,
    `12,2026-11-22T08:00:00.000Z,Pending,,,,,0.00010000,BTC,bc1q9h0yjdupyfpxfjg24rpx755xrplvzd9hz2nzn2,,${LIGHTNING_INVOICE}`,
    "",
  ].join("\r\n"),
  ndjson: `${FIXTURE_RECORDS.map(compact).join("\n")}\n`,
  json: `[\n${FIXTURE_RECORDS.map(pretty).join(",\n")}\n]\n`,
};

export function serveFixture(res: ServerResponse, body = FIXTURE_PAGE): void {
  sendJson(res, 200, body);
}

/** A generated declaration: ids from `firstId` up, every third one Pending. */
export function generatedDeclaration(index: number, firstId = 1_000_000): string {
  const id = firstId + index;
  const pending = index % 3 === 0;
  const minute = String(index % 60).padStart(2, "0");
  return `{"cryptoDepositDeclarationId":${id},"createdAt":"2026-01-01T10:${minute}:00","status":"${pending ? "Pending" : "Confirmed"}","confirmedAt":${pending ? "null" : `"2026-01-02T10:${minute}:00"`},"confirmedBy":${pending ? "null" : '"user"'},"firstName":${pending ? "null" : '"Ada"'},"lastName":${pending ? "null" : '"Lovelace"'},"amount":0.${String(index).padStart(16, "0")},"symbol":"BTC","address":"bc1qgenerated${String(index).padStart(30, "0")}","memoTag":null,"lightningInvoice":null}`;
}

/**
 * A paging server over `total` generated declarations that honours status, page and pageSize
 * the way the seed describes (default both statuses), so paging and filtering are real.
 */
export function pagingHandler(total: number) {
  return (req: RecordedRequest, res: ServerResponse): void => {
    const url = new URL(req.url, "http://127.0.0.1");
    const statuses = url.searchParams.getAll("status");
    const page = Number(url.searchParams.get("page") ?? "1");
    const pageSize = Number(url.searchParams.get("pageSize") ?? "20");
    const wanted = (i: number) =>
      statuses.length === 0 || statuses.includes(i % 3 === 0 ? "Pending" : "Confirmed");
    const items: string[] = [];
    let matched = 0;
    const from = (page - 1) * pageSize;
    for (let i = 0; i < total && items.length < pageSize; i++) {
      if (!wanted(i)) continue;
      if (matched++ >= from) items.push(generatedDeclaration(i));
    }
    sendJson(res, 200, `[${items.join(",")}]`);
  };
}

/** The query string of each recorded request, in order. */
export const queries = (requests: readonly RecordedRequest[]) =>
  requests.map((r) => new URL(r.url, "http://127.0.0.1").search.slice(1));
