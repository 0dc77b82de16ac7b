// What the fetch() walkers share: one signed GET of a page of 100 declarations, as a script with
// nothing but Node's own fetch() would send it.
import { createHmac } from "node:crypto";

const key = process.env.TRADECTL_API_KEY;
const secret = process.env.TRADECTL_API_SECRET;
let lastStamp = 0;

/** The response for page `page` of the declarations list. */
export function fetchPage(base, page) {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  const stamp = String(lastStamp);
  const signature = createHmac("sha256", Buffer.from(secret, "base64"))
    .update(key + stamp)
    .digest("base64");
  return fetch(`${base}/api/v1/crypto-deposit-declarations?page=${page}&pageSize=100`, {
    headers: {
      "X-PCK": key,
      "X-Stamp": stamp,
      "X-Signature": signature,
      "Content-Type": "application/json",
    },
  });
}
