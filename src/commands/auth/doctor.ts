import { maskKey } from "../../api/client.js";
import type { ResolvedCredentials } from "../../config/credentials.js";
import { doctorExitCode, type Finding, ok, secretFinding, skipped } from "../../domain/doctor.js";
import { isTradectlError, TradectlError } from "../../errors.js";
import { english } from "../../i18n/index.js";
import { createRecordWriter } from "../../output/records.js";
import { settingsFor } from "../client-factory.js";
import type { CommandContext } from "../context.js";
import type { NoOptions } from "../verb.js";
import { SERVICE_CHECKS, serviceChecks } from "./doctor-checks.js";
import { FINDING_VIEW, findingsTable } from "./doctor-view.js";
import { keyProblem } from "./key.js";

/** Which source won, in words: the --profile flag, the environment, a profile. */
function sourceText(found: ResolvedCredentials, ctx: CommandContext): string {
  if (found.source === "env") return `the environment (${found.origin})`;
  if (found.source === "profile" && ctx.globals.profileFromFlag) {
    return `the --profile flag: ${found.origin}`;
  }
  return found.origin;
}

async function credentialsFindings(
  ctx: CommandContext,
): Promise<{ findings: Finding[]; usable: boolean }> {
  if (ctx.globals.sandbox) {
    const { DEMO_CREDENTIALS } = await import("../../sandbox/server.js");
    return {
      findings: [
        ok(
          "credentials",
          `${maskKey(DEMO_CREDENTIALS.publicKey)}, the embedded sandbox's demo key pair`,
        ),
        secretFinding(DEMO_CREDENTIALS.secret, "the sandbox"),
      ],
      usable: true,
    };
  }
  let found: ResolvedCredentials;
  try {
    found = settingsFor(ctx.env, ctx.globals).findCredentials();
  } catch (thrown) {
    if (!isTradectlError(thrown)) throw thrown;
    return {
      findings: [
        {
          check: "credentials",
          status: "fail",
          detail: thrown.message,
          fix: thrown.hint ?? null,
          failure: "credentials",
        },
        skipped("secret", "no key pair was found"),
      ],
      usable: false,
    };
  }
  const problemKey = keyProblem(found.publicKey);
  const problem = problemKey && english(problemKey);
  const credentials: Finding = problem
    ? {
        check: "credentials",
        status: "fail",
        detail: `${problem} (from ${sourceText(found, ctx)})`,
        fix: "copy the public key again exactly as the exchange showed it, then run `tradectl auth login`",
        failure: "credentials",
      }
    : ok("credentials", `${maskKey(found.publicKey)}, from ${sourceText(found, ctx)}`);
  const secret = secretFinding(found.secret, sourceText(found, ctx));
  return {
    findings: [credentials, secret],
    usable: credentials.status !== "fail" && secret.status !== "fail",
  };
}

function baseUrlFinding(ctx: CommandContext): Finding {
  if (ctx.globals.sandbox) return ok("base-url", "the embedded sandbox, plain http on loopback");
  try {
    const { value, origin } = settingsFor(ctx.env, ctx.globals).baseUrl();
    const how = value.startsWith("https:") ? "https" : "plain http, to loopback only";
    return ok("base-url", `${value} (from ${origin}): ${how}`);
  } catch (thrown) {
    if (!(thrown instanceof TradectlError)) throw thrown;
    return {
      check: "base-url",
      status: "fail",
      detail: thrown.message,
      fix: thrown.hint ?? "use an https:// URL, e.g. https://api.btcturk.com",
      failure: "usage",
    };
  }
}

async function print(findings: readonly Finding[], ctx: CommandContext): Promise<void> {
  const { output } = ctx.globals;
  if (output === "table") {
    await ctx.io.write(findingsTable(findings, ctx.io.out, ctx.io.columns));
    return;
  }
  const writer = createRecordWriter(output, FINDING_VIEW, ctx.io);
  await writer.write(findings);
  await writer.end();
}

/**
 * `auth doctor`: why the service refuses the key, check by check (CLI-CONTRACT.md, "auth
 * doctor"). The local checks come first and, when one fails, nothing is sent; then the run's
 * one client reads server time and makes one signed read per endpoint family, none of which
 * changes anything. Exit 0 when nothing failed, 4 for credentials or a permission, 1 for the
 * network, 2 for a base URL the tool refuses.
 */
export async function runDoctor(_options: NoOptions, ctx: CommandContext): Promise<number> {
  const credentials = await credentialsFindings(ctx);
  const baseUrl = baseUrlFinding(ctx);
  const findings: Finding[] = [...credentials.findings, baseUrl];
  if (!credentials.usable || baseUrl.status === "fail") {
    const failed = findings.filter((f) => f.status === "fail").map((f) => f.check);
    const why = `nothing was sent: ${failed.join(" and ")} failed`;
    for (const check of SERVICE_CHECKS) findings.push(skipped(check, why));
    findings.push({
      check: "verdict",
      status: "fail",
      detail: `the key was not tried: fix ${failed.join(" and ")} first`,
      fix: findings.find((f) => f.status === "fail")?.fix ?? null,
      failure: findings.find((f) => f.status === "fail")?.failure ?? "credentials",
    });
  } else {
    const client = await ctx.client();
    findings.push(...(await serviceChecks(client, ctx.now)).findings);
  }
  await print(findings, ctx);
  return doctorExitCode(findings);
}
