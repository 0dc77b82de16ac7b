import { saveSender, senderNameProblem, senderRecord } from "../../../config/senders.js";
import type { Answers } from "../../../domain/confirm.js";
import { declarationId } from "../../../domain/declarations.js";
import { jsonText } from "../../../output/records.js";
import type { CommandContext } from "../../context.js";
import { savedSenders } from "./answers.js";

/**
 * What a wizard's confirmation offers next, once it is sent: to save the answers as a sender,
 * and to declare the other pending deposits the same way.
 */

/**
 * "Save these answers as a sender?", and a name for them, when no saved sender has them (a
 * saved sender with its own description, or none, is the same sender).
 */
export async function offerToSave(answers: Answers, ctx: CommandContext): Promise<void> {
  const who = (a: Answers) => jsonText(senderRecord({ ...a, description: undefined }));
  if (savedSenders(ctx.env).some((s) => who(s.answers) === who(answers))) return;
  const save = await ctx.prompter.confirm({
    message: "Save these answers as a sender for next time?",
    default: false,
  });
  if (!save) return;
  const name = await ctx.prompter.input({
    message: "Name for this sender:",
    validate: (value) => senderNameProblem(value.trim()) ?? true,
  });
  await saveSender(ctx.env, name.trim(), answers);
  ctx.io.info(
    `Sender '${name.trim()}' saved: \`--sender ${name.trim()}\` answers the same way next time`,
  );
}

/**
 * "Declare the other N pending deposits the same way?", when others are pending: the ids of
 * those to confirm with these answers (a batch, its plan shown and asked about before anything
 * is sent), or none. Read with the run's one client.
 */
export async function offerSameWay(confirmedId: string, ctx: CommandContext): Promise<string[]> {
  const client = await ctx.client();
  const others: string[] = [];
  for await (const page of client.walkDeclarations({
    statuses: ["Pending"],
    page: 1,
    pageSize: 100,
  })) {
    for (const d of page) if (declarationId(d) !== confirmedId) others.push(declarationId(d));
  }
  if (others.length === 0) return [];
  const n = others.length;
  const yes = await ctx.prompter.confirm({
    message: `Declare the other ${n} pending deposit${n === 1 ? "" : "s"} the same way?`,
    default: false,
  });
  return yes ? others : [];
}
