import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { watchPipeReader } from "../../src/output/pipe-reader.js";
import { type Fifo, hasGnuTail, makeFifo } from "../helpers/fifo.js";

/**
 * output/pipe-reader.ts on real pipes (a named FIFO: a shell's `|` behaves the same). Nothing
 * here waits on time: each test waits for an event (the watcher's end, the pipe's end of file).
 */
const asStdout = (fd: number) => ({ fd }) as unknown as NodeJS.WritableStream;

let fifo: Fifo | null = null;
afterEach(() => {
  fifo?.cleanup();
  fifo = null;
});

describe.skipIf(process.platform !== "linux" || !hasGnuTail())("a pipe's reader watched", () => {
  it("the reader leaves while nothing is written: onGone, once", async () => {
    fifo = makeFifo();
    let calls = 0;
    const watch = watchPipeReader(asStdout(fifo.writeFd), () => calls++);
    fifo.reader.destroy();
    expect(await watch.ended).toBe("gone");
    expect(calls).toBe(1);
    watch.stop();
    expect(calls).toBe(1);
  });

  it("a reader already gone when watching starts is noticed too", async () => {
    fifo = makeFifo();
    fifo.reader.destroy();
    let calls = 0;
    const watch = watchPipeReader(asStdout(fifo.writeFd), () => calls++);
    expect(await watch.ended).toBe("gone");
    expect(calls).toBe(1);
  });

  it("stop() ends the helper: nothing holds the pipe after it, and onGone is not called", async () => {
    fifo = makeFifo();
    let calls = 0;
    const watch = watchPipeReader(asStdout(fifo.writeFd), () => calls++);
    watch.stop();
    watch.stop();
    expect(await watch.ended).toBe("stopped");
    // The helper held the writing end as its stdout: once ours is closed too, the reader sees
    // the end of the pipe only if no helper is left behind.
    fifo.closeWriter();
    expect(await fifo.ended).toBe("");
    expect(calls).toBe(0);
  });

  it("prints nothing into the pipe it watches", async () => {
    fifo = makeFifo();
    const watch = watchPipeReader(asStdout(fifo.writeFd), () => {});
    watch.stop();
    await watch.ended;
    fifo.closeWriter();
    expect(await fifo.ended).toBe("");
  });
});

describe("where nothing can watch, nothing is started and nothing is called", () => {
  it("stdout a file, a socket, or a stream without a descriptor", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tradectl-pipe-reader-"));
    const file = join(dir, "out.txt");
    writeFileSync(file, "");
    const fd = openSync(file, "w");
    const socket = await connectedSocket(dir);
    try {
      for (const stdout of [asStdout(fd), asStdout(socket.fd), {} as NodeJS.WritableStream]) {
        const watch = watchPipeReader(stdout, () => expect.fail("no reader was watched"));
        expect(await watch.ended).toBe("unavailable");
        watch.stop();
      }
    } finally {
      closeSync(fd);
      socket.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(process.platform !== "linux")(
    "no such program, or a tail that refuses --pid (busybox): unavailable, no crash",
    async () => {
      fifo = makeFifo();
      const dir = mkdtempSync(join(tmpdir(), "tradectl-pipe-reader-"));
      const refusing = join(dir, "tail");
      writeFileSync(refusing, "#!/bin/sh\necho 'tail: unrecognized option: pid' >&2\nexit 1\n", {
        mode: 0o755,
      });
      try {
        for (const tail of [join(dir, "missing"), refusing]) {
          const watch = watchPipeReader(
            asStdout(fifo.writeFd),
            () => expect.fail("the reader is still there"),
            { tail },
          );
          expect(await watch.ended).toBe("unavailable");
          watch.stop();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

/** A connected Unix socket's descriptor: what stdout is when a Node parent spawns with "pipe". */
async function connectedSocket(dir: string): Promise<{ fd: number; close(): void }> {
  const path = join(dir, "s.sock");
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(path, resolve));
  const client = connect(path);
  await new Promise<void>((resolve) => client.on("connect", resolve));
  const fd = (client as unknown as { _handle: { fd: number } })._handle.fd;
  return {
    fd,
    close() {
      client.destroy();
      server.close();
    },
  };
}
