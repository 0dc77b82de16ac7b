// The no-parse floor for walking every page: fetch() one page of 100 after another and print
// each body as it came, one page a line, until a short page. Nothing is parsed: a page's records
// are counted by their id key (every record has one), which is all it needs to know to go on.
import { createHmac } from "node:crypto";

const [base] = process.argv.slice(2);
const key = process.env.TRADECTL_API_KEY;
const secret = process.env.TRADECTL_API_SECRET;
const ID_KEY = '"cryptoDepositDeclarationId"';
let lastStamp = 0;
for (let page = 1; ; page++) {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  const stamp = String(lastStamp);
  const signature = createHmac("sha256", Buffer.from(secret, "base64"))
    .update(key + stamp)
    .digest("base64");
  const res = await fetch(`${base}/api/v1/crypto-deposit-declarations?page=${page}&pageSize=100`, {
    headers: {
      "X-PCK": key,
      "X-Stamp": stamp,
      "X-Signature": signature,
      "Content-Type": "application/json",
    },
  });
  const body = await res.text();
  process.stdout.write(`${body}\n`);
  let records = 0;
  for (let at = body.indexOf(ID_KEY); at >= 0; at = body.indexOf(ID_KEY, at + ID_KEY.length))
    records++;
  if (records < 100) break;
}
