import Fastify, { type FastifyInstance } from 'fastify';
import type { CompanyRole, PlanSnapshot } from '@tracemap/contracts';

/** The company service as integrations calls it: members' roles, behind the service token. */
export class CompanyPeer {
  readonly roles = new Map<string, CompanyRole>();
  /** Each company's plan as the plan-snapshot route answers it (destinations push it). */
  readonly plans = new Map<string, PlanSnapshot>();
  /** Every lastSync the integrations service handed in, per company, in order. */
  readonly lastSyncs = new Map<string, string[]>();
  /** Answers the lastSync route with 503 while true (the company service is down). */
  lastSyncDown = false;
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
        const role = this.roles.get(`${request.params.companyId}:${request.params.userId}`);
        if (!role)
          return reply.code(404).send({ statusCode: 404, code: 'company_not_found', message: 'Company not found' });
        return { role };
      },
    );
    app.get<{ Params: { companyId: string } }>(
      '/internal/companies/:companyId/plan-snapshot',
      async (request, reply) => {
        const plan = this.plans.get(request.params.companyId);
        if (!plan)
          return reply.code(404).send({ statusCode: 404, code: 'company_not_found', message: 'Company not found' });
        return plan;
      },
    );
    app.post<{ Params: { companyId: string }; Body: { at: string } }>(
      '/internal/companies/:companyId/last-sync',
      async (request, reply) => {
        if (this.lastSyncDown)
          return reply.code(503).send({ statusCode: 503, code: 'unavailable', message: 'Company service down' });
        const seen = this.lastSyncs.get(request.params.companyId) ?? [];
        seen.push(request.body.at);
        this.lastSyncs.set(request.params.companyId, seen);
        return { lastSync: seen.reduce((a, b) => (a > b ? a : b)) };
      },
    );
    this.url = await app.listen({ port: 0, host: '127.0.0.1' });
    this.server = app;
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }
}
