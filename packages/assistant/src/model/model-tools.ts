import { jsonSchema, tool, type JSONSchema7, type ToolSet } from 'ai';
import { ASSISTANT_TOOLS, ASSISTANT_TOOL_NAMES, QuerySourceInput, type StoredQueryResult } from '@tracemap/contracts';
import { Value } from '@sinclair/typebox/value';
import { queryRefusal } from '../query/query-access';
import { formatQueryResult } from '../tools/query-result';
import { isPureTool, ToolInputError } from '../tools/run-tool';
import type { Turn } from '../tools/turn';

/** Runs a query against one of the company's sources and stores its result (the service's I/O). */
export type RunSourceQuery = (input: QuerySourceInput) => Promise<StoredQueryResult>;

export interface ToolActivity {
  tool: (typeof ASSISTANT_TOOL_NAMES)[number];
  input: unknown;
  durationMs: number;
  /** What the tool answered the model: its output, or a refusal (`{ error }`). */
  output: unknown;
}

/** A refusal the model reads as the tool's answer, so it can correct its input or say why it cannot answer. */
export interface ToolRefusal {
  error: string;
}

// TypeBox schemas are JSON Schema already; serialising drops TypeBox's own symbol keys.
const asJsonSchema = (schema: unknown): JSONSchema7 => JSON.parse(JSON.stringify(schema)) as JSONSchema7;

const problemOf = (error: unknown): string =>
  error instanceof ToolInputError
    ? `Invalid input: ${error.problems.join('; ')}`
    : error instanceof Error
      ? error.message
      : String(error);

async function querySource(turn: Turn, runQuery: RunSourceQuery, input: unknown): Promise<unknown> {
  if (!Value.Check(QuerySourceInput, input))
    throw new ToolInputError(
      'query_source',
      [...Value.Errors(QuerySourceInput, input)].slice(0, 5).map((e) => `${e.path || '/'} ${e.message}`),
    );
  const refusal = queryRefusal(turn.ctx, input);
  if (refusal) return { error: refusal } satisfies ToolRefusal;
  const result = formatQueryResult(await runQuery(input));
  turn.record('query_source', input, result);
  return result.output;
}

/**
 * The tools as the model sees them, built from the same schemas as the offline
 * answerer and the MCP server. Every call is recorded in the turn, which is all
 * the grounding check accepts as evidence. `query_source` is offered only where
 * the service can run it.
 */
export function modelTools(
  turn: Turn,
  options: { runQuery: RunSourceQuery | null; onCall?: (activity: ToolActivity) => void },
): ToolSet {
  const runQuery = options.runQuery;
  const answer = async (name: (typeof ASSISTANT_TOOL_NAMES)[number], input: unknown): Promise<unknown> => {
    try {
      if (isPureTool(name)) return turn.call(name, input);
      if (!runQuery) return { error: 'No data source can be queried.' } satisfies ToolRefusal;
      return await querySource(turn, runQuery, input);
    } catch (error) {
      return { error: problemOf(error) } satisfies ToolRefusal;
    }
  };
  const tools: ToolSet = {};
  for (const name of ASSISTANT_TOOL_NAMES) {
    const schema = ASSISTANT_TOOLS[name];
    if (name === 'query_source' && !runQuery) continue;
    tools[name] = tool({
      description: schema.description,
      inputSchema: jsonSchema<unknown>(asJsonSchema(schema.input)),
      execute: async (input: unknown): Promise<unknown> => {
        const started = performance.now();
        const output = await answer(name, input);
        options.onCall?.({ tool: name, input, durationMs: Math.round(performance.now() - started), output });
        return output;
      },
    });
  }
  return tools;
}
