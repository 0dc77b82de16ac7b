// Runs the program given in argv on this terminal and, when it has exited, writes its exit code
// in-band (an OSC sequence, after every byte the program wrote), then waits for the test
// harness's go-ahead (one byte on the terminal) before exiting itself. node-pty may report an
// exit before the last output has been read, and drops that output when its reader is slow
// (microsoft/node-pty#72); an exit told in the stream itself cannot overtake the output.
const { spawn } = require("node:child_process");
const { constants } = require("node:os");

// Ctrl-C on the terminal goes to its whole foreground group: it is the program's to handle.
process.on("SIGINT", () => {});
const child = spawn(process.execPath, process.argv.slice(2), { stdio: "inherit" });
for (const signal of ["SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  const status = code ?? 128 + (constants.signals[signal] ?? 0);
  process.stdout.write(`\x1b]7770;exit=${status}\x07`);
  if (process.stdin.isTTY) process.stdin.setRawMode(true);
  process.stdin.once("data", () => process.exit(status));
  process.stdin.resume();
});
