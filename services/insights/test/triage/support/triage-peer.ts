import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DiscoveryIntakeAnswer, DiscoveryIntakeBody, PlanSnapshot } from '@tracemap/contracts';
import type { CompanyPeer } from '../../support/company-peer';
import { planAttribute, planEvent } from './plan-fixture';

/**
 * The company service as triage calls it: the foundation's test peer answers roles, plans and
 * subscriptions (this one forwards to its maps), and the discovery intake changes the company's
 * plan snapshot the way the company service's use cases would, recording every request.
 * `refuse` makes the next intake answer as the company's validation would.
 */
export class TriagePeer {
  url = '';
  peer: CompanyPeer | null = null;
  readonly intakes: { companyId: string; body: DiscoveryIntakeBody }[] = [];
  refuse: { statusCode: number; code: string; message: string } | null = null;
  private server: FastifyInstance | null = null;

  constructor(private readonly serviceToken: string) {}

  private get base(): CompanyPeer {
    if (!this.peer) throw new Error('TriagePeer.peer is not set');
    return this.peer;
  }

  async start(): Promise<void> {
    const app = Fastify();
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers['x-service-token'] !== this.serviceToken)
        return reply.code(401).send({ statusCode: 401, code: 'invalid_service_token', message: 'no' });
    });
    app.get<{ Params: { companyId: string; userId: string } }>(
      '/internal/companies/:companyId/members/:userId',
      async (request, reply) => {
        const role = this.base.roles.get(`${request.params.companyId}:${request.params.userId}`);
        if (!role) return reply.code(404).send({ statusCode: 404, code: 'company_not_found', message: 'no' });
        return { role };
      },
    );
    app.get<{ Params: { companyId: string } }>(
      '/internal/companies/:companyId/plan-snapshot',
      async (request, reply) => {
        const snapshot = this.base.snapshots.get(request.params.companyId);
        if (!snapshot) return reply.code(404).send({ statusCode: 404, code: 'company_not_found', message: 'no' });
        void reply.header('etag', `"${snapshot.version}"`);
        if (request.headers['if-none-match'] === `"${snapshot.version}"`) return reply.code(304).send();
        return snapshot;
      },
    );
    app.get<{ Params: { companyId: string } }>('/internal/companies/:companyId/subscription', async (request) => {
      const status = this.base.subscriptions.get(request.params.companyId);
      return {
        subscription: status
          ? {
              status,
              priceId: null,
              planName: null,
              currentPeriodEnd: null,
              cancelAtPeriodEnd: false,
              trialEnd: null,
              cardExpirationMonth: null,
              cardExpirationYear: null,
            }
          : null,
      };
    });
    app.post<{ Params: { companyId: string }; Body: DiscoveryIntakeBody }>(
      '/internal/companies/:companyId/discovery-intake',
      async (request, reply) => {
        this.intakes.push({ companyId: request.params.companyId, body: request.body });
        if (this.refuse) {
          const refusal = this.refuse;
          this.refuse = null;
          return reply.code(refusal.statusCode).send(refusal);
        }
        const plan = this.base.snapshots.get(request.params.companyId);
        if (!plan) return reply.code(404).send({ statusCode: 404, code: 'company_not_found', message: 'no' });
        const { answer, next } = applyIntake(plan, request.body);
        this.base.snapshots.set(request.params.companyId, next);
        return answer;
      },
    );
    this.url = await app.listen({ port: 0, host: '127.0.0.1' });
    this.server = app;
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }
}

/** What the company's use cases would make of an intake, on a snapshot: a new version of it. */
function applyIntake(
  plan: PlanSnapshot,
  body: DiscoveryIntakeBody,
): { answer: DiscoveryIntakeAnswer; next: PlanSnapshot } {
  const change = body.change;
  const next: PlanSnapshot = {
    ...plan,
    version: randomUUID(),
    attributes: [...plan.attributes],
    events: [...plan.events],
  };
  if (change.action === 'set-status') {
    const index = next.events.findIndex((e) => e.id === change.eventId);
    next.events[index] = { ...next.events[index], status: change.status, version: next.events[index].version + 1 };
    const e = next.events[index];
    return {
      answer: { event: { id: e.id, name: e.name, created: false }, attributes: [], eventVersion: e.version },
      next,
    };
  }
  const attributes = change.attributes.map((wanted) => {
    const known = next.attributes.find((a) => a.name.toLowerCase() === wanted.attribute.name.toLowerCase());
    if (known) return { id: known.id, name: known.name, created: false };
    const created = { ...planAttribute(wanted.attribute.name, wanted.attribute.type ?? 'string') };
    next.attributes.push(created);
    return { id: created.id, name: created.name, created: true };
  });
  const linked = attributes.map((a) => next.attributes.find((x) => x.id === a.id)!);
  if (change.action === 'add-event') {
    const event = planEvent(change.event.name, {
      kind: change.event.kind,
      status: change.event.status,
      attributes: linked,
    });
    next.events.push(event);
    return { answer: { event: { id: event.id, name: event.name, created: true }, attributes, eventVersion: 1 }, next };
  }
  const index = next.events.findIndex((e) => e.id === change.eventId);
  const current = next.events[index];
  const extra = planEvent(current.name, { attributes: linked });
  next.events[index] = {
    ...current,
    attributes: [...current.attributes, ...extra.attributes],
    effective: [...current.effective, ...extra.effective],
    version: current.version + 1,
  };
  return {
    answer: {
      event: { id: current.id, name: current.name, created: false },
      attributes,
      eventVersion: current.version + 1,
    },
    next,
  };
}
