// `receipts verify` over the whole file: the chain line by line, the end against the head anchor, torn lines named.
import { readFile } from "node:fs/promises";
import { msg } from "../i18n/index.js";
import { fileError } from "./files.js";
import { tornPath } from "./receipts-append.js";
import { sha256, type VerifyResult, verifyLines } from "./receipts-chain.js";
import { headPath, readHead } from "./receipts-head.js";

/** A file's text, or null when it does not exist. */
async function textOf(path: string): Promise<string | null> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw fileError("read", path, error);
  }
}

/**
 * Whether the receipts at `path` are whole: each line fits the one before (receipts-chain.ts),
 * and the end is where the head anchor says (receipts-head.ts): an edited last line, lines
 * dropped from the end, an emptied or deleted file are found. A last line cut short by a crash
 * (never sent) is not a break: it is named (`tornLine`), as are the lines set aside before.
 */
export async function verifyReceipts(path: string): Promise<VerifyResult> {
  const text = (await textOf(path)) ?? "";
  const lines = text === "" ? [] : text.split("\n");
  const endsWhole = lines.at(-1) === "";
  if (endsWhole) lines.pop();
  const tornLine = !endsWhole && lines.length > 0 ? lines.length : null;
  if (tornLine !== null) lines.pop();
  const head = readHead(path);
  const anchoredEnd =
    head !== null && head !== "unreadable" && head.count === lines.length ? head.last : undefined;
  const chain = verifyLines(lines, anchoredEnd);
  if (!chain.ok) return chain;
  const where = { head: headPath(path) };
  if (head === "unreadable") {
    return {
      ok: false,
      line: lines.length,
      reason: msg("receiptsFile.why.headUnreadable", where),
    };
  }
  if (head !== null && head.count > lines.length) {
    const missing = { ...where, count: head.count };
    return {
      ok: false,
      line: lines.length + 1,
      reason: msg("receiptsFile.why.endRemoved", missing),
    };
  }
  if (head !== null && head.count > 0 && sha256(lines[head.count - 1]!) !== head.last) {
    return {
      ok: false,
      line: head.count,
      reason: msg("receiptsFile.why.lastEdited", where),
    };
  }
  const aside = (await textOf(tornPath(path))) ?? "";
  return {
    ok: true,
    count: lines.length,
    tornLine,
    setAside: aside.split("\n").filter((l) => l !== "").length,
    anchored: head !== null || lines.length === 0,
  };
}
