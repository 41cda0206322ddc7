import type { FastifyInstance } from 'fastify';
import { Budget, sendError, type FaultQueue } from './faults';

export interface SandboxSegmentRule {
  type: string;
  key: string | null;
  version: number;
  jsonSchema: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export interface SegmentSandboxState {
  token: string;
  /** Rules by tracking-plan id. */
  trackingPlans: Record<string, SandboxSegmentRule[]>;
}

const DEFAULT_PAGE = 10;

const sameRule = (a: { type: string; key?: string | null }, b: { type: string; key?: string | null }) =>
  a.type === b.type && (a.key ?? null) === (b.key ?? null);

/** Rules named in the query string as `rules[i][type]`, `rules[i][key]`, `rules[i][version]`; null when none is. */
function queriedRules(query: Record<string, string>): { type: string; key: string | null; version: number }[] | null {
  const byIndex = new Map<number, Record<string, string>>();
  for (const [name, value] of Object.entries(query)) {
    const match = /^rules\[(\d+)\]\[(type|key|version)\]$/.exec(name);
    if (!match) continue;
    const index = Number(match[1]);
    byIndex.set(index, { ...byIndex.get(index), [match[2]]: value });
  }
  if (byIndex.size === 0) return null;
  return [...byIndex.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, rule]) => ({ type: rule.type ?? '', key: rule.key ?? null, version: Number(rule.version ?? 1) }));
}

/**
 * Segment's Public API for tracking-plan rules: pages of at most 200 (`pagination[count]`,
 * `pagination[cursor]`; a dotted name is not a parameter it knows, so the default page of 10
 * comes back), 200 rule reads a minute, `PATCH` upserts, `DELETE` removes the rules named in
 * its query string by type, key and version, and `PUT` replaces every rule but refuses more
 * than 200 at once.
 */
export function segmentApi(
  app: FastifyInstance,
  deps: { state: () => SegmentSandboxState; faults: FaultQueue; now: () => number; readsPerMinute: number },
) {
  const reads = new Budget(deps.readsPerMinute, 60_000, deps.now);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/tracking-plans')) return;
    if (request.headers.authorization !== `Bearer ${deps.state().token}`)
      return sendError(reply, 'segment', 401, 'Unauthorized: the token is missing or not valid');
    const fault = deps.faults.take('segment');
    if (fault) return sendError(reply, 'segment', fault.status, 'Injected failure', fault.retryAfterSeconds);
  });
  const plan = (id: string) => deps.state().trackingPlans[id];
  type Params = { Params: { id: string } };

  app.get<Params & { Querystring: Record<string, string> }>('/tracking-plans/:id/rules', async (request, reply) => {
    const wait = reads.take();
    if (wait !== null) return sendError(reply, 'segment', 429, 'Too many requests', wait);
    const rules = plan(request.params.id);
    if (!rules) return sendError(reply, 'segment', 404, 'Tracking plan not found');
    const count = Math.min(Number(request.query['pagination[count]'] ?? DEFAULT_PAGE), 200);
    const start = Number(request.query['pagination[cursor]'] ?? 0);
    const page = rules.slice(start, start + count);
    const next = start + count < rules.length ? String(start + count) : null;
    return { data: { rules: page, pagination: { current: String(start), next, totalEntries: rules.length } } };
  });

  const upsert = (rules: SandboxSegmentRule[], incoming: Record<string, unknown>[]) => {
    const stamp = new Date(deps.now()).toISOString();
    for (const raw of incoming) {
      const rule = {
        type: String(raw.type),
        key: typeof raw.key === 'string' ? raw.key : null,
        version: Number(raw.version ?? 1),
        jsonSchema: (raw.jsonSchema as Record<string, unknown>) ?? {},
      };
      const held = rules.findIndex((r) => sameRule(r, rule));
      if (held >= 0) rules[held] = { ...rules[held], ...rule, updatedAt: stamp };
      else rules.push({ ...rule, createdAt: stamp, updatedAt: stamp });
    }
  };
  type Body = Params & { Body: { rules?: Record<string, unknown>[] } };
  const checked = (body: Body['Body'] | undefined) => (Array.isArray(body?.rules) ? body.rules : null);

  app.patch<Body>('/tracking-plans/:id/rules', async (request, reply) => {
    const rules = plan(request.params.id);
    if (!rules) return sendError(reply, 'segment', 404, 'Tracking plan not found');
    const incoming = checked(request.body);
    if (!incoming) return sendError(reply, 'segment', 400, 'rules must be a list');
    if (incoming.length > 200) return sendError(reply, 'segment', 400, 'At most 200 rules per request');
    upsert(rules, incoming);
    return { data: { status: 'SUCCESS' } };
  });
  app.put<Body>('/tracking-plans/:id/rules', async (request, reply) => {
    const rules = plan(request.params.id);
    if (!rules) return sendError(reply, 'segment', 404, 'Tracking plan not found');
    const incoming = checked(request.body);
    if (!incoming) return sendError(reply, 'segment', 400, 'rules must be a list');
    if (incoming.length > 200)
      return sendError(reply, 'segment', 400, 'Cannot replace more than 200 rules; use PATCH to upsert them');
    rules.splice(0, rules.length);
    upsert(rules, incoming);
    return { data: { rules: incoming } };
  });
  app.delete<Params & { Querystring: Record<string, string> }>('/tracking-plans/:id/rules', async (request, reply) => {
    const rules = plan(request.params.id);
    if (!rules) return sendError(reply, 'segment', 404, 'Tracking plan not found');
    const incoming = queriedRules(request.query);
    if (!incoming) return sendError(reply, 'segment', 400, 'rules is required: rules[0][type], rules[0][version]');
    if (incoming.length > 200) return sendError(reply, 'segment', 400, 'At most 200 rules per request');
    for (const gone of incoming) {
      const at = rules.findIndex((r) => sameRule(r, gone) && r.version === gone.version);
      if (at >= 0) rules.splice(at, 1);
    }
    return { data: { status: 'SUCCESS' } };
  });
}
