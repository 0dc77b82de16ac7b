import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CREDENTIALS, type RunningSandbox, startSandbox } from "../../src/sandbox/server.js";
import { runCli } from "../helpers/cli.js";
import { sendJson, startTestServer, type TestServer } from "../helpers/http-server.js";

let sandbox: RunningSandbox;
let server: TestServer;

beforeAll(async () => {
  sandbox = await startSandbox({ statePath: null });
  // The listing's shape is unpublished: this one sends an envelope, ids beyond 2^53, odd text.
  server = await startTestServer((_req, res) =>
    sendJson(
      res,
      200,
      '{"data":[{"id":9007199254740993,"name":"Big \\u001b[31mId","country":"TR"},{"id":2,"name":"Two, \\"quoted\\""}],"success":true,"message":null,"code":0}',
    ),
  );
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  await server.close();
});

const list = (baseUrl: string, args: string[] = [], env: NodeJS.ProcessEnv = {}) =>
  runCli(["exchanges", "list", ...args], {
    env: {
      TRADECTL_BASE_URL: baseUrl,
      TRADECTL_API_KEY: DEMO_CREDENTIALS.publicKey,
      TRADECTL_API_SECRET: DEMO_CREDENTIALS.secret,
      ...env,
    },
  });

describe("tradectl exchanges list", () => {
  it("tsv when piped: id and name, no header", async () => {
    const result = await list(sandbox.url);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("3\tBinance");
    expect(lines).toContain("2\tKraken");
    expect(lines.every((l) => /^\d+\t[^\t]+$/.test(l))).toBe(true);
  });

  it("table for people", async () => {
    const result = await list(sandbox.url, ["-o", "table"]);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("ID  NAME");
    expect(lines[1]).toBe("3   Binance");
    expect(lines[10]).toBe("7   Paribu");
  });

  it("every format keeps the id's exact digits and only id and name", async () => {
    const json = await list(server.url, ["-o", "json"]);
    expect(json.stdout).toBe(
      '[\n  {\n    "id": 9007199254740993,\n    "name": "Big \\u001b[31mId"\n  },\n  {\n    "id": 2,\n    "name": "Two, \\"quoted\\""\n  }\n]\n',
    );
    const ndjson = await list(server.url, ["-o", "ndjson"]);
    expect(ndjson.stdout).toBe(
      '{"id":9007199254740993,"name":"Big \\u001b[31mId"}\n{"id":2,"name":"Two, \\"quoted\\""}\n',
    );
    const csv = await list(server.url, ["-o", "csv"]);
    expect(csv.stdout).toBe(
      'id,name\r\n9007199254740993,Big \\x1b[31mId\r\n2,"Two, ""quoted"""\r\n',
    );
    const tsv = await list(server.url, ["-o", "tsv"]);
    expect(tsv.stdout).toBe('9007199254740993\tBig \\x1b[31mId\n2\tTwo, "quoted"\n');
    const table = await list(server.url, ["-o", "table"]);
    expect(table.stdout).toBe(
      'ID                NAME\n9007199254740993  Big \\x1b[31mId\n2                 Two, "quoted"\n',
    );
  });

  it("--fields chooses and orders the fields in every format; an unknown one sends nothing", async () => {
    const tsv = await list(server.url, ["--fields", "name,id"]);
    expect(tsv.stdout).toBe('Big \\x1b[31mId\t9007199254740993\nTwo, "quoted"\t2\n');
    const csv = await list(server.url, ["--fields", "name", "-o", "csv"]);
    expect(csv.stdout).toBe('name\r\nBig \\x1b[31mId\r\n"Two, ""quoted"""\r\n');
    const ndjson = await list(server.url, ["--fields", "id", "-o", "ndjson"]);
    expect(ndjson.stdout).toBe('{"id":9007199254740993}\n{"id":2}\n');
    const table = await list(server.url, ["--fields", "name", "-o", "table"]);
    expect(table.stdout).toBe('NAME\nBig \\x1b[31mId\nTwo, "quoted"\n');
    const before = server.requests.length;
    const bad = await list(server.url, ["--fields", "name,country"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("error: unknown field 'country' in --fields\n");
    expect(bad.stderr).toContain("valid fields (comma-separated, in the order wanted): id, name");
    expect(server.requests.length).toBe(before);
  });

  it("refused credentials: exit 4", async () => {
    const result = await list(sandbox.url, [], {
      TRADECTL_API_SECRET: Buffer.from("wrong").toString("base64"),
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain("error: Unauthorized");
    expect(result.stdout).toBe("");
  });
});
