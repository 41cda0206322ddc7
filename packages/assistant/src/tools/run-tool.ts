import { Value } from '@sinclair/typebox/value';
import { ASSISTANT_TOOLS, type AssistantToolName, type ChatReference } from '@tracemap/contracts';
import type { Static } from '@sinclair/typebox';
import type { ToolContext } from '../data';
import { discoveryEvent } from './discovery-event';
import { discoveryOverview } from './discovery-overview';
import { getAttribute } from './get-attribute';
import { getEvent } from './get-event';
import { getMap } from './get-map';
import { getView } from './get-view';
import { listFindings } from './list-findings';
import { listItems } from './list-items';
import { proposeChange } from './propose-change';
import { searchPlan } from './search-plan';
import type { ToolResult } from './tool-result';

type Tools = typeof ASSISTANT_TOOLS;
export type ToolInput<N extends AssistantToolName> = Static<Tools[N]['input']>;
export type ToolOutput<N extends AssistantToolName> = Static<Tools[N]['output']>;
/** The tools this package runs; `query_source` runs in the service, which formats its stored result here. */
export type PureToolName = Exclude<AssistantToolName, 'query_source'>;

const PURE_TOOLS: { [N in PureToolName]: (ctx: ToolContext, input: ToolInput<N>) => ToolResult<ToolOutput<N>> } = {
  search_plan: searchPlan,
  get_event: getEvent,
  get_attribute: getAttribute,
  get_view: getView,
  get_map: getMap,
  list_items: listItems,
  discovery_overview: discoveryOverview,
  discovery_event: discoveryEvent,
  list_findings: listFindings,
  propose_change: proposeChange,
};

export class ToolInputError extends Error {
  readonly code = 'invalid_tool_input';
  constructor(
    readonly tool: string,
    readonly problems: string[],
  ) {
    super(`${tool}: ${problems.join('; ')}`);
  }
}

export function isPureTool(name: string): name is PureToolName {
  return Object.hasOwn(PURE_TOOLS, name);
}

/** Runs a tool on input from outside (a model, an MCP client), checked against the tool's schema first. */
export function runTool<N extends PureToolName>(ctx: ToolContext, name: N, input: unknown): ToolResult<ToolOutput<N>> {
  const schema = ASSISTANT_TOOLS[name].input;
  if (!Value.Check(schema, input)) {
    throw new ToolInputError(
      name,
      [...Value.Errors(schema, input)].slice(0, 5).map((e) => `${e.path || '/'} ${e.message}`),
    );
  }
  const run = PURE_TOOLS[name] as (ctx: ToolContext, input: unknown) => ToolResult<ToolOutput<N>>;
  return run(ctx, input);
}

export type { ChatReference };
