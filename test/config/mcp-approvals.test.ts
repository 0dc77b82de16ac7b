import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  approve,
  pendingApproval,
  requestApproval,
  spendApproval,
} from "../../src/config/mcp-approvals.js";

/**
 * Out-of-band approvals for the agent server's confirm tool. The contract's words: "the
 * approval is for that body's sha256, once, and expires after 10 minutes".
 */
const TEN_MINUTES = 10 * 60 * 1000;
const BASE = "http://127.0.0.1:9/";
const BODY = '{"cryptoDepositDeclarationId":7,"isSelfSender":true}';

const home = () => {
  const dir = mkdtempSync(join(tmpdir(), "tradectl-approvals-"));
  return { HOME: dir, XDG_STATE_HOME: join(dir, "state") };
};
const ask = (env: NodeJS.ProcessEnv, now: number, body = BODY) =>
  requestApproval(env, { declarationId: "7", body, baseUrl: BASE, client: "c 1" }, now);

describe("approvals", () => {
  it("send nothing before a person approves, then exactly that body, once", async () => {
    const env = home();
    const asked = await ask(env, 0);
    expect(asked.id).toMatch(/^[0-9a-f]{12}$/);
    expect(await spendApproval(env, { body: BODY, baseUrl: BASE }, 1)).toBe(false);
    expect((await ask(env, 2)).id).toBe(asked.id);
    expect(await approve(env, asked.id, 3)).toMatchObject({ state: "approved" });
    // Another body, or the same body for another target, is not what was approved.
    expect(await spendApproval(env, { body: `${BODY} `, baseUrl: BASE }, 4)).toBe(false);
    expect(await spendApproval(env, { body: BODY, baseUrl: "http://127.0.0.1:8/" }, 4)).toBe(false);
    expect(await spendApproval(env, { body: BODY, baseUrl: BASE }, 5)).toBe(true);
    expect(await spendApproval(env, { body: BODY, baseUrl: BASE }, 6)).toBe(false);
    expect(await pendingApproval(env, asked.id, 7)).toBe("used");
    expect(await approve(env, asked.id, 7)).toBe("used");
  });

  it("expire 10 minutes after the agent asked, approved or not", async () => {
    const env = home();
    const late = await ask(env, 0);
    expect(await approve(env, late.id, TEN_MINUTES)).toBe("expired");
    const unused = await ask(env, 1_000, "{}");
    expect(await approve(env, unused.id, 2_000)).toMatchObject({ state: "approved" });
    expect(await spendApproval(env, { body: "{}", baseUrl: BASE }, 1_000 + TEN_MINUTES)).toBe(
      false,
    );
  });

  it("refuse an id that is not on record", async () => {
    const env = home();
    expect(await pendingApproval(env, "000000000000", 0)).toBe("unknown");
    expect(await approve(env, "000000000000", 0)).toBe("unknown");
  });
});
