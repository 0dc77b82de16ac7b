import { isIP } from "node:net";
import type { TradeClient } from "../../api/client.js";
import type { ConnectionPath } from "../../api/connection-path.js";
import { addressText } from "../../api/connection-path.js";
import { type Finding, skipped } from "../../domain/doctor.js";
import { isTradectlError } from "../../errors.js";
import { msg } from "../../i18n/index.js";
import type { IpFamily } from "../../wire/ip-family.js";
import { buildClient, lastPathOf } from "../client-factory.js";
import type { CommandContext } from "../context.js";
import { checkKeyPair } from "./check.js";

/**
 * The network path in `auth doctor`: which local address and family each check left from (the
 * service binds keys to addresses, and has no endpoint that says which one it saw), and, when
 * every signed read was refused over one family of a host name that has both, one read over
 * the other family, which names `--ip-family N` as the fix when the key is accepted there.
 */

const fromText = (path: ConnectionPath) => ({
  local: addressText(path.localAddress, path.family),
  family: path.family,
});

/** `found` with " (from 192.0.2.1, IPv4)" after its detail. */
export function withPath(found: Finding, path: ConnectionPath | null): Finding {
  if (path === null) return found;
  const from = msg("network.from", fromText(path));
  return { ...found, detail: msg("network.detailFrom", { detail: found.detail, from }) };
}

/** The checks whose key was refused everywhere: the verdict blames the key pair or its binding. */
const keyRefused = (findings: readonly Finding[]) => {
  const verdict = findings.at(-1);
  return (
    verdict?.check === "verdict" && verdict.status === "fail" && verdict.failure === "credentials"
  );
};

/**
 * Tries the other family when the key was refused over one and the base URL is a host name (an
 * address literal has one family only). Returns the findings with the try's before the verdict;
 * the verdict names the fix when the key was accepted over the other family.
 */
export async function tryOtherFamily(
  findings: readonly Finding[],
  client: TradeClient,
  ctx: CommandContext,
): Promise<Finding[]> {
  const used = lastPathOf(client);
  if (
    !keyRefused(findings) ||
    used === null ||
    isIP(client.baseUrl.hostname.replace(/^\[|\]$/g, "")) !== 0
  ) {
    return [...findings];
  }
  const other: IpFamily = used.family === 6 ? 4 : 6;
  const otherClient = await buildClient({ ...ctx, ipFamily: other });
  let tried: Finding;
  let accepted = false;
  try {
    await checkKeyPair(otherClient);
    accepted = true;
    const otherPath = lastPathOf(otherClient);
    const params = {
      refused: used.family,
      refusedFrom: fromText(used).local,
      accepted: other,
      acceptedFrom: otherPath ? fromText(otherPath).local : "?",
    };
    tried = {
      check: "ip-family",
      status: "fail",
      detail: msg("network.otherFamily", params),
      fix: msg("network.otherFamilyFix", { family: other }),
      failure: "credentials",
    };
  } catch (thrown) {
    if (!isTradectlError(thrown) || thrown.kind === "cancelled") throw thrown;
    const path = lastPathOf(otherClient);
    tried =
      thrown.kind === "auth" && path
        ? {
            check: "ip-family",
            status: "ok",
            detail: msg("network.otherRefused", { family: other, local: fromText(path).local }),
            fix: null,
          }
        : skipped(
            "ip-family",
            msg("network.otherUnreached", { family: other, message: thrown.text }),
          );
  }
  const verdict = findings.at(-1)!;
  const rest = findings.slice(0, -1);
  if (!accepted) return [...rest, tried, verdict];
  // The try found the cause: the verdict says it, with its fix.
  return [...rest, tried, { ...tried, check: "verdict" }];
}
