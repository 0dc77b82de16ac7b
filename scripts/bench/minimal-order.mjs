// The floor for a Node client: one signed GET with undici, print the body. No validation, no
// lossless parsing, no formatting.
import { createHmac } from "node:crypto";
import { request } from "undici";

const [base, id] = process.argv.slice(2);
const key = process.env.TRADECTL_API_KEY;
const secret = process.env.TRADECTL_API_SECRET;
const stamp = String(Date.now());
const signature = createHmac("sha256", Buffer.from(secret, "base64"))
  .update(key + stamp)
  .digest("base64");
const res = await request(`${base}/api/v1/order/${id}`, {
  headers: {
    "X-PCK": key,
    "X-Stamp": stamp,
    "X-Signature": signature,
    "Content-Type": "application/json",
  },
});
process.stdout.write(await res.body.text());
process.stdout.write("\n");
