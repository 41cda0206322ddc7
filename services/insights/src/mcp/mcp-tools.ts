import { Value } from '@sinclair/typebox/value';
import {
  formatQueryResult,
  isPureTool,
  queryRefusal,
  runTool,
  ToolInputError,
  type PureToolName,
  type ToolContext,
} from '@tracemap/assistant';
import {
  ASSISTANT_TOOL_NAMES,
  ASSISTANT_TOOLS,
  QuerySourceInput,
  type AssistantToolName,
  type StoredQueryResult,
} from '@tracemap/contracts';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { isPullFailure } from '../pulls/pull-failure';

/** The assistant's tools as MCP offers them: each reads (`propose_change` only drafts, for a person to apply). */
export const MCP_TOOL_NAMES: readonly AssistantToolName[] = ASSISTANT_TOOL_NAMES;

// The contracts' TypeBox schemas carry symbol keys for TypeBox itself; MCP clients get plain JSON Schema.
const jsonSchema = (schema: object): Tool['inputSchema'] => JSON.parse(JSON.stringify(schema));

/**
 * Names, descriptions and schemas exactly as in the contracts; every one only reads. Only
 * `query_source` reaches outside (a GA4 or Amplitude source), and it stores its result.
 */
export const MCP_TOOLS: Tool[] = MCP_TOOL_NAMES.map((name) => ({
  name,
  description: ASSISTANT_TOOLS[name].description,
  inputSchema: jsonSchema(ASSISTANT_TOOLS[name].input),
  outputSchema: jsonSchema(ASSISTANT_TOOLS[name].output),
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: name !== 'query_source',
    openWorldHint: name === 'query_source',
  },
}));

const failed = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });
const answered = (output: object): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(output) }],
  structuredContent: output as Record<string, unknown>,
});

/** Runs a source query for the caller and stores its result (the service's side of `query_source`). */
export type RunQuery = (input: QuerySourceInput) => Promise<StoredQueryResult>;

/**
 * One call, on input from the client checked against the tool's schema. Refusals the client
 * can act on (an unknown tool, input outside the schema, a role's rule, a source that cannot
 * answer) are tool errors the model can read, not protocol errors.
 */
export async function callMcpTool(
  ctx: ToolContext,
  name: string,
  input: unknown,
  runQuery: RunQuery,
): Promise<CallToolResult> {
  if (name === 'query_source') return querySource(ctx, input ?? {}, runQuery);
  if (!isPureTool(name)) return failed(`Unknown tool "${name}". Tools: ${MCP_TOOL_NAMES.join(', ')}.`);
  try {
    return answered(runTool(ctx, name as PureToolName, input ?? {}).output);
  } catch (error) {
    if (error instanceof ToolInputError) return failed(`Invalid input for ${name}: ${error.problems.join('; ')}`);
    throw error;
  }
}

async function querySource(ctx: ToolContext, input: unknown, runQuery: RunQuery): Promise<CallToolResult> {
  if (!Value.Check(QuerySourceInput, input)) {
    const problems = [...Value.Errors(QuerySourceInput, input)].slice(0, 5).map((e) => `${e.path || '/'} ${e.message}`);
    return failed(`Invalid input for query_source: ${problems.join('; ')}`);
  }
  const refusal = queryRefusal(ctx, input);
  if (refusal) return failed(refusal);
  try {
    return answered(formatQueryResult(await runQuery(input)).output);
  } catch (error) {
    if (isPullFailure(error)) return failed(error.message);
    throw error;
  }
}
