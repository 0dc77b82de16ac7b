/**
 * The sandbox's seed data: declarations, orders and the crypto-exchanges listing. Everything
 * here is fixed text so that a fresh sandbox always shows the same records (tests and docs can
 * name them). Amounts and ids are decimal strings: they are written to the wire as JSON numbers
 * with exactly these digits, never through a JS float.
 */

export type DeclarationState = "Pending" | "Confirmed";

/** A declaration as the sandbox keeps it: the seed's fields, numbers as decimal text. */
export interface StoredDeclaration {
  id: string;
  createdAt: string;
  status: DeclarationState;
  confirmedAt: string | null;
  confirmedBy: string | null;
  firstName: string | null;
  lastName: string | null;
  amount: string;
  symbol: string;
  address: string;
  memoTag: string | null;
  lightningInvoice: string | null;
}

/** What a confirmation adds to a Pending declaration (seed 3.1). */
export interface Confirmation {
  confirmedAt: string;
  confirmedBy: string;
  firstName: string;
  lastName: string;
}

/** The logged-in user of the demo credentials: `isSelfSender: true` takes this name. */
export const DEMO_USER = { firstName: "Deniz", lastName: "Demir" } as const;
export const DEMO_USER_NAME = `${DEMO_USER.firstName} ${DEMO_USER.lastName}`;

/**
 * The listing, with the ids the exchange's own web form uses where they are known (docs/SERVICE-NOTES.md:
 * Binance 3, Paribu 7, Binance TR 8, OKX 11, KuCoin 13, HTX 14; likely the API's too), so what a
 * user tries here looks like what they will meet; the others take ids the form leaves free.
 */
export const SEED_EXCHANGES: readonly { id: number; name: string }[] = [
  { id: 3, name: "Binance" },
  { id: 1, name: "Coinbase" },
  { id: 2, name: "Kraken" },
  { id: 11, name: "OKX" },
  { id: 4, name: "Bybit" },
  { id: 13, name: "KuCoin" },
  { id: 5, name: "Bitfinex" },
  { id: 6, name: "Bitstamp" },
  { id: 9, name: "Gate.io" },
  { id: 7, name: "Paribu" },
  { id: 8, name: "Binance TR" },
  { id: 14, name: "HTX" },
];

/** A Pending declaration as the seed writes one (the generators build theirs with it too). */
export const pending = (
  id: string,
  createdAt: string,
  amount: string,
  symbol: string,
  address: string,
  memoTag: string | null = null,
  lightningInvoice: string | null = null,
): StoredDeclaration => ({
  id,
  createdAt,
  status: "Pending",
  confirmedAt: null,
  confirmedBy: null,
  firstName: null,
  lastName: null,
  amount,
  symbol,
  address,
  memoTag,
  lightningInvoice,
});

/** `base`, confirmed by the demo user for `firstName lastName`. */
export const confirmed = (
  base: StoredDeclaration,
  confirmedAt: string,
  firstName: string,
  lastName: string,
): StoredDeclaration => ({
  ...base,
  status: "Confirmed",
  confirmedAt,
  confirmedBy: DEMO_USER_NAME,
  firstName,
  lastName,
});

const LIGHTNING_INVOICE =
  "lnbc2500u1pj9x7qspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpusp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9qrsgq7vsw6x6qnp8p2ymh8gxxd5c3xzyhq8t5vqxl9zfq5c9s2r7gqhk9t0xx3nq4hgm4zyvu8fjlzw3g9yzktf6p7hx0jhxsyd6h8qcpgc8v2k";

/**
 * Seeded declarations. Ids 9007199254740993 (2^53 + 1) and 9223372036854775807 (int64 max) are
 * here on purpose: a client that routes ids through a JS number prints them wrong. One
 * confirmed record carries a terminal escape sequence in its lastName to show that clients
 * neutralise server text.
 */
