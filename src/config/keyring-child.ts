/**
 * The program a keyring call runs in: its own Node process, so that a keyring that never
 * answers (a D-Bus that accepts and stays silent, a collection waiting on an unlock prompt)
 * blocks that process and not tradectl. @napi-rs/keyring opens its D-Bus connection in a
 * synchronous constructor: in a worker thread a hang there also stops the process from
 * leaving (exit joins the worker), so only a child can be killed.
 *
 * Run as `node -e SOURCE MODULE OP SERVICE ACCOUNT`; a secret to store comes on stdin, never in
 * argv; the answer is one JSON object on stdout: {ok: true, value} or {ok: false, message}.
 * On Linux the entry is pinned to the Secret Service: the library's fallback, the kernel's
 * key store, forgets everything at reboot.
 */
export const KEYRING_CHILD_SOURCE = `"use strict";
const [path, op, service, account] = process.argv.slice(1);
const reply = (answer) => process.stdout.write(JSON.stringify(answer));
let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", async () => {
  try {
    const { AsyncEntry } = require(path);
    const entry = new AsyncEntry(service, account, { linux: { store: "secret-service" } });
    if (op === "read") reply({ ok: true, value: await entry.getPassword() });
    else if (op === "write") { await entry.setPassword(input); reply({ ok: true, value: null }); }
    else reply({ ok: true, value: await entry.deletePassword() });
  } catch (error) {
    reply({ ok: false, message: String((error && error.message) || error) });
  }
});
`;
