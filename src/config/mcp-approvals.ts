// Out-of-band approvals for the agent server's confirm tool: one body (by sha256), once, for 10 minutes.
import { dirname, join } from "node:path";
import { ensureWritableDir, randomHex, readTextIfAny, writeFileAtomic } from "./files.js";
import { withFileLock } from "./lock-files.js";
import { stateDir } from "./paths.js";
import { sha256 } from "./receipts-chain.js";

/**
 * When an MCP client cannot ask its person (no elicitation), the confirm tool records the exact
 * body it would send here and answers `needs_approval` with the approval's id; a person runs
 * `tradectl mcp approve ID` in a terminal. The tool sends only a body whose sha256 an approval
 * holds, approved, unexpired and unused, and marks it used under the file's lock before the
 * send, so two calls cannot both spend it.
 */

/** How long an approval lives, from when the tool asked for it. */
export const APPROVAL_TTL_MS = 10 * 60 * 1000;

export interface Approval {
  /** What the person types: `tradectl mcp approve ID`. */
  id: string;
  declarationId: string;
  /** The exact bytes that would be sent, and their sha256 (what the approval is for). */
  body: string;
  bodySha256: string;
  /** Where it would be sent: an approval for the sandbox never sends to the service. */
  baseUrl: string;
  /** The MCP client that asked ("name version"), for the person to see. */
  client: string | null;
  /** Unix ms. */
  createdAtMs: number;
  expiresAtMs: number;
  state: "pending" | "approved" | "used";
}

/** Why an approval id cannot be approved (or used). */
export type ApprovalProblem = "unknown" | "expired" | "used" | "approved";

interface ApprovalFile {
  approvals: Approval[];
}

/** `$XDG_STATE_HOME/tradectl/mcp-approvals.json` (mode 0600, beside the receipts). */
export function approvalsPath(env: NodeJS.ProcessEnv): string {
  return join(stateDir(env), "mcp-approvals.json");
}

async function readApprovals(path: string): Promise<Approval[]> {
  const text = await readTextIfAny(path);
  if (text === null) return [];
  try {
    const parsed = JSON.parse(text) as ApprovalFile;
    return Array.isArray(parsed.approvals) ? parsed.approvals : [];
  } catch {
    // A file that is not ours any more approves nothing; the next write replaces it.
    return [];
  }
}

/** Read, change and write the file under its lock; entries long expired are dropped. */
async function changeApprovals<T>(
  env: NodeJS.ProcessEnv,
  now: number,
  change: (approvals: Approval[]) => T,
): Promise<T> {
  const path = approvalsPath(env);
  await ensureWritableDir(dirname(path));
  return withFileLock(`${path}.lock`, async () => {
    const approvals = (await readApprovals(path)).filter(
      (a) => a.expiresAtMs + APPROVAL_TTL_MS > now,
    );
    const result = change(approvals);
    await writeFileAtomic(path, `${JSON.stringify({ approvals }, null, 2)}\n`);
    return result;
  });
}

export interface ApprovalRequest {
  declarationId: string;
  body: string;
  baseUrl: string;
  client: string | null;
}

/** An approval in this state, for exactly this body and target, not expired. */
const living =
  (state: Approval["state"], bodySha256: string, baseUrl: string, now: number) =>
  (a: Approval): boolean =>
    a.state === state &&
    a.bodySha256 === bodySha256 &&
    a.baseUrl === baseUrl &&
    a.expiresAtMs > now;

/** The pending approval for this body and target (the same one while it lives), else a new one. */
export function requestApproval(
  env: NodeJS.ProcessEnv,
  request: ApprovalRequest,
  now: number,
): Promise<Approval> {
  const bodySha256 = sha256(request.body);
  return changeApprovals(env, now, (approvals) => {
    const open = approvals.find(living("pending", bodySha256, request.baseUrl, now));
    if (open) return open;
    const approval: Approval = {
      ...request,
      id: randomHex(6),
      bodySha256,
      createdAtMs: now,
      expiresAtMs: now + APPROVAL_TTL_MS,
      state: "pending",
    };
    approvals.push(approval);
    return approval;
  });
}

/** The approval a person is about to approve, or why it cannot be. */
export async function pendingApproval(
  env: NodeJS.ProcessEnv,
  id: string,
  now: number,
): Promise<Approval | ApprovalProblem> {
  const found = (await readApprovals(approvalsPath(env))).find((a) => a.id === id);
  return found ? (problemOf(found, now) ?? found) : "unknown";
}

function problemOf(approval: Approval, now: number): ApprovalProblem | null {
  if (approval.state === "used") return "used";
  if (approval.expiresAtMs <= now) return "expired";
  if (approval.state === "approved") return "approved";
  return null;
}

/** Marks it approved, if it still may be (checked again under the lock). */
export function approve(
  env: NodeJS.ProcessEnv,
  id: string,
  now: number,
): Promise<Approval | ApprovalProblem> {
  return changeApprovals(env, now, (approvals) => {
    const found = approvals.find((a) => a.id === id);
    if (!found) return "unknown";
    const problem = problemOf(found, now);
    if (problem) return problem;
    found.state = "approved";
    return found;
  });
}

/**
 * Spends the approval for exactly this body and target, if one is approved and alive: true when
 * it was spent now (the caller sends), false when there is none (nothing may be sent).
 */
export function spendApproval(
  env: NodeJS.ProcessEnv,
  request: Pick<ApprovalRequest, "body" | "baseUrl">,
  now: number,
): Promise<boolean> {
  const bodySha256 = sha256(request.body);
  return changeApprovals(env, now, (approvals) => {
    const found = approvals.find(living("approved", bodySha256, request.baseUrl, now));
    if (!found) return false;
    found.state = "used";
    return true;
  });
}
