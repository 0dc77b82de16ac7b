/**
 * One order as the service's wire carries it (decimal strings, one decimal sent as a JSON
 * number), for tests that serve `GET /api/v1/order/{id}` themselves.
 */
export const orderJson = (id: string) =>
  `{"id":${id},"price":"0.80000000000000000001","amount":"12.34000000000000000000","quantity":"0.00000001","stopPrice":0.8000000000000000,"pairSymbol":"BTCTRY","pairSymbolNormalized":"BTC_TRY","type":"sell","method":"stopmarket","orderClientId":"tag-${id}","time":1700000000000,"updateTime":1700000060000,"status":"Untouched","leftAmount":"0.80000000000000000001"}`;

/** The order inside the service's success envelope. */
export const orderEnvelope = (id: string) =>
  `{"data":${orderJson(id)},"success":true,"message":null,"code":0}`;
