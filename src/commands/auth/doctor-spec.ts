import { Command } from "@commander-js/extra-typings";
import { defineVerb, type NoOptions } from "../verb.js";

const doctorCommand = () =>
  new Command("doctor")
    .description("Explain why the service refuses the key: each check with its fix")
    .addHelpText(
      "after",
      `
Checks, in order: the credentials (found, from where; the private key is base64 of a
plausible length, checked before anything is sent), the base URL, the service's server time
(reachable, round trip), the clock offset, a signed read of each endpoint family tradectl
uses (declarations, orders, trades), and what the answers mean together: every family
refused → the key pair or its IP binding; one refused while another answers → that
permission is missing; "Invalid Nonce" → the clock. Nothing that changes state is sent.

-o json: [{"check": NAME, "status": "ok"|"warn"|"fail"|"skipped", "detail": TEXT,
"fix": TEXT|null}]

Exit status: 0 when nothing failed, 4 for a credentials or permission failure, 1 for a
network one, 2 for a base URL tradectl will not use.

Examples:
  $ tradectl auth doctor
  $ tradectl --profile work auth doctor -o json
  $ tradectl --sandbox auth doctor`,
    );

/** `auth doctor` takes only the global options (profile, base URL, output). */
export const doctorVerb = defineVerb({
  command: doctorCommand,
  options: (): NoOptions => ({}),
  run: async () => (await import("./doctor.js")).runDoctor,
});
