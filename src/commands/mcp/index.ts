import { verbGroup } from "../verb.js";
import { mcpApproveVerb, mcpServeVerb } from "./mcp-spec.js";

/** The `mcp` group: `serve` (also what `tradectl mcp` alone runs) and `approve`, in the order help lists them. */
export const registerMcp = verbGroup(mcpServeVerb, mcpApproveVerb);
