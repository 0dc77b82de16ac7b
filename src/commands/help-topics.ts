import { sameWord } from "../domain/text.js";

/** A `tradectl help TOPIC`: its name, and its one line in `tradectl --help`. */
export interface HelpTopic {
  name: TopicName;
  /** A catalog entry (said in the run's language). */
  summary:
    | "help.topic.exitCodes"
    | "help.topic.environment"
    | "help.topic.formats"
    | "help.topic.sandbox";
}

export type TopicName = "exit-codes" | "environment" | "formats" | "sandbox";

/** The topics, in the order help lists them; their pages are topic-pages.ts. */
export const HELP_TOPICS: readonly HelpTopic[] = [
  { name: "exit-codes", summary: "help.topic.exitCodes" },
  { name: "environment", summary: "help.topic.environment" },
  { name: "formats", summary: "help.topic.formats" },
  { name: "sandbox", summary: "help.topic.sandbox" },
];

export function findTopic(name: string): HelpTopic | undefined {
  return HELP_TOPICS.find((topic) => sameWord(topic.name, name));
}
