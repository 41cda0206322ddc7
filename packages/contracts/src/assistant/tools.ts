import type { TSchema } from '@sinclair/typebox';
import { ProposeChangeInput, ProposeChangeOutput, QuerySourceInput, QuerySourceOutput } from './action-tools';
import {
  DiscoveryEventInput,
  DiscoveryEventOutput,
  DiscoveryOverviewInput,
  DiscoveryOverviewOutput,
  ListFindingsInput,
  ListFindingsOutput,
} from './discovery-tools';
import {
  GetAttributeInput,
  GetAttributeOutput,
  GetEventInput,
  GetEventOutput,
  GetMapInput,
  GetMapOutput,
  GetViewInput,
  GetViewOutput,
  ListItemsInput,
  ListItemsOutput,
  SearchPlanInput,
  SearchPlanOutput,
} from './plan-tools';

export const ASSISTANT_TOOL_NAMES = [
  'search_plan',
  'get_event',
  'get_attribute',
  'get_view',
  'get_map',
  'list_items',
  'discovery_overview',
  'discovery_event',
  'list_findings',
  'query_source',
  'propose_change',
] as const;
export type AssistantToolName = (typeof ASSISTANT_TOOL_NAMES)[number];

export interface AssistantToolSchema {
  description: string;
  input: TSchema;
  output: TSchema;
  /** Every tool reads; `propose_change` drafts without writing. */
  readOnly: true;
}

/** One schema per tool, shared by the chat, the MCP server and the tests. */
export const ASSISTANT_TOOLS = {
  search_plan: {
    description: 'Ranked search over plan names, descriptions, tags and view names, with folded and similar names.',
    input: SearchPlanInput,
    output: SearchPlanOutput,
    readOnly: true,
  },
  get_event: {
    description: 'A planned event with its effective attributes, the layer each came from, its views and maps.',
    input: GetEventInput,
    output: GetEventOutput,
    readOnly: true,
  },
  get_attribute: {
    description: 'A planned attribute and the events that carry it.',
    input: GetAttributeInput,
    output: GetAttributeOutput,
    readOnly: true,
  },
  get_view: {
    description: 'A view with the events that fire on it, its attributes and maps.',
    input: GetViewInput,
    output: GetViewOutput,
    readOnly: true,
  },
  get_map: {
    description: 'A map with its views and edges, and the paths between two of its views.',
    input: GetMapInput,
    output: GetMapOutput,
    readOnly: true,
  },
  list_items: {
    description: 'Events, attributes, views or maps filtered by tag, owner, status, category or scope, with counts.',
    input: ListItemsInput,
    output: ListItemsOutput,
    readOnly: true,
  },
  discovery_overview: {
    description: 'What was observed against the plan: volumes, planned events seen and unseen, unplanned names.',
    input: DiscoveryOverviewInput,
    output: DiscoveryOverviewOutput,
    readOnly: true,
  },
  discovery_event: {
    description: 'One event as observed: volume, properties with presence and types, against its planned attributes.',
    input: DiscoveryEventInput,
    output: DiscoveryEventOutput,
    readOnly: true,
  },
  list_findings: {
    description: 'Findings of discovery by event, type, state or severity.',
    input: ListFindingsInput,
    output: ListFindingsOutput,
    readOnly: true,
  },
  query_source: {
    description: 'Counts from a connected GA4 or Amplitude source; the result is stored and cited by its id.',
    input: QuerySourceInput,
    output: QuerySourceOutput,
    readOnly: true,
  },
  propose_change: {
    description: 'Drafts a change to the plan for a person to apply; nothing is written.',
    input: ProposeChangeInput,
    output: ProposeChangeOutput,
    readOnly: true,
  },
} as const satisfies Record<AssistantToolName, AssistantToolSchema>;
