import { maskKey } from "../../api/client.js";
import type { ResolvedCredentials } from "../../config/credentials.js";
import {
  doctorExitCode,
  errorText,
  type Finding,
  type FindingText,
  finding,
  findingText,
  ok,
  secretFinding,
  skipped,
  textIn,
} from "../../domain/doctor.js";
import { isTradectlError, TradectlError } from "../../errors.js";
import { english, type Translator } from "../../i18n/index.js";
import { createRecordWriter } from "../../output/records.js";
import { settingsFor } from "../client-factory.js";
import type { CommandContext } from "../context.js";
import type { NoOptions } from "../verb.js";
import { SERVICE_CHECKS, serviceChecks } from "./doctor-checks.js";
import { tryOtherFamily } from "./doctor-path.js";
import { FINDING_VIEW, findingsTable } from "./doctor-view.js";
import { keyProblem } from "./key.js";

/** Which source won, in words: the --profile flag, the environment, a profile. */
function sourceText(found: ResolvedCredentials, ctx: CommandContext): FindingText {
  const { origin } = found;
  if (found.source === "env") return (t) => t("doctor.fromEnv", { origin });
  if (found.source === "profile" && ctx.globals.profileFromFlag) {
    return (t) => t("doctor.fromProfileFlag", { origin });
  }
  return origin;
}

/** An error's hint as a finding's fix, in any language; `fallback` when it has none. */
const fixOf = (error: TradectlError, fallback: FindingText | null): FindingText | null =>
  error.hint === undefined ? fallback : findingText(error.hint);

async function credentialsFindings(
  ctx: CommandContext,
  t: Translator,
): Promise<{ findings: Finding[]; usable: boolean }> {
  if (ctx.globals.sandbox) {
    const { DEMO_CREDENTIALS } = await import("../../sandbox/server.js");
    return {
      findings: [
        ok(
          "credentials",
          (tt) => tt("doctor.sandboxKey", { key: maskKey(DEMO_CREDENTIALS.publicKey) }),
          t,
        ),
        secretFinding(DEMO_CREDENTIALS.secret, (tt) => tt("doctor.theSandbox"), t),
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
        finding(
          {
            check: "credentials",
            status: "fail",
            detail: errorText(thrown),
            fix: fixOf(thrown, null),
            failure: "credentials",
          },
          t,
        ),
        skipped("secret", (tt) => tt("doctor.noKeyPair"), t),
      ],
      usable: false,
    };
  }
  const problemKey = keyProblem(found.publicKey);
  const source = sourceText(found, ctx);
  const from = (tt: Translator) => textIn(source, tt);
  const credentials: Finding = problemKey
    ? finding(
        {
          check: "credentials",
          status: "fail",
          detail: (tt) => tt("doctor.badKey", { problem: tt(problemKey), source: from(tt) }),
          fix: (tt) => tt("doctor.badKeyFix"),
          failure: "credentials",
        },
        t,
      )
    : ok(
        "credentials",
        (tt) => tt("doctor.keyFrom", { key: maskKey(found.publicKey), source: from(tt) }),
        t,
      );
  const secret = secretFinding(found.secret, source, t);
  return {
    findings: [credentials, secret],
    usable: credentials.status !== "fail" && secret.status !== "fail",
  };
}

function baseUrlFinding(ctx: CommandContext, t: Translator): Finding {
  if (ctx.globals.sandbox) return ok("base-url", (tt) => tt("doctor.baseUrlSandbox"), t);
  try {
    const { value, origin } = settingsFor(ctx).baseUrl();
    const how = value.startsWith("https:") ? "doctor.https" : "doctor.plainHttp";
    return ok("base-url", (tt) => tt("doctor.baseUrl", { url: value, origin, how: tt(how) }), t);
  } catch (thrown) {
    if (!(thrown instanceof TradectlError)) throw thrown;
    return finding(
      {
        check: "base-url",
        status: "fail",
        detail: errorText(thrown),
        fix: fixOf(thrown, (tt) => tt("doctor.baseUrlFix")),
        failure: "usage",
      },
      t,
    );
  }
}

async function print(findings: readonly Finding[], ctx: CommandContext): Promise<void> {
  const { output } = ctx.globals;
  if (output === "table") {
    await ctx.io.write(findingsTable(findings, ctx.io.out, ctx.io.columns, ctx.io.t));
    return;
  }
  const writer = createRecordWriter(output, FINDING_VIEW, ctx.io);
  await writer.write(findings);
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
  // The table says the findings in the run's language; the machine formats keep the English.
  const t = ctx.globals.output === "table" ? ctx.io.t : english;
  const credentials = await credentialsFindings(ctx, t);
  const baseUrl = baseUrlFinding(ctx, t);
  const findings: Finding[] = [...credentials.findings, baseUrl];
  if (!credentials.usable || baseUrl.status === "fail") {
    const failed = findings.filter((f) => f.status === "fail").map((f) => f.check);
    const checks = (tt: Translator) => failed.join(tt("doctor.and"));
    const why: FindingText = (tt) => tt("doctor.nothingSent", { checks: checks(tt) });
    for (const check of SERVICE_CHECKS) findings.push(skipped(check, why, t));
    const first = findings.find((f) => f.status === "fail");
    const verdict = finding(
      {
        check: "verdict",
        status: "fail",
        detail: (tt) => tt("doctor.fixFirst", { checks: checks(tt) }),
        fix: first?.fix ?? null,
        failure: first?.failure ?? "credentials",
      },
      t,
    );
    // The first failure's fix, as the table said it.
    findings.push(
      verdict.inLang && first?.inLang
        ? { ...verdict, inLang: { ...verdict.inLang, fix: first.inLang.fix } }
        : verdict,
    );
  } else {
    const client = await ctx.client();
    const checks = (await serviceChecks(client, ctx.now, t)).findings;
    findings.push(...(await tryOtherFamily(checks, client, ctx, t)));
  }
  await print(findings, ctx);
  return doctorExitCode(findings);
}
