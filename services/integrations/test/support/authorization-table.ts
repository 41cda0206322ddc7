import type { InjectOptions } from 'fastify';

/**
 * The authorization matrix's table: for every integrations route, what each actor gets on their
 * own company and on another one. The test beside it fails for a route without a row, and
 * for a row whose route is gone.
 */
export const ACTORS = ['owner', 'admin', 'creator', 'viewer', 'nonMember', 'anonymous'] as const;
export type Actor = (typeof ACTORS)[number];
export type Target = 'own' | 'other';
/** Expected status per actor, in the order of ACTORS. */
export type Row = readonly [number, number, number, number, number, number];

export interface SeededCompany {
  id: string;
  /** A connected installation whose team and channel names carry the company's tag. */
  teamName: string;
  channelName: string;
  subscriptionId: string;
  /** A Segment destination (named with the company's tag) and one finished push run of it, in its set. */
  destinationId: string;
  destinationName: string;
  runId: string;
  setId: string;
}

export interface World {
  own: SeededCompany;
  other: SeededCompany;
}

export interface Case {
  own: Row;
  other: Row;
  request(world: World, target: Target): InjectOptions;
}

const at = (w: World, t: Target, path: string) => `/api/integrations/${w[t].id}/slack${path}`;

const dest = (w: World, t: Target, path = '') => `/api/integrations/${w[t].id}/destinations${path}`;

const HIDDEN: Row = [404, 404, 404, 404, 404, 401];
/** Members read. */
const READ = { own: [200, 200, 200, 200, 404, 401], other: HIDDEN } as const;
/** Owners and admins install, disconnect and manage subscriptions. */
const ADMIN = (ok: number) => ({ own: [ok, ok, 403, 403, 404, 401], other: HIDDEN }) as const;
const PUBLIC = (ok: number) => ({ own: [ok, ok, ok, ok, ok, ok], other: [ok, ok, ok, ok, ok, ok] }) as const;

