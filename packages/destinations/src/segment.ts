import type { DestinationWarning, SegmentSettings } from '@tracemap/contracts';
import type { SegmentRuleType } from '@tracemap/tracking-plan';
import { chunks, sameJson } from './canonical';
import { keyedDiff } from './keyed-diff';
import { isManaged, withManagedMark } from './managed';
import {
  jsonHeaders,
  type DestinationAdapter,
  type Desired,
  type Keyed,
  type PlannedRequest,
  type RemoteItem,
} from './model';
import { claimName, namer, ownUses, planView } from './plan';
import { callSchema, schemaCache, segmentRuleType } from './segment-rules';

/** Segment refuses to replace more rules than this at once, and its PATCH takes no more either. */
export const SEGMENT_BATCH = 200;

export interface SegmentRule {
  type: SegmentRuleType | 'COMMON';
  key: string | null;
  version: number;
  jsonSchema: Record<string, unknown>;
}

const ruleKey = (rule: Pick<SegmentRule, 'type' | 'key'>) => `${rule.type}:${rule.key ?? ''}`;
const rulesPath = (settings: SegmentSettings) => `/tracking-plans/${encodeURIComponent(settings.trackingPlanId)}/rules`;

/** The mark goes in the rule's top-level description: Segment keeps a rule's JSON Schema as sent. */
function marked(rule: SegmentRule): SegmentRule {
  const description = rule.jsonSchema.description;
  return {
    ...rule,
    jsonSchema: {
      ...rule.jsonSchema,
      description: withManagedMark(typeof description === 'string' ? description : ''),
    },
  };
}

function desired(snapshot: Parameters<SegmentAdapter['desired']>[0], settings: SegmentSettings): Desired<SegmentRule> {
  const plan = planView(snapshot);
  const names = namer(settings.names);
  const warnings: DestinationWarning[] = [];
  const taken = new Set<string>();
  const schemas = schemaCache();
  const rules: SegmentRule[] = [];
  for (const event of plan.events) {
    const key = names.event(event.name);
    if (!claimName(taken, `${event.kind}:${key}`, warnings, 'Segment')) continue;
    const type = segmentRuleType(event.kind);
    const field = type === 'IDENTIFY' || type === 'GROUP' ? 'traits' : 'properties';
    const jsonSchema = callSchema(field, schemas.objectSchema(plan.usesOf(event), names.property), event.description);
    rules.push({ type, key, version: 1, jsonSchema });
  }
  // The common rule is checked beside each event's and names only the shared properties: it stays open.
  if (plan.system.length > 0) {
    const { additionalProperties: _open, ...common } = schemas.objectSchema(ownUses(plan.system), names.property);
    rules.push({ type: 'COMMON', key: null, version: 1, jsonSchema: callSchema('properties', common) });
  }
  if (plan.user.length > 0)
    rules.push({
      type: 'IDENTIFY',
      key: null,
      version: 1,
      jsonSchema: callSchema('traits', schemas.objectSchema(ownUses(plan.user), names.property)),
    });
  if (plan.group.length > 0)
    rules.push({
      type: 'GROUP',
      key: null,
      version: 1,
      jsonSchema: callSchema('traits', schemas.objectSchema(ownUses(plan.group), names.property)),
    });
  const items = new Map<string, Keyed<SegmentRule>>();
  for (const rule of rules) {
    const item = marked(rule);
    items.set(ruleKey(item), { key: ruleKey(item), target: 'rule', item });
  }
  return { items, warnings };
}

/** The rules of one page of `GET /tracking-plans/{id}/rules`, and the cursor of the next page (null at the end). */
export function parseSegmentRulesPage(answer: unknown): { rules: RemoteItem<SegmentRule>[]; next: string | null } {
  const data = (answer as { data?: { rules?: unknown[]; pagination?: { next?: string | null } } })?.data;
  if (!data || !Array.isArray(data.rules)) throw new Error('Segment answered rules without data.rules');
  const rules = data.rules.map((raw) => {
    const r = raw as Record<string, unknown>;
    const item: SegmentRule = {
      type: r.type as SegmentRule['type'],
      key: typeof r.key === 'string' && r.key !== '' ? r.key : null,
      version: Number(r.version ?? 1),
      jsonSchema: (r.jsonSchema as Record<string, unknown>) ?? {},
    };
    return { key: ruleKey(item), target: 'rule', item, managed: isManaged(item.jsonSchema.description) };
  });
  return { rules, next: data.pagination?.next || null };
}

