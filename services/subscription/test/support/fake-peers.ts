import Fastify from 'fastify';
import type { CompanyRole } from '@tracemap/contracts';

/** Company info as the company service answers it: billing answers pass it on to the caller as it is. */
export function companyInfo(companyId: string, role: CompanyRole, subscription: unknown): Record<string, unknown> {
  return {
    role,
    users: [],
    subscription,
    objectCounts: { attributeCount: 0, eventCount: 0, viewCount: 0, mapCount: 0 },
    attributeInheritance: false,
    lastSync: null,
    company: {
      id: companyId,
      name: 'Acme',
      settings: { attributeInheritance: false, eventNameCase: 'snake_case', attributeNameCase: 'snake_case' },
    },
  };
}

/**
 * The company and account services' side of the internal contracts billing uses, on a real
 * loopback server: roles, company info, billing contacts, change notices and trialUsed.
 */
export class FakePeers {
  readonly roles = new Map<string, CompanyRole>();
  readonly contacts = new Map<string, Array<{ email: string; firstName: string | null }>>();
  readonly changed: string[] = [];
  readonly trialUsed = new Set<string>();
  /** Product admins (they may move the sandbox's clock). */
  readonly admins = new Set<string>();
  /** How company info is built (tests read the subscription service's own internal route). */
  info: (companyId: string, userId: string) => Promise<Record<string, unknown>> = async (companyId, userId) =>
    companyInfo(companyId, this.roles.get(`${companyId}:${userId}`) ?? 'viewer', null);
  companyDown = false;
  url = '';
  private readonly app = Fastify({ logger: false });

  constructor(private readonly serviceToken: string) {}

  member(companyId: string, userId: string, role: CompanyRole) {
    this.roles.set(`${companyId}:${userId}`, role);
  }

  async start(): Promise<string> {
    const app = this.app;
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers['x-service-token'] !== this.serviceToken)
        return reply.code(401).send({ statusCode: 401, code: 'invalid_service_token', message: 'no' });
      if (this.companyDown && request.url.startsWith('/internal/companies/'))
        return reply.code(503).send({ statusCode: 503, code: 'down', message: 'down' });
    });
    app.get('/internal/companies/:companyId/members/:userId', async (request, reply) => {
      const { companyId, userId } = request.params as { companyId: string; userId: string };
      const role = this.roles.get(`${companyId}:${userId}`);
      return role
        ? { role }
        : reply.code(404).send({ statusCode: 404, code: 'company_not_found', message: 'Company not found' });
    });
    app.post('/internal/companies/:companyId/info', async (request) => {
      const { companyId } = request.params as { companyId: string };
      return this.info(companyId, (request.body as { userId: string }).userId);
    });
    app.get('/internal/companies/:companyId/billing-contacts', async (request) => {
      const { companyId } = request.params as { companyId: string };
      return { companyName: 'Acme', contacts: this.contacts.get(companyId) ?? [] };
    });
    app.post('/internal/companies/:companyId/subscription-changed', async (request) => {
      this.changed.push((request.params as { companyId: string }).companyId);
      return { ok: true };
    });
    app.get('/internal/users/:userId/product-admin', async (request) => ({
      anamapAdmin: this.admins.has((request.params as { userId: string }).userId),
    }));
    app.post('/internal/profiles/:userId/trial-used', async (request) => {
      const { userId } = request.params as { userId: string };
      const alreadyUsed = this.trialUsed.has(userId);
      this.trialUsed.add(userId);
      return { trialUsed: true, alreadyUsed };
    });
    this.url = await app.listen({ host: '127.0.0.1', port: 0 });
    return this.url;
  }

  stop() {
    return this.app.close();
  }
}
