import { type ChildProcess, spawn } from "node:child_process";
import { fstatSync } from "node:fs";

/**
 * How often GNU tail looks at the pipe (`tail -s`), in seconds: about the longest a watch waits
 * after its reader left. Following /dev/null (a character device, which tail follows by polling,
 * not inotify) it looks once per interval, 1 s by default. Each look is a poll(2), a kill(2) and
 * a nanosleep: about 1 ms of CPU a second at 0.1 s.
 */
const LOOK_EVERY_SECONDS = 0.1;

/**
 * How watching ended: "gone" (the reader left; `onGone` was called), "stopped" (by `stop()`,
 * or with this process), "unavailable" (nothing could watch: the next write's EPIPE is all).
 */
export type WatchEnd = "gone" | "stopped" | "unavailable";

export interface ReaderWatch {
  /** Ends the helper process if one runs; safe to call more than once. */
  stop(): void;
  /** Settles once watching has ended and no helper process is left. */
  readonly ended: Promise<WatchEnd>;
}

export interface PipeReaderOptions {
  /** The program to run; "tail" (found on PATH) unless a test says otherwise. */
  tail?: string;
}

/**
 * Calls `onGone` once the last reader of `stream`, a pipe (`tradectl declarations watch | head
 * -1`), has closed it, though nothing is written to it: a watch waiting for its next poll ends
 * then, not minutes later at its next write.
 *
 * Why a helper process: Node cannot wait on a descriptor it only writes to. Its pipe handle is
 * write-only (libuv refuses to read from it: ENOTCONN), a zero-byte write succeeds with no reader,
 * and opening /proc/self/fd/1 again only fails (ENXIO) for a named FIFO, not for a shell's pipe.
 * GNU tail (coreutils >= 8.28) polls its stdout for POLLERR, which a pipe whose readers all left
 * reports, and then dies of SIGPIPE: given our stdout as its own, it is that watcher. It prints
 * nothing (it follows /dev/null), `--pid` ends it with this process, and it is killed when the
 * watch stops or this process exits.
 *
 * Where this cannot work it does nothing, and the next write's EPIPE ends the watch as before:
 * not Linux, stdout not a pipe (a file, a terminal, or a socket, which tail does not watch), no
 * tail on PATH, or a tail without --pid (busybox): those exit at once with an error, never
 * SIGPIPE. A GNU tail older than 8.28 never notices and lives until the watch stops.
 */
export function watchPipeReader(
  stream: NodeJS.WritableStream,
  onGone: () => void,
  options: PipeReaderOptions = {},
): ReaderWatch {
  const fd = (stream as { fd?: unknown }).fd;
  const unavailable: ReaderWatch = { stop: () => {}, ended: Promise.resolve("unavailable") };
  if (process.platform !== "linux" || typeof fd !== "number" || !isPipe(fd)) return unavailable;
  let child: ChildProcess;
  try {
    child = spawn(
      options.tail ?? "tail",
      ["-f", "-s", String(LOOK_EVERY_SECONDS), `--pid=${process.pid}`, "/dev/null"],
      { stdio: ["ignore", fd, "ignore"] },
    );
  } catch {
    // Most failures to start come as an "error" event; the rest (out of memory) are thrown.
    return unavailable;
  }
  let stopped = false;
  const stop = () => {
    process.off("exit", stop);
    if (stopped) return;
    stopped = true;
    child.kill();
  };
  const ended = new Promise<WatchEnd>((resolve) => {
    // No such program: spawn's error, and no process to wait for.
    child.on("error", () => {
      process.off("exit", stop);
      resolve("unavailable");
    });
    child.on("exit", (_code, signal) => {
      process.off("exit", stop);
      if (stopped) return resolve("stopped");
      if (signal !== "SIGPIPE") return resolve("unavailable");
      onGone();
      resolve("gone");
    });
  });
  // The watch's own timers decide when the process may end, never this helper.
  child.unref();
  process.on("exit", stop);
  return { stop, ended };
}

function isPipe(fd: number): boolean {
  try {
    return fstatSync(fd).isFIFO();
  } catch {
    return false;
  }
}
