import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { SESSION_EVENTS_CHANNEL } from '@tracemap/service-kit';

export interface PeerUser {
  id: string;
  email: string;
  emailConfirmed: boolean;
  firstName: string | null;
  lastName: string | null;
  password?: string;
}

/**
 * The other services' side of the agreed internal contracts (auth, account,
 * subscription), on a real loopback HTTP server, for as long as those
 * services cannot run inside this workspace's tests. It speaks exactly the
 * documented shapes, checks the service token, and keeps its users in memory.
 */
export interface ContractPeer {
  url: string;
  users: Map<string, PeerUser>;
  revokedSessions: Set<string>;
  /** Ends a session as auth does: refused from now on and, with `announceTo`, announced. */
  revokeSession(sessionId: string): Promise<void>;
  subscriptions: Map<string, { status: string; cardExpirationMonth: number; cardExpirationYear: number }>;
  /** Trial starts billing was asked for; `trialAnswer` is the status billing answers them with. */
  trialStarts: Array<{ companyId: string; creatorUserId: string }>;
  trialAnswer: { status: number };
  /** Admin API calls received, to check what this service asked auth to do. */
  adminCalls: Array<{ authorization?: string; apikey?: string; body: Record<string, unknown> }>;
  addUser(user: Partial<PeerUser> & { email: string }): PeerUser;
  stop(): Promise<void>;
}

export async function startContractPeer(options: {
  serviceToken: string;
  serviceRoleKey: string;
  /** A database to announce session ends on (and answer probes), as auth does; none: no announcements. */
  announceTo?: string;
}): Promise<ContractPeer> {
  const announcer = options.announceTo ? new pg.Pool({ connectionString: options.announceTo, max: 1 }) : null;
  announcer?.on('error', () => undefined);
  const announce = async (payload: string) =>
    void (await announcer?.query('SELECT pg_notify($1, $2)', [SESSION_EVENTS_CHANNEL, payload]));
  const users = new Map<string, PeerUser>();
  const revokedSessions = new Set<string>();
  const subscriptions = new Map<string, { status: string; cardExpirationMonth: number; cardExpirationYear: number }>();
  const adminCalls: ContractPeer['adminCalls'] = [];
  const trialStarts: ContractPeer['trialStarts'] = [];
  const trialAnswer = { status: 200 };
  const app: FastifyInstance = Fastify({ logger: false });

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/internal/') && request.headers['x-service-token'] !== options.serviceToken) {
      return reply.code(401).send({ statusCode: 401, code: 'invalid_service_token', message: 'nope' });
    }
  });
  app.get<{ Params: { sessionId: string } }>('/internal/sessions/:sessionId', async (request) => {
    const { sessionId } = request.params;
    return { active: !revokedSessions.has(sessionId), userId: null, requiredAal: 'aal1', expiresAt: null };
  });
  if (announcer) {
    app.post<{ Body: { nonce: string } }>('/internal/session-events/probe', async (request) => {
      await announce(`probe:${request.body.nonce}`);
      return { sent: true };
    });
  }
  app.post<{ Body: { ids: string[] } }>('/internal/users/lookup', async (request) => {
    const { ids } = request.body;
    return {
      users: ids
        .map((id) => users.get(id))
        .filter(Boolean)
        .map((u) => ({ id: u!.id, email: u!.email, emailConfirmed: u!.emailConfirmed, userMetadata: {} })),
    };
  });
  app.post<{ Body: { email: string } }>('/internal/users/by-email', async (request) => {
    const { email } = request.body;
    const user = [...users.values()].find((u) => u.email === email.toLowerCase());
    return { user: user ? { id: user.id, email: user.email, emailConfirmed: user.emailConfirmed } : null };
  });
  app.post<{ Body: { ids: string[] } }>('/internal/profiles/lookup', async (request) => {
    const { ids } = request.body;
    return {
      profiles: ids
        .map((id) => users.get(id))
        .filter(Boolean)
        // As account answers: a user without a name has empty names, never null.
        .map((u) => ({ id: u!.id, email: u!.email, firstName: u!.firstName ?? '', lastName: u!.lastName ?? '' })),
    };
  });
  app.get<{ Params: { companyId: string } }>('/internal/companies/:companyId/subscription', async (request) => {
    const { companyId } = request.params;
    const stored = subscriptions.get(companyId);
    // Billing's whole answer: the fields a test does not set are those of a plain subscription.
    return {
      subscription: stored
        ? { priceId: null, planName: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, trialEnd: null, ...stored }
        : null,
    };
  });
  app.post<{ Params: { companyId: string }; Body: { creatorUserId: string } }>(
    '/internal/companies/:companyId/start-trial',
    async (request, reply) => {
      const { companyId } = request.params;
      trialStarts.push({ companyId, creatorUserId: request.body.creatorUserId });
      if (trialAnswer.status !== 200)
        return reply.code(trialAnswer.status).send({ statusCode: trialAnswer.status, code: 'down', message: 'down' });
      return { started: true, status: 'trialing' };
    },
  );
  app.post<{ Body: Record<string, unknown> }>('/auth/v1/admin/users', async (request, reply) => {
    const { body } = request;
    adminCalls.push({ authorization: request.headers.authorization, apikey: request.headers.apikey as string, body });
    if (request.headers.authorization !== `Bearer ${options.serviceRoleKey}`) {
      return reply.code(403).send({ code: 'not_admin', msg: 'User not allowed', message: 'User not allowed' });
    }
    const email = String(body.email).toLowerCase();
    if ([...users.values()].some((u) => u.email === email)) {
      return reply.code(422).send({
        code: 'email_exists',
        msg: 'A user with this email address has already been registered',
        message: 'A user with this email address has already been registered',
      });
    }
    if (String(body.password).length < 10) {
      return reply.code(422).send({
        code: 'weak_password',
        msg: 'Password should be at least 10 characters.',
        message: 'Password should be at least 10 characters.',
        weak_password: { reasons: ['length'] },
      });
    }
    const metadata = (body.user_metadata ?? {}) as Record<string, string>;
    const user = addUser({
      email,
      emailConfirmed: body.email_confirm === true,
      firstName: metadata.first_name,
      lastName: metadata.last_name,
      password: String(body.password),
    });
    return {
      id: user.id,
      email: user.email,
      aud: 'authenticated',
      role: 'authenticated',
      email_confirmed_at: user.emailConfirmed ? new Date().toISOString() : null,
    };
  });

  function addUser(user: Partial<PeerUser> & { email: string }): PeerUser {
    const full: PeerUser = {
      id: user.id ?? randomUUID(),
      email: user.email.toLowerCase(),
      emailConfirmed: user.emailConfirmed ?? true,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      password: user.password,
    };
    users.set(full.id, full);
    return full;
  }

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  async function revokeSession(sessionId: string) {
    revokedSessions.add(sessionId);
    await announce(`session:${sessionId}`);
  }

  return {
    url: address,
    users,
    revokedSessions,
    revokeSession,
    subscriptions,
    trialStarts,
    trialAnswer,
    adminCalls,
    addUser,
    async stop() {
      await app.close();
      await announcer?.end();
    },
  };
}
