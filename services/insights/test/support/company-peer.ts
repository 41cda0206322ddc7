import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type {
  AssistantIntakeAnswer,
  AssistantIntakeBody,
  CompanyRole,
  PlanSnapshot,
  SubscriptionStatus,
} from '@tracemap/contracts';

/**
 * The company and subscription services as insights calls them: members' roles, plan
 * snapshots with their ETag (304 for the version sent back) and subscription statuses,
 * behind the service token. Counts the calls so tests can see what was kept.
 */
export class CompanyPeer {
  readonly roles = new Map<string, CompanyRole>();
  readonly snapshots = new Map<string, PlanSnapshot>();
  readonly subscriptions = new Map<string, SubscriptionStatus>();
  readonly calls = { roles: 0, snapshots: 0, snapshotsUnchanged: 0, subscriptions: 0 };
  /** Drafts the assistant intake received; each company's first opens its draft proposal. */
  readonly assistantIntakes: { companyId: string; body: AssistantIntakeBody }[] = [];
  /** The next assistant intake answers this refusal, as the company's validation would. */
  refuseIntake: { statusCode: number; code: string; message: string } | null = null;
  private readonly draftProposals = new Map<string, string>();
  url = '';
  private server: FastifyInstance | null = null;

  constructor(private readonly serviceToken: string) {}

  setRole(companyId: string, userId: string, role: CompanyRole | null): void {
    if (role) this.roles.set(`${companyId}:${userId}`, role);
    else this.roles.delete(`${companyId}:${userId}`);
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
        this.calls.roles += 1;
        const role = this.roles.get(`${request.params.companyId}:${request.params.userId}`);
        if (!role)
          return reply.code(404).send({ statusCode: 404, code: 'company_not_found', message: 'Company not found' });
        return { role };
      },
    );
    app.get<{ Params: { companyId: string } }>(
      '/internal/companies/:companyId/plan-snapshot',
      async (request, reply) => {
        this.calls.snapshots += 1;
        const snapshot = this.snapshots.get(request.params.companyId);
        if (!snapshot)
          return reply.code(404).send({ statusCode: 404, code: 'company_not_found', message: 'Company not found' });
        void reply.header('etag', `"${snapshot.version}"`);
        if (request.headers['if-none-match'] === `"${snapshot.version}"`) {
          this.calls.snapshotsUnchanged += 1;
          return reply.code(304).send();
        }
        return snapshot;
      },
    );
    app.get<{ Params: { companyId: string } }>('/internal/companies/:companyId/subscription', async (request) => {
      this.calls.subscriptions += 1;
      const status = this.subscriptions.get(request.params.companyId);
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
    app.post<{ Params: { companyId: string }; Body: AssistantIntakeBody }>(
      '/internal/companies/:companyId/assistant-intake',
      async (request, reply) => {
        const { companyId } = request.params;
        if (this.refuseIntake) {
          const refusal = this.refuseIntake;
          this.refuseIntake = null;
          return reply.code(refusal.statusCode).send(refusal);
        }
        this.assistantIntakes.push({ companyId, body: request.body });
        const known = this.draftProposals.get(companyId);
        const proposalId = known ?? randomUUID();
        this.draftProposals.set(companyId, proposalId);
        const { draft } = request.body;
        const name = typeof draft.fields.name === 'string' ? draft.fields.name : 'Changed item';
        return {
          proposal: { id: proposalId, name: 'From the assistant', created: !known },
          item: { kind: draft.entity, id: draft.id ?? randomUUID(), name },
        } satisfies AssistantIntakeAnswer;
      },
    );
    this.url = await app.listen({ port: 0, host: '127.0.0.1' });
    this.server = app;
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }
}

/** An empty plan at a version, for a company. */
export function emptySnapshot(companyId: string, version: string): PlanSnapshot {
  return {
    companyId,
    version,
    generatedAt: new Date().toISOString(),
    attributeInheritance: true,
    attributes: [],
    events: [],
    views: [],
    maps: [],
  };
}
