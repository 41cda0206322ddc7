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

const sameRule = (a: { type: string; key?: string | null }, b: { type: string; key?: string | null }) =>
  a.type === b.type && (a.key ?? null) === (b.key ?? null);

/**
 * Segment's Public API for tracking-plan rules: pages of at most 200, 200 rule reads a minute,
 * `PATCH` upserts, `DELETE` removes by type and key, and `PUT` replaces every rule but refuses
 * more than 200 at once.
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
    const count = Math.min(Number(request.query['pagination.count'] ?? 200), 200);
    const start = Number(request.query['pagination.cursor'] ?? 0);
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
    return { data: { rules: incoming } };
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
  app.delete<Body>('/tracking-plans/:id/rules', async (request, reply) => {
    const rules = plan(request.params.id);
    if (!rules) return sendError(reply, 'segment', 404, 'Tracking plan not found');
    const incoming = checked(request.body);
    if (!incoming) return sendError(reply, 'segment', 400, 'rules must be a list');
    for (const gone of incoming) {
      const at = rules.findIndex((r) => sameRule(r, gone as { type: string; key?: string | null }));
      if (at >= 0) rules.splice(at, 1);
    }
    return { data: { status: 'SUCCESS' } };
  });
}
