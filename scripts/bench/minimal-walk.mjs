// The floor for walking every page: fetch() one page of 100 after another until a short page,
// print each record as a JSON line. JSON.parse rounds long numbers; the floor does not care.
import { createHmac } from "node:crypto";

const [base] = process.argv.slice(2);
const key = process.env.TRADECTL_API_KEY;
const secret = process.env.TRADECTL_API_SECRET;
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
  const records = await res.json();
  let out = "";
  for (const r of records) out += `${JSON.stringify(r)}\n`;
  process.stdout.write(out);
  if (records.length < 100) break;
}
