import { TradeClient } from "../../src/api/client.js";
import { DEMO_CREDENTIALS, startSandbox } from "../../src/sandbox/server.js";
import { numberText } from "../../src/wire/json.js";

/** One request line of `tradectl sandbox serve`'s log on stderr. */
export interface LoggedRequest {
  at: number;
  method: string;
  url: string;
  path: string;
  status: number;
  fault: string | null;
  reason: string | null;
}

const LINE = /^(\d{4}-\d\d-\d\dT[\d:.]+Z) ([A-Z]+) (\S+) (\d{3}) [\d.]+ms(?: \((.*)\))?$/;

/** The request lines of a serve log, in order; banner lines are skipped. */
export function parseServeLog(stderr: string): LoggedRequest[] {
  const out: LoggedRequest[] = [];
  for (const line of stderr.split("\n")) {
    const m = LINE.exec(line.trim());
    if (!m) continue;
    const extra = m[5] ?? "";
    const fault = /fault=([\w-]+)/.exec(extra)?.[1] ?? null;
    const reason = extra.replace(/fault=[\w-]+(; )?/, "") || null;
    out.push({
      at: Date.parse(m[1]!),
      method: m[2]!,
      url: m[3]!,
      path: m[3]!.split("?")[0]!,
      status: Number(m[4]),
      fault,
      reason,
    });
  }
  return out;
}

/** How many requests carried each injected fault. */
export function faultCounts(requests: readonly LoggedRequest[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of requests) if (r.fault) counts[r.fault] = (counts[r.fault] ?? 0) + 1;
  return counts;
}

/** Creates a sandbox state file holding the seed data plus `extra` generated declarations. */
export async function createState(path: string, extra: number): Promise<void> {
  const sandbox = await startSandbox({ statePath: path, extraDeclarations: extra });
  await sandbox.close();
}

/**
 * Every declaration id of a state file with the given statuses, read through an unfaulted
 * in-process sandbox on the same file: the truth a faulted run is compared with.
 */
export async function idsInState(
  path: string,
  statuses: ("Pending" | "Confirmed")[] = ["Pending", "Confirmed"],
): Promise<string[]> {
  const sandbox = await startSandbox({ statePath: path });
  const client = new TradeClient({ baseUrl: sandbox.url, credentials: DEMO_CREDENTIALS });
  const ids: string[] = [];
  try {
    for await (const page of client.walkDeclarations({ statuses, page: 1, pageSize: 100 })) {
      for (const d of page) ids.push(numberText(d.cryptoDepositDeclarationId));
    }
  } finally {
    await client.close();
    await sandbox.close();
  }
  return ids;
}

/** The demo secret and the text of its bytes: neither may appear in any output of a client. */
export const DEMO_SECRET_FORMS = [
  DEMO_CREDENTIALS.secret,
  Buffer.from(DEMO_CREDENTIALS.secret, "base64").toString("utf8"),
];

/** How many of `forms` occur in `text` (each occurrence counted). */
export function leaks(text: string, forms: readonly string[]): number {
  let count = 0;
  for (const form of forms) {
    if (form === "") continue;
    for (let i = text.indexOf(form); i >= 0; i = text.indexOf(form, i + 1)) count++;
  }
  return count;
}

/**
 * The serve log once it has stopped growing: its lines travel through a pipe and may still be
 * on their way when the client process has already exited.
 */
export async function settledLog(server: { stderr(): string }): Promise<LoggedRequest[]> {
  let last = -1;
  for (let quiet = 0, rounds = 0; quiet < 2 && rounds < 40; rounds++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const length = server.stderr().length;
    quiet = length === last ? quiet + 1 : 0;
    last = length;
  }
  return parseServeLog(server.stderr());
}
