import { maskKey } from "../../api/client.js";
import type { ResolvedCredentials } from "../../config/credentials.js";
import {
  doctorExitCode,
  eachOf,
  type Finding,
  ok,
  secretFinding,
  skipped,
} from "../../domain/doctor.js";
import { isTradectlError, TradectlError } from "../../errors.js";
import { asIs, msg, type Text } from "../../i18n/index.js";
import { createRecordWriter } from "../../output/records.js";
import { settingsFor } from "../client-factory.js";
import type { CommandContext } from "../context.js";
import type { NoOptions } from "../verb.js";
import { SERVICE_CHECKS, serviceChecks } from "./doctor-checks.js";
import { tryOtherFamily } from "./doctor-path.js";
import { FINDING_VIEW, findingRecord, findingsTable } from "./doctor-view.js";
import { keyProblem } from "./key.js";

/** Which source won, in words: the --profile flag, the environment, a profile. */
function sourceText(found: ResolvedCredentials, ctx: CommandContext): Text {
  const { origin } = found;
  if (found.source === "env") return msg("doctor.fromEnv", { origin });
  if (found.source === "profile" && ctx.globals.profileFromFlag) {
    return msg("doctor.fromProfileFlag", { origin });
  }
  return asIs(origin);
}

async function credentialsFindings(
  ctx: CommandContext,
): Promise<{ findings: Finding[]; usable: boolean }> {
  if (ctx.globals.sandbox) {
    const { DEMO_CREDENTIALS } = await import("../../sandbox/server.js");
    return {
      findings: [
        ok("credentials", msg("doctor.sandboxKey", { key: maskKey(DEMO_CREDENTIALS.publicKey) })),
        secretFinding(DEMO_CREDENTIALS.secret, msg("doctor.theSandbox")),
      ],
      usable: true,
    };
  }
  let found: ResolvedCredentials;
  try {
    found = await settingsFor(ctx).findCredentials();
  } catch (thrown) {
    if (!isTradectlError(thrown)) throw thrown;
    return {
      findings: [
        {
          check: "credentials",
          status: "fail",
          detail: thrown.text,
          fix: thrown.hint ?? null,
          failure: "credentials",
        },
        skipped("secret", msg("doctor.noKeyPair")),
      ],
      usable: false,
    };
  }
  const problemKey = keyProblem(found.publicKey);
  const source = sourceText(found, ctx);
  const credentials: Finding = problemKey
    ? {
        check: "credentials",
        status: "fail",
        detail: msg("doctor.badKey", { problem: msg(problemKey), source }),
        fix: msg("doctor.badKeyFix"),
        failure: "credentials",
      }
    : ok("credentials", msg("doctor.keyFrom", { key: maskKey(found.publicKey), source }));
  const secret = secretFinding(found.secret, source);
  return {
    findings: [credentials, secret],
    usable: credentials.status !== "fail" && secret.status !== "fail",
  };
}

function baseUrlFinding(ctx: CommandContext): Finding {
  if (ctx.globals.sandbox) return ok("base-url", msg("doctor.baseUrlSandbox"));
  try {
    const { value, origin } = settingsFor(ctx).baseUrl();
    const how = value.startsWith("https:") ? "doctor.https" : "doctor.plainHttp";
    return ok("base-url", msg("doctor.baseUrl", { url: value, origin, how: msg(how) }));
  } catch (thrown) {
    if (!(thrown instanceof TradectlError)) throw thrown;
    return {
      check: "base-url",
      status: "fail",
      detail: thrown.text,
      fix: thrown.hint ?? msg("doctor.baseUrlFix"),
      failure: "usage",
    };
  }
}

async function print(findings: readonly Finding[], ctx: CommandContext): Promise<void> {
  const { output } = ctx.globals;
  if (output === "table") {
    await ctx.io.write(findingsTable(findings, ctx.io.out, ctx.io.columns, ctx.io.t));
    return;
  }
  const writer = createRecordWriter(output, FINDING_VIEW, ctx.io);
  await writer.write(findings.map(findingRecord));
  await writer.end();
}

/**
 * `auth doctor`: why the service refuses the key, check by check (docs/GUIDE.md, "Why is the key
 * refused?"). The local checks come first and, when one fails, nothing is sent; then the run's
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
    const checks = eachOf(failed);
    const why = msg("doctor.nothingSent", { checks });
    for (const check of SERVICE_CHECKS) findings.push(skipped(check, why));
    const first = findings.find((f) => f.status === "fail");
    findings.push({
      check: "verdict",
      status: "fail",
      detail: msg("doctor.fixFirst", { checks }),
      fix: first?.fix ?? null,
      failure: first?.failure ?? "credentials",
    });
  } else {
    const client = await ctx.client();
    const checks = (await serviceChecks(client, ctx.now)).findings;
    findings.push(...(await tryOtherFamily(checks, client, ctx)));
  }
  await print(findings, ctx);
  return doctorExitCode(findings);
}