/** Segment's paging parameter is an object in the query string, written with brackets. */
export function segmentRulesReadPath(settings: SegmentSettings, cursor: string | null): string {
  const query = new URLSearchParams({ 'pagination[count]': String(SEGMENT_BATCH) });
  if (cursor) query.set('pagination[cursor]', cursor);
  return `${rulesPath(settings)}?${query}`;
}

/** Kept well under the 8 KB request line many servers and proxies accept. */
const DELETE_QUERY_MAX = 6000;

type RuleOperation = Parameters<SegmentAdapter['requestsFor']>[0][number];

/** One rule of a removal, as `rules[i][type]`, `rules[i][key]` and `rules[i][version]` query parameters. */
function removalQuery(rule: SegmentRule, index: number): string {
  const params = new URLSearchParams({ [`rules[${index}][type]`]: rule.type });
  if (rule.key !== null) params.set(`rules[${index}][key]`, rule.key);
  params.set(`rules[${index}][version]`, String(rule.version));
  return params.toString();
}

/**
 * Segment takes the rules to remove in the query string, not in a body: each call carries as
 * many as fit in a request line of a safe length, and never more than a batch.
 */
function removals(deletes: RuleOperation[]): { query: string; batch: RuleOperation[] }[] {
  const calls: { query: string; batch: RuleOperation[] }[] = [];
  let parts: string[] = [];
  let length = 0;
  let batch: RuleOperation[] = [];
  for (const op of deletes) {
    let part = removalQuery(op.remote!.item, batch.length);
    if (batch.length > 0 && (batch.length === SEGMENT_BATCH || length + 1 + part.length > DELETE_QUERY_MAX)) {
      calls.push({ query: parts.join('&'), batch });
      parts = [];
      length = 0;
      batch = [];
      part = removalQuery(op.remote!.item, 0);
    }
    length += (parts.length > 0 ? 1 : 0) + part.length;
    parts.push(part);
    batch.push(op);
  }
  if (batch.length > 0) calls.push({ query: parts.join('&'), batch });
  return calls;
}

/**
 * Creates and updates are one kind of call for Segment: `PATCH` upserts the rules it is given
 * and leaves the others. `PUT` would replace the whole plan and is refused above 200 rules, so it
 * is never used; deletes (mirror only) go by type, key and version, named in the query string.
 */
function requestsFor(
  operations: Parameters<SegmentAdapter['requestsFor']>[0],
  settings: SegmentSettings,
): ReturnType<SegmentAdapter['requestsFor']> {
  const upserts = operations.filter((op) => op.action !== 'delete');
  const deletes = operations.filter((op) => op.action === 'delete');
  const requests: PlannedRequest[] = [
    ...chunks(upserts, SEGMENT_BATCH).map((batch) => ({
      method: 'PATCH' as const,
      path: rulesPath(settings),
      headers: jsonHeaders,
      body: JSON.stringify({ rules: batch.map((op) => op.desired) }),
      operationKeys: batch.map((op) => op.key),
    })),
    ...removals(deletes).map(({ query, batch }) => ({
      method: 'DELETE' as const,
      path: `${rulesPath(settings)}?${query}`,
      headers: {},
      operationKeys: batch.map((op) => op.key),
    })),
  ];
  return { requests, deferred: [], warnings: [] };
}

export type SegmentAdapter = DestinationAdapter<SegmentSettings, SegmentRule>;

export const segment: SegmentAdapter = {
  kind: 'segment',
  desired,
  diff: (wanted, remote, mode) =>
    keyedDiff(wanted, remote, mode, (a, b) => a.version === b.version && sameJson(a.jsonSchema, b.jsonSchema)),
  requestsFor,
  estimate: (operations) => {
    const deletes = operations.filter((op) => op.action === 'delete');
    const upserts = operations.length - deletes.length;
    return { writeCalls: Math.ceil(upserts / SEGMENT_BATCH) + removals(deletes).length, warnings: [] };
  },
  empty: () => new Map(),
};
