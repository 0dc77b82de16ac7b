import { Agent, type Dispatcher } from "undici";
import { expect, it } from "vitest";
import { TradeClient } from "../../src/api/client.js";
import { generatedDeclaration } from "../fixtures/declarations-list.js";
import { sendJson, startTestServer } from "../helpers/http-server.js";

/**
 * A walk with a page ahead asks for the next page as soon as this one's body is counted, so the
 * server works on it while this one is parsed and printed. undici writes a request on a
 * keep-alive socket only a turn after it reaches it (it first reads anything that came on the
 * idle socket): the transport must leave it that turn before it parses, or the request leaves
 * after the page was handed over and the server waits for the client every page.
 */
it("the next page's request is on the wire before this page is parsed and handed over", async () => {
  const total = 350;
  const server = await startTestServer((req, res) => {
    const url = new URL(req.url, "http://x");
    const page = Number(url.searchParams.get("page"));
    const items: string[] = [];
    for (let i = (page - 1) * 100; i < Math.min(page * 100, total); i++)
      items.push(generatedDeclaration(i));
    sendJson(res, 200, `[${items.join(",")}]`);
  });
  const events: string[] = [];
  const agent = new Agent();
  /** The agent, telling when each request (by its page) is written whole to the socket. */
  const watched = {
    dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
      const page = new URL(String(options.path), "http://x").searchParams.get("page");
      const told = new Proxy(handler, {
        get(target, name) {
          if (name === "onRequestSent")
            return () => {
              events.push(`sent ${page}`);
              return (target as { onRequestSent?: () => void }).onRequestSent?.();
            };
          const value: unknown = Reflect.get(target, name);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
      return agent.dispatch(options, told);
    },
  };
  const client = new TradeClient({
    baseUrl: server.url,
    credentials: { publicKey: "k", secret: "c2VjcmV0" },
    dispatcher: watched as unknown as Dispatcher,
  });
  try {
    let page = 0;
    for await (const records of client.walkDeclarations(
      { statuses: [], page: 1, pageSize: 100 },
      { ahead: 1 },
    )) {
      page++;
      events.push(`got ${page} (${records.length})`);
    }
    expect(events).toEqual([
      "sent 1",
      "sent 2",
      "got 1 (100)",
      "sent 3",
      "got 2 (100)",
      "sent 4",
      "got 3 (100)",
      "got 4 (50)",
    ]);
  } finally {
    await client.close();
    await agent.close();
    await server.close();
  }
});
