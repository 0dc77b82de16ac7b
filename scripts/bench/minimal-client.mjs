// What the minimal floor scripts share: a signed request to the service with undici, as a
// script with no validation, no lossless parsing and no formatting would send it.
import { createHmac } from "node:crypto";
import { request } from "undici";

const key = process.env.TRADECTL_API_KEY;
const secret = process.env.TRADECTL_API_SECRET;
let lastStamp = 0;

/** Sends one signed request and returns the body text. */
export async function signed(base, method, path, body) {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  const stamp = String(lastStamp);
  const signature = createHmac("sha256", Buffer.from(secret, "base64"))
    .update(key + stamp)
    .digest("base64");
  const res = await request(`${base}${path}`, {
    method,
    headers: {
      "X-PCK": key,
      "X-Stamp": stamp,
      "X-Signature": signature,
      "Content-Type": "application/json",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.body.text();
}

/** The ids of every Pending declaration, read a page of 100 at a time. */
export async function pendingIds(base) {
  const ids = [];
  for (let page = 1; ; page++) {
    const records = JSON.parse(
      await signed(
        base,
        "GET",
        `/api/v1/crypto-deposit-declarations?status=Pending&page=${page}&pageSize=100`,
      ),
    );
    for (const r of records) ids.push(r.cryptoDepositDeclarationId);
    if (records.length < 100) return ids;
  }
}

/** The confirmation every floor sends: the sender is the user, from an exchange. */
export const confirmBody = (id) => ({
  cryptoDepositDeclarationId: id,
  isSelfSender: true,
  description: "Own wallet at another exchange, moved to BtcTurk",
  AddressType: "Exchange",
  exchangeId: 1,
});
