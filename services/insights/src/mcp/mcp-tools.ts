import { isPureTool, runTool, ToolInputError, type PureToolName, type ToolContext } from '@tracemap/assistant';
import { ASSISTANT_TOOL_NAMES, ASSISTANT_TOOLS } from '@tracemap/contracts';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';

/**
 * The assistant's tools that run on the plan and discovery data alone, as MCP offers them.
 * `query_source` is left out until the service runs it: a tool that cannot answer is not listed.
 */
export const MCP_TOOL_NAMES: readonly PureToolName[] = ASSISTANT_TOOL_NAMES.filter(isPureTool);

// The contracts' TypeBox schemas carry symbol keys for TypeBox itself; MCP clients get plain JSON Schema.
const jsonSchema = (schema: object): Tool['inputSchema'] => JSON.parse(JSON.stringify(schema));

/** Names, descriptions and schemas exactly as in the contracts; every one only reads. */
export const MCP_TOOLS: Tool[] = MCP_TOOL_NAMES.map((name) => ({
  name,
  description: ASSISTANT_TOOLS[name].description,
  inputSchema: jsonSchema(ASSISTANT_TOOLS[name].input),
  outputSchema: jsonSchema(ASSISTANT_TOOLS[name].output),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
}));

const failed = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/**
 * One call, on input from the client checked against the tool's schema. Refusals the client
 * can act on (an unknown tool, input outside the schema) are tool errors the model can read,
 * not protocol errors.
 */
export function callMcpTool(ctx: ToolContext, name: string, input: unknown): CallToolResult {
  if (!isPureTool(name)) return failed(`Unknown tool "${name}". Tools: ${MCP_TOOL_NAMES.join(', ')}.`);
  try {
    const { output } = runTool(ctx, name, input ?? {});
    return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
  } catch (error) {
    if (error instanceof ToolInputError) return failed(`Invalid input for ${name}: ${error.problems.join('; ')}`);
    throw error;
  }
}