export const SEED_DECLARATIONS: readonly StoredDeclaration[] = [
  pending(
    "734001026",
    "2025-06-14T09:21:07.412Z",
    "0.8000000000000000",
    "BTC",
    "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
  ),
  pending(
    "734001025",
    "2025-06-14T08:02:51.000Z",
    "2.4500000000000000",
    "ETH",
    "0x71C7656EC7ab88b098defB751B7401B5f6d8976F",
  ),
  pending(
    "734001024",
    "2025-06-13T22:45:10.093Z",
    "1500.000000",
    "USDT",
    "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
  ),
  pending(
    "734001023",
    "2025-06-13T17:30:00.000Z",
    "250.123456",
    "XRP",
    "rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh",
    "1048576",
  ),
  pending(
    "734001022",
    "2025-06-13T11:14:39.577Z",
    "1200.0000000",
    "XLM",
    "GCKFBEIYV2U22IO2BJ4KVJOIP7XPWQGQFKKWXR6DOSJBV7STMAQSMTGG",
    "4471920013",
  ),
  pending(
    "734001021",
    "2025-06-12T20:05:44.120Z",
    "0.00250000",
    "BTC",
    "lightning",
    null,
    LIGHTNING_INVOICE,
  ),
  pending(
    "9223372036854775807",
    "2025-06-12T15:40:18.004Z",
    "12.345678901234567890",
    "AVAX",
    "0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE",
  ),
  pending(
    "734001019",
    "2025-06-12T07:55:02.881Z",
    "0.0000000100000000",
    "BTC",
    "bc1q9d4ywgfnd8h43da5tpcxcn6ajv590cg6d3tg6axemvljvt2k76zs50tv4q",
  ),
  confirmed(
    pending(
      "9007199254740993",
      "2025-06-11T18:22:33.310Z",
      "3.1415926535897932384",
      "ETH",
      "0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B",
    ),
    "2025-06-11T18:40:01.552Z",
    DEMO_USER.firstName,
    DEMO_USER.lastName,
  ),
  confirmed(
    pending(
      "734001017",
      "2025-06-11T09:12:00.000Z",
      "0.0542000000000000",
      "BTC",
      "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    ),
    "2025-06-11T10:03:27.000Z",
    "Ayşe",
    "Yılmaz",
  ),
  confirmed(
    pending(
      "734001016",
      "2025-06-10T16:48:12.734Z",
      "5000.00",
      "USDT",
      "0xdAC17F958D2ee523a2206206994597C13D831ec7",
    ),
    "2025-06-10T17:01:55.101Z",
    DEMO_USER.firstName,
    DEMO_USER.lastName,
  ),
  confirmed(
    pending(
      "734001015",
      "2025-06-10T08:30:45.000Z",
      "75.000000",
      "XRP",
      "rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh",
      "2290415",
    ),
    "2025-06-10T09:15:00.000Z",
    "Mehmet",
    "Kaya",
  ),
  confirmed(
    pending(
      "734001014",
      "2025-06-09T21:19:03.268Z",
      "350.5000000",
      "XLM",
      "GAHK7EEG2WWHVKDNT4CEQFZGKF2LGDSW2IVM4S5DP42RBW3K6BTODB4A",
      "1028374655",
    ),
    "2025-06-09T21:30:41.009Z",
    "Elif",
    "Şahin",
  ),
  confirmed(
    pending(
      "734001013",
      "2025-06-09T12:00:00.000Z",
      "0.01000000",
      "BTC",
      "lightning",
      null,
      "lnbc10m1pj9x7qhpp5ydxw0r4cyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq2f38xy6t5wvsxqyjw5qcqpjsp5k7enxv4jsxqzpuzyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9qrsgqmr6a5kdw8l0pyjx2c3g5fh9d3gtnklx4m5nxrj6grx8y9y3k5frqsp8hn6x0qfmtzv5d6fpn0ke7gmqp8l2yd5",
    ),
    "2025-06-09T12:02:13.000Z",
    DEMO_USER.firstName,
    DEMO_USER.lastName,
  ),
  confirmed(
    pending(
      "734001012",
      "2025-06-08T19:41:27.945Z",
      "18.75",
      "SOL",
      "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV",
    ),
    "2025-06-08T20:10:09.450Z",
    "Can",
    "Öztürk",
  ),
  pending(
    "734001011",
    "2025-06-08T14:26:50.000Z",
    "4200.000000",
    "TRX",
    "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL",
  ),
  confirmed(
    pending(
      "734001010",
      "2025-06-07T23:59:59.999Z",
      "0.5000000000000000",
      "ETH",
      "0x00000000219ab540356cBB839Cbe05303d7705Fa",
    ),
    "2025-06-08T00:15:30.000Z",
    "Zeynep",
    "Arslan",
  ),
  confirmed(
    pending(
      "734001009",
      "2025-06-07T10:05:16.482Z",
      "99.99",
      "USDT",
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    ),
    "2025-06-07T10:45:00.000Z",
    "Mallory",
    "Kaya\u001b]0;pwned\u0007\u001b[31m",
  ),
  pending(
    "734001008",
    "2025-06-06T15:33:21.000Z",
    "31.000000",
    "XRP",
    "rPVMhWBsfF9iMXYj3aAzJVkPDTFNSyWdKy",
    "3054998",
  ),
  confirmed(
    pending(
      "734001007",
      "2025-06-05T08:48:02.117Z",
      "0.1234567800000000",
      "BTC",
      "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
    ),
    "2025-06-05T09:00:00.000Z",
    DEMO_USER.firstName,
    DEMO_USER.lastName,
  ),
  confirmed(
    pending(
      "734001006",
      "2025-06-04T13:13:13.000Z",
      "10000.0000000",
      "XLM",
      "GDQP2KPQGKIHYJGXNUIYOMHARUARCA7DJT5FO2FFOOKY3B2WSQHG4W37",
      "100200300",
    ),
    "2025-06-04T14:00:00.000Z",
    "Burak",
    "Çelik",
  ),
  pending(
    "734001005",
    "2025-06-03T06:20:40.350Z",
    "1.0000000000000000",
    "ETH",
    "0xBE0eB53F46cd790Cd13851d5EFf43D12404d33E8",
  ),
  confirmed(
    pending(
      "734001004",
      "2025-06-02T17:08:59.000Z",
      "0.00075000",
      "BTC",
      "lightning",
      null,
      "lnbc750u1pj9x7pkpp5z4qw9nm8y6xw3v8h2k0c5d7qfqqqsyqcyq5rqwzqfqypqdqqxqyjw5qcqpjsp5c3xzyhq8t5vqxl9zfq5c9s2r7gqhk9t0xx3nq4hgm4zyvu8fjlzw3g9q9qrsgqkcp4dp0d3y6q6l4s8wzj2k3m0tq5xg0q4n7yz2d8c9vvh4ln5gq7xv2k",
    ),
    "2025-06-02T17:09:31.000Z",
    DEMO_USER.firstName,
    DEMO_USER.lastName,
  ),
  confirmed(
    pending(
      "734001003",
      "2025-06-01T11:11:11.111Z",
      "250.000000",
      "USDT",
      "0x28C6c06298d514Db089934071355E5743bf21d60",
    ),
    "2025-06-01T12:00:00.000Z",
    "Emre",
    "Koç",
  ),
  // Several pending XRP deposits from one source: what a batch (`confirm --pending --symbol
  // XRP`) is for. One of 0.5 XRP written with trailing zeros, for `--amount 0.5`.
  pending(
    "734001030",
    "2025-06-02T09:10:00.000Z",
    "0.50000000",
    "XRP",
    "rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh",
    "1048576",
  ),
  pending(
    "734001029",
    "2025-06-02T08:45:12.500Z",
    "120.000000",
    "XRP",
    "rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh",
    "1048576",
  ),
  pending(
    "734001028",
    "2025-06-01T21:03:44.020Z",
    "75.250000",
    "XRP",
    "rPVMhWBsfF9iMXYj3aAzJVkPDTFNSyWdKy",
    "3054998",
  ),
  pending(
    "734001027",
    "2025-06-01T19:30:00.000Z",
    "0.5",
    "XRP",
    "rPVMhWBsfF9iMXYj3aAzJVkPDTFNSyWdKy",
    "3054998",
  ),
  // Look-alikes, for declaring by rules (`rules add`, `confirm --auto`): deposits a matcher that
  // guesses (an amount within 1%, the first pending row) would confuse, and a rule that gives
  // every field tells apart. Two XLM deposits to one address, of one amount, with other memos;
  // USDT to the address of the 2.45 ETH deposit (734001025), of the same amount; and two
  // identical AVAX deposits, which an expected-deposit rule (`--once`) can only call ambiguous.
  pending(
    "734001031",
    "2025-06-03T10:00:00.000Z",
    "500.0000000",
    "XLM",
    "GDQP2KPQGKIHYJGXNUIYOMHARUARCA7DJT5FO2FFOOKY3B2WSQHG4W37",
    "100200300",
  ),
  pending(
    "734001032",
    "2025-06-03T10:00:05.000Z",
    "500.0000000",
    "XLM",
    "GDQP2KPQGKIHYJGXNUIYOMHARUARCA7DJT5FO2FFOOKY3B2WSQHG4W37",
    "100200301",
  ),
  pending(
    "734001033",
    "2025-06-03T14:12:09.000Z",
    "2.450000",
    "USDT",
    "0x71C7656EC7ab88b098defB751B7401B5f6d8976F",
  ),
  pending(
    "734001034",
    "2025-06-04T09:00:00.000Z",
    "25.000000000000000000",
    "AVAX",
    "0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE",
  ),
  pending(
    "734001035",
    "2025-06-04T09:00:01.000Z",
    "25.000000000000000000",
    "AVAX",
    "0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE",
  ),
  pending(
    "734001002",
    "2025-05-31T09:45:00.000Z",
    "2.000000000000000000",
    "SOL",
    "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",
  ),
  confirmed(
    pending(
      "734001001",
      "2025-05-30T07:00:00.000Z",
      "0.0100000000000000",
      "BTC",
      "bc1qm34lsc65zpw79lxes69zkqmk6ee3ewf0j77s3h",
    ),
    "2025-05-30T07:30:00.000Z",
    "Selin",
    "Aydın",
  ),
];

/** An order as the sandbox keeps it (seed 2.4): decimals as strings, id and times as digits. */
export interface StoredOrder {
  id: string;
  price: string;
  amount: string;
  quantity: string;
  stopPrice: string;
  pairSymbol: string;
  pairSymbolNormalized: string;
  type: "buy" | "sell";
  method: "limit" | "market" | "stoplimit" | "stopmarket";
  orderClientId: string;
  time: string;
  updateTime: string;
  status: "Untouched" | "Partial" | "Closed" | "Canceled";
  leftAmount: string;
}

const order = (o: StoredOrder): StoredOrder => o;

export const SEED_ORDERS: readonly StoredOrder[] = [
  // The seed's own example: a stop-market sell that has not triggered.
  order({
    id: "9932534",
    price: "0",
    amount: "0.01000000",
    quantity: "0.01000000",
    stopPrice: "1950000.00",
    pairSymbol: "BTCTRY",
    pairSymbolNormalized: "BTC_TRY",
    type: "sell",
    method: "stopmarket",
    orderClientId: "stop-loss-btc",
    time: "1749891667412",
    updateTime: "1749891667412",
    status: "Untouched",
    leftAmount: "0.01000000",
  }),
  order({
    id: "21545488",
    price: "2412000.00",
    amount: "0.05000000",
    quantity: "0.05000000",
    stopPrice: "0",
    pairSymbol: "BTCTRY",
    pairSymbolNormalized: "BTC_TRY",
    type: "buy",
    method: "limit",
    orderClientId: "web-7f3a91",
    time: "1749812345678",
    updateTime: "1749812399001",
    status: "Closed",
    leftAmount: "0.00000000",
  }),
  order({
    id: "21545601",
    price: "131500.50",
    amount: "1.25000000",
    quantity: "1.25000000",
    stopPrice: "0",
    pairSymbol: "ETHTRY",
    pairSymbolNormalized: "ETH_TRY",
    type: "buy",
    method: "limit",
    orderClientId: "bot-grid-12",
    time: "1749820000000",
    updateTime: "1749823600250",
    status: "Partial",
    leftAmount: "0.48210000",
  }),
  order({
    id: "21546002",
    price: "106609.80",
    amount: "250.00",
    quantity: "0.00234500",
    stopPrice: "0",
    pairSymbol: "BTCUSDT",
    pairSymbolNormalized: "BTC_USDT",
    type: "buy",
    method: "market",
    orderClientId: "",
    time: "1749830101010",
    updateTime: "1749830101055",
    status: "Closed",
    leftAmount: "0",
  }),
  order({
    id: "21546117",
    price: "22.4510",
    amount: "800.0",
    quantity: "800.0",
    stopPrice: "0",
    pairSymbol: "XRPTRY",
    pairSymbolNormalized: "XRP_TRY",
    type: "sell",
    method: "limit",
    orderClientId: "mobile-a1",
    time: "1749840000123",
    updateTime: "1749843000456",
    status: "Canceled",
    leftAmount: "800.0",
  }),
  order({
    id: "21546230",
    price: "1012.75",
    amount: "15.00",
    quantity: "15.00",
    stopPrice: "1000.00",
    pairSymbol: "AVAXTRY",
    pairSymbolNormalized: "AVAX_TRY",
    type: "buy",
    method: "stoplimit",
    orderClientId: "breakout-avax",
    time: "1749850000999",
    updateTime: "1749850000999",
    status: "Untouched",
    leftAmount: "15.00",
  }),
  order({
    id: "21546344",
    price: "5890.10",
    amount: "42.000000",
    quantity: "42.000000",
    stopPrice: "0",
    pairSymbol: "SOLTRY",
    pairSymbolNormalized: "SOL_TRY",
    type: "sell",
    method: "market",
    orderClientId: "",
    time: "1749860000000",
    updateTime: "1749860000042",
    status: "Closed",
    leftAmount: "0.000000",
  }),
  order({
    id: "21546458",
    price: "34.1200",
    amount: "10000.00",
    quantity: "10000.00",
    stopPrice: "0",
    pairSymbol: "USDTTRY",
    pairSymbolNormalized: "USDT_TRY",
    type: "buy",
    method: "limit",
    orderClientId: "treasury-0614",
    time: "1749870000555",
    updateTime: "1749870000555",
    status: "Untouched",
    leftAmount: "10000.00",
  }),
  order({
    id: "9007199254740993",
    price: "0.0000123456789012",
    amount: "123456789.12345678",
    quantity: "123456789.12345678",
    stopPrice: "0",
    pairSymbol: "SHIBTRY",
    pairSymbolNormalized: "SHIB_TRY",
    type: "sell",
    method: "limit",
    orderClientId: "big-id-check",
    time: "1749880000000",
    updateTime: "1749881000000",
    status: "Partial",
    leftAmount: "23456789.12345678",
  }),
  order({
    id: "9223372036854775807",
    price: "0",
    amount: "0.50000000",
    quantity: "0.50000000",
    stopPrice: "98500.00",
    pairSymbol: "ETHUSDT",
    pairSymbolNormalized: "ETH_USDT",
    type: "buy",
    method: "stopmarket",
    orderClientId: "int64-max",
    time: "1749890000000",
    updateTime: "1749890500000",
    status: "Canceled",
    leftAmount: "0.50000000",
  }),
];

/**
 * A partial trade as the sandbox keeps it (docs/SERVICE-NOTES.md, "Trades of an order"): decimals as text;
 * on the wire `id`, `orderId`, `timestamp` and `preciseAmount` are JSON numbers with exactly these
 * digits, the rest decimal strings.
 */
export interface StoredTrade {
  id: string;
  orderId: string;
  orderClientId: string;
  timestamp: string;
  orderType: "buy" | "sell";
  numeratorSymbol: string;
  denominatorSymbol: string;
  /** Signed: negative for what left the account. */
  amount: string;
  preciseAmount: string;
  price: string;
  fee: string;
  tax: string;
}

const trade = (t: StoredTrade): StoredTrade => t;

/**
 * The trades behind the seeded orders, oldest first. Orders without trades here (untouched,
 * cancelled unfilled) have none. Trade ids are beyond 2^53, as the service's are.
 */
export const SEED_TRADES: readonly StoredTrade[] = [
  // 21545488: a limit buy filled in three trades; the order shows the first trade's price.
  trade({
    id: "1181163798924649598",
    orderId: "21545488",
    orderClientId: "web-7f3a91",
    timestamp: "1749812345901",
    orderType: "buy",
    numeratorSymbol: "BTC",
    denominatorSymbol: "TRY",
    amount: "0.02000000",
    preciseAmount: "0.02000000000000000000",
    price: "2412000.00",
    fee: "-43.4160000000",
    tax: "-2.1708000000",
  }),
  trade({
    id: "1181163798924649611",
    orderId: "21545488",
    orderClientId: "web-7f3a91",
    timestamp: "1749812371222",
    orderType: "buy",
    numeratorSymbol: "BTC",
    denominatorSymbol: "TRY",
    amount: "0.01750000",
    preciseAmount: "0.01750000000000000000",
    price: "2411874.50",
    fee: "-37.9870233750",
    tax: "-1.8993511688",
  }),
  trade({
    id: "1181163798924649630",
    orderId: "21545488",
    orderClientId: "web-7f3a91",
    timestamp: "1749812398990",
    orderType: "buy",
    numeratorSymbol: "BTC",
    denominatorSymbol: "TRY",
    amount: "0.01250000",
    preciseAmount: "0.01250000000000000000",
    price: "2411650.25",
    fee: "-27.1310653125",
    tax: "-1.3565532656",
  }),
  // 21545601: partly filled in two trades; its average does not terminate (rounded half-even).
  trade({
    id: "1181163798924650001",
    orderId: "21545601",
    orderClientId: "bot-grid-12",
    timestamp: "1749820000450",
    orderType: "buy",
    numeratorSymbol: "ETH",
    denominatorSymbol: "TRY",
    amount: "0.50000000",
    preciseAmount: "0.50000000000000000000",
    price: "131500.50",
    fee: "-59.1752250000",
    tax: "-2.9587612500",
  }),
  trade({
    id: "1181163798924650217",
    orderId: "21545601",
    orderClientId: "bot-grid-12",
    timestamp: "1749823600250",
    orderType: "buy",
    numeratorSymbol: "ETH",
    denominatorSymbol: "TRY",
    amount: "0.26790000",
    preciseAmount: "0.26790000000000000000",
    price: "131480.25",
    fee: "-31.7012030775",
    tax: "-1.5850601539",
  }),
  // 21546002: a market buy filled in one trade.
  trade({
    id: "1181163798924650733",
    orderId: "21546002",
    orderClientId: "",
    timestamp: "1749830101052",
    orderType: "buy",
    numeratorSymbol: "BTC",
    denominatorSymbol: "USDT",
    amount: "0.00234500",
    preciseAmount: "0.00234500000000000000",
    price: "106609.80",
    fee: "-0.2249999829",
    tax: "-0.0112499991",
  }),
  // 21546344: a market sell: what left the account is negative.
  trade({
    id: "1181163798924651003",
    orderId: "21546344",
    orderClientId: "",
    timestamp: "1749860000010",
    orderType: "sell",
    numeratorSymbol: "SOL",
    denominatorSymbol: "TRY",
    amount: "-20.000000",
    preciseAmount: "-20.00000000000000000000",
    price: "5890.10",
    fee: "-106.0218000000",
    tax: "-5.3010900000",
  }),
  trade({
    id: "1181163798924651004",
    orderId: "21546344",
    orderClientId: "",
    timestamp: "1749860000025",
    orderType: "sell",
    numeratorSymbol: "SOL",
    denominatorSymbol: "TRY",
    amount: "-15.500000",
    preciseAmount: "-15.50000000000000000000",
    price: "5889.75",
    fee: "-82.1620125000",
    tax: "-4.1081006250",
  }),
  trade({
    id: "1181163798924651009",
    orderId: "21546344",
    orderClientId: "",
    timestamp: "1749860000042",
    orderType: "sell",
    numeratorSymbol: "SOL",
    denominatorSymbol: "TRY",
    amount: "-6.500000",
    preciseAmount: "-6.50000000000000000000",
    price: "5888.00",
    fee: "-34.4448000000",
    tax: "-1.7222400000",
  }),
  // 9007199254740993: a sell of a tiny-priced asset; trade ids near the int64 maximum.
  trade({
    id: "9223372036854770001",
    orderId: "9007199254740993",
    orderClientId: "big-id-check",
    timestamp: "1749880400000",
    orderType: "sell",
    numeratorSymbol: "SHIB",
    denominatorSymbol: "TRY",
    amount: "-60000000.00000000",
    preciseAmount: "-60000000.00000000000000000000",
    price: "0.0000123456789012",
    fee: "-0.6666666607",
    tax: "-0.0333333330",
  }),
  trade({
    id: "9223372036854770002",
    orderId: "9007199254740993",
    orderClientId: "big-id-check",
    timestamp: "1749881000000",
    orderType: "sell",
    numeratorSymbol: "SHIB",
    denominatorSymbol: "TRY",
    amount: "-40000000.00000000",
    preciseAmount: "-40000000.00000000000000000000",
    price: "0.0000123460000000",
    fee: "-0.4444560000",
    tax: "-0.0222228000",
  }),
];