export const MATRIX: Record<string, Case> = {
  'GET /health': { ...PUBLIC(200), request: () => ({ method: 'GET', url: '/health' }) },
  'GET /ready': { ...PUBLIC(200), request: () => ({ method: 'GET', url: '/ready' }) },
  'GET /api/integrations/openapi.json': {
    ...PUBLIC(200),
    request: () => ({ method: 'GET', url: '/api/integrations/openapi.json' }),
  },

  'POST /api/integrations/:companyId/slack/install-url': {
    ...ADMIN(200),
    request: (w, t) => ({ method: 'POST', url: at(w, t, '/install-url') }),
  },
  'GET /api/integrations/:companyId/slack': { ...READ, request: (w, t) => ({ method: 'GET', url: at(w, t, '') }) },
  'DELETE /api/integrations/:companyId/slack': {
    ...ADMIN(204),
    request: (w, t) => ({ method: 'DELETE', url: at(w, t, '') }),
  },
  'POST /api/integrations/:companyId/slack/test-message': {
    ...ADMIN(202),
    request: (w, t) => ({ method: 'POST', url: at(w, t, '/test-message') }),
  },
  'GET /api/integrations/:companyId/slack/subscriptions': {
    ...READ,
    request: (w, t) => ({ method: 'GET', url: at(w, t, '/subscriptions') }),
  },
  'POST /api/integrations/:companyId/slack/subscriptions': {
    ...ADMIN(201),
    request: (w, t) => ({
      method: 'POST',
      url: at(w, t, '/subscriptions'),
      payload: { channelId: 'C0NEW', channelName: 'new', kinds: ['plan_changed'] },
    }),
  },
  'PATCH /api/integrations/:companyId/slack/subscriptions/:id': {
    ...ADMIN(200),
    request: (w, t) => ({
      method: 'PATCH',
      url: at(w, t, `/subscriptions/${w[t].subscriptionId}`),
      payload: { kinds: ['finding_new'] },
    }),
  },
  'DELETE /api/integrations/:companyId/slack/subscriptions/:id': {
    ...ADMIN(204),
    request: (w, t) => ({ method: 'DELETE', url: at(w, t, `/subscriptions/${w[t].subscriptionId}`) }),
  },

  'GET /api/integrations/:companyId/destinations': { ...READ, request: (w, t) => ({ method: 'GET', url: dest(w, t) }) },
  'POST /api/integrations/:companyId/destinations': {
    ...ADMIN(201),
    request: (w, t) => ({
      method: 'POST',
      url: dest(w, t),
      payload: {
        type: 'rudderstack',
        name: 'Matrix RudderStack',
        settings: { kind: 'rudderstack', trackingPlanId: 'tp_sandbox' },
        credentials: { kind: 'rudderstack', token: 'sandbox-rudderstack-token' },
      },
    }),
  },
  'PATCH /api/integrations/:companyId/destinations/:id': {
    ...ADMIN(200),
    request: (w, t) => ({ method: 'PATCH', url: dest(w, t, `/${w[t].destinationId}`), payload: { mode: 'mirror' } }),
  },
  'DELETE /api/integrations/:companyId/destinations/:id': {
    ...ADMIN(204),
    request: (w, t) => ({ method: 'DELETE', url: dest(w, t, `/${w[t].destinationId}`) }),
  },
  'POST /api/integrations/:companyId/destinations/:id/test': {
    ...ADMIN(200),
    request: (w, t) => ({ method: 'POST', url: dest(w, t, `/${w[t].destinationId}/test`) }),
  },
  'POST /api/integrations/:companyId/destinations/:id/preview': {
    ...ADMIN(200),
    request: (w, t) => ({ method: 'POST', url: dest(w, t, `/${w[t].destinationId}/preview`) }),
  },
  'POST /api/integrations/:companyId/destinations/:id/sync': {
    ...ADMIN(202),
    request: (w, t) => ({ method: 'POST', url: dest(w, t, `/${w[t].destinationId}/sync`) }),
  },
  'POST /api/integrations/:companyId/destinations/test': {
    ...ADMIN(200),
    request: (w, t) => ({
      method: 'POST',
      url: dest(w, t, '/test'),
      payload: {
        type: 'segment',
        settings: { kind: 'segment', trackingPlanId: 'tp_sandbox' },
        credentials: { kind: 'segment', token: 'sandbox-segment-token' },
      },
    }),
  },
  'POST /api/integrations/:companyId/destinations/sync': {
    ...ADMIN(202),
    request: (w, t) => ({
      method: 'POST',
      url: dest(w, t, '/sync'),
      payload: { destinationIds: [w[t].destinationId] },
    }),
  },
  'GET /api/integrations/:companyId/sync-sets/:setId': {
    ...READ,
    request: (w, t) => ({ method: 'GET', url: `/api/integrations/${w[t].id}/sync-sets/${w[t].setId}` }),
  },
  'GET /api/integrations/:companyId/destinations/:id/runs': {
    ...READ,
    request: (w, t) => ({ method: 'GET', url: dest(w, t, `/${w[t].destinationId}/runs`) }),
  },
  'GET /api/integrations/:companyId/sync-runs/:runId': {
    ...READ,
    request: (w, t) => ({ method: 'GET', url: `/api/integrations/${w[t].id}/sync-runs/${w[t].runId}` }),
  },

  // Public: the state is the proof. Without one, everyone ends at the popup page with invalid_state.
  'GET /api/integrations/slack/oauth/callback': {
    ...PUBLIC(302),
    request: () => ({ method: 'GET', url: '/api/integrations/slack/oauth/callback?code=x&state=y' }),
  },
  // Public and signed: a bearer token is no signature.
  'POST /api/integrations/slack/events': {
    ...PUBLIC(401),
    request: () => ({
      method: 'POST',
      url: '/api/integrations/slack/events',
      payload: { type: 'url_verification', challenge: 'c' },
    }),
  },
  // Producers only, with the service token: no user gets in.
  'POST /internal/notifications': {
    ...PUBLIC(401),
    request: (w, t) => ({
      method: 'POST',
      url: '/internal/notifications',
      payload: {
        companyId: w[t].id,
        kind: 'plan_changed',
        subject: 's',
        dedupeKey: 'd',
        payload: { title: 'Matrix' },
      },
    }),
  },
};
