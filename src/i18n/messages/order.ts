import type { Message, Translation } from "../catalog-types.js";

/** `tradectl order get|trades` (src/commands/order/). */
export const en = {
  "order.ids.dashAlone": "'-' reads the order ids from stdin: give it alone",
  "order.ids.stdinHint":
    "one id a line on stdin, e.g. `cut -d, -f1 orders.csv | tradectl order get -`",
  "order.ids.noneOnStdin": "no order ids on stdin ('-' reads them one a line)",
  "order.description": "Look up orders and what they filled at",
  "order.ids": "order ids (decimal digits, int64), or - to read them from stdin, one a line",
  "order.get.description": "Show one or more orders by id, with exact prices and amounts",
  "order.get.fills":
    "also read each order's trades and add what it really filled at: count, filled amount, average price, notional, fee, tax",
  "order.get.examples": `
Examples:
  $ tradectl order get 21545488
  $ tradectl order get 21545488 21545601 -o json
  $ tradectl --sandbox order get 9007199254740993 -o csv
  $ tradectl --sandbox order get 21545488 --fills
  $ tradectl order get 21545488 21545601 --fields id,status,price,stopPrice`,
  "order.trades.description":
    "List the partial trades of one or more orders, with a summary per order",
  "order.trades.examples": `
The single-order endpoint gives only the first partial trade's price; this lists every trade
(GET /api/v1/users/transactions/trade?orderId=ID) with exact digits. The table ends each order
with what it filled, the true average price (Σ size×price ÷ Σ size) and the fees.

Examples:
  $ tradectl --sandbox order trades 21545488
  $ tradectl --sandbox order trades 21545488 21546344 -o json
  $ tradectl order trades 21545488 -o csv > trades.csv`,
  "order.firstTradeNote":
    "For an order that matched in several trades, price information is that of the first partial trade (see users/transactions/trade).",
  "order.fillsNote":
    "The price is the order endpoint's: once the order has traded, that of its first partial trade. The average price is over all its trades: Σ size×price ÷ Σ size, size = |amount|.",
  "order.failed": "order {id}: {message}",
  "order.checkId": "check the id; `tradectl order get` takes the numeric order id",
  "order.heading": "Order {id}",
  "order.noTrades": "no trades",
  "order.tradeCount": { one: "1 trade", other: "{count} trades" },
  "order.filled": "filled {amount} {symbol}",
  "order.averagePrice": "average price {price} {symbol}",
  "order.fee": "fee {fee}",
  "order.tax": "tax {tax}",
} as const satisfies Record<string, Message>;

export const tr = {
  "order.ids.dashAlone": "'-' emir numaralarını stdin'den okur: onu tek başına verin",
  "order.ids.stdinHint":
    "stdin'de satır başına bir numara, ör. `cut -d, -f1 orders.csv | tradectl order get -`",
  "order.ids.noneOnStdin": "stdin'de emir numarası yok ('-' onları satır satır okur)",
  "order.description": "Emirlere ve hangi fiyattan gerçekleştiklerine bak",
  "order.ids":
    "emir numaraları (ondalık rakamlar, int64) ya da stdin'den satır satır okumak için -",
  "order.get.description":
    "Bir ya da birkaç emri numarasıyla, fiyat ve miktarları tam haliyle göster",
  "order.get.fills":
    "her emrin işlemlerini de oku ve gerçekte nasıl gerçekleştiğini ekle: işlem sayısı, gerçekleşen miktar, ortalama fiyat, tutar, komisyon, vergi",
  "order.get.examples": `
Örnekler:
  $ tradectl order get 21545488
  $ tradectl order get 21545488 21545601 -o json
  $ tradectl --sandbox order get 9007199254740993 -o csv
  $ tradectl --sandbox order get 21545488 --fills
  $ tradectl order get 21545488 21545601 --fields id,status,price,stopPrice`,
  "order.trades.description":
    "Bir ya da birkaç emrin kısmi işlemlerini, her emir için bir özetle listele",
  "order.trades.examples": `
Tek emir uç noktası yalnızca ilk kısmi işlemin fiyatını verir; bu komut her işlemi
(GET /api/v1/users/transactions/trade?orderId=ID) rakamları tam haliyle listeler. Tablo her
emri gerçekleşen miktar, gerçek ortalama fiyat (Σ miktar×fiyat ÷ Σ miktar) ve ücretlerle bitirir.

Örnekler:
  $ tradectl --sandbox order trades 21545488
  $ tradectl --sandbox order trades 21545488 21546344 -o json
  $ tradectl order trades 21545488 -o csv > trades.csv`,
  "order.firstTradeNote":
    "Birkaç işlemde eşleşen bir emrin fiyat bilgisi ilk kısmi işlemin fiyatıdır (bkz. users/transactions/trade).",
  "order.fillsNote":
    "Fiyat, emir uç noktasının verdiğidir: emir işlem gördükten sonra ilk kısmi işlemin fiyatı. Ortalama fiyat tüm işlemler üzerindendir: Σ miktar×fiyat ÷ Σ miktar, miktar = |amount|.",
  "order.failed": "{id} numaralı emir: {message}",
  "order.checkId": "numarayı kontrol edin; `tradectl order get` sayısal emir numarasını alır",
  "order.heading": "Emir {id}",
  "order.noTrades": "işlem yok",
  "order.tradeCount": "{count} işlem",
  "order.filled": "gerçekleşen {amount} {symbol}",
  "order.averagePrice": "ortalama fiyat {price} {symbol}",
  "order.fee": "komisyon {fee}",
  "order.tax": "vergi {tax}",
} as const satisfies Translation<typeof en>;
