// One sandbox request: its body read, the faults drawn, a control or a route answering, and the reply written (or cut off).
import type { IncomingMessage, ServerResponse } from "node:http";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { StoredDeclaration } from "./data.js";
import type { FaultPlan } from "./faults.js";
import type { ArrivalShape } from "./generate.js";
import { errorReply, type Reply, type SandboxContext, tooManyRequests } from "./replies.js";
import { routeFor } from "./routes.js";
import { control } from "./sandbox-control.js";

/** A confirm body is a few hundred bytes; anything this large is refused unread. */
const MAX_BODY_BYTES = 64 * 1024;

type After = { kind: "reset" } | { kind: "truncate"; shortLength: boolean } | null;

export interface Outcome {
  reply: Reply;
  after: After;
  fault?: string;
}

export function serverError(): Reply {
  return {
    status: 500,
    body: JSON.stringify({
      success: false,
      message: "An error occurred",
      code: 500,
      httpStatusCode: 500,
      data: null,
    }),
  };
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () =>
      resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString("utf8")),
    );
    req.on("error", reject);
  });
}

export async function handle(
  req: IncomingMessage,
  context: SandboxContext,
  faults: FaultPlan,
  arrive: (count: number, shape: ArrivalShape) => Promise<StoredDeclaration[]>,
): Promise<Outcome> {
  const body = await readBody(req);
  if ((req.url ?? "").startsWith("/__sandbox/") && body !== null) {
    return { reply: await control(req, body, arrive), after: null };
  }
  const draw = faults.active ? faults.draw() : null;
  if (draw && draw.latencyMs > 0) await sleep(draw.latencyMs);
  if (draw?.before?.kind === "5xx") {
    const { status, html } = draw.before;
    const text = STATUS_CODES[status]!;
    const reply: Reply = html
      ? {
          status,
          body: `<html>\r\n<head><title>${status} ${text}</title></head>\r\n<body>\r\n<center><h1>${status} ${text}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
          contentType: "text/html",
        }
      : status === 500
        ? serverError()
        : {
            status,
            body: JSON.stringify({
              success: false,
              message: text,
              code: status,
              httpStatusCode: status,
              data: null,
            }),
          };
    return { reply, after: draw.after, fault: "5xx" };
  }
  if (draw?.before?.kind === "429") {
    return {
      reply: tooManyRequests(faults.spec.retryAfterS, null),
      after: draw.after,
      fault: "429",
    };
  }
  if (body === null) {
    return {
      reply: errorReply(413, `request body exceeds ${MAX_BODY_BYTES} bytes`),
      after: draw?.after ?? null,
    };
  }
  const reply = await routeFor(req, body, context);
  return { reply, after: draw?.after ?? null };
}

export function send(res: ServerResponse, reply: Reply, after: After): void {
  const payload = Buffer.from(reply.body, "utf8");
  const headers: Record<string, string | number> = {
    "Content-Type": `${reply.contentType ?? "application/json"}; charset=utf-8`,
    ...reply.headers,
  };
  res.on("error", () => {});
  const half = payload.subarray(0, Math.floor(payload.length / 2));
  if (after?.kind === "truncate" && after.shortLength) {
    res.writeHead(reply.status, { ...headers, "Content-Length": half.length });
    res.end(half);
    return;
  }
  res.writeHead(reply.status, { ...headers, "Content-Length": payload.length });
  if (after === null) {
    res.end(payload);
    return;
  }
  // The answer is cut off mid-body: the change the request made (if any) is already saved.
  res.write(half, () => {
    const socket = res.socket as (Socket & { resetAndDestroy?: () => void }) | null;
    if (after.kind === "reset" && socket?.resetAndDestroy) socket.resetAndDestroy();
    else socket?.destroy();
  });
}
