import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { type TestUser } from './harness';
import { PROPOSAL_ROWS } from './proposal-authorization-rows';

/**
 * The authorization matrix's table: for every company-service route, what each actor gets on
 * their own company and on another one. The test beside it fails for a route without a row.
 */
export const ACTORS = ['owner', 'admin', 'creator', 'viewer', 'nonMember', 'anonymous'] as const;
export type Actor = (typeof ACTORS)[number];
export type Target = 'own' | 'other';
/** Expected status per actor, in the order of ACTORS. */
export type Row = readonly [number, number, number, number, number, number];

export interface World {
  /** The company the role actors belong to. */
  own: SeededCompany;
  /** A company none of the actors belongs to. */
  other: SeededCompany;
  actor: TestUser | null;
}

export interface SeededCompany {
  id: string;
  name: string;
  memberId: string;
  invitationId: string;
  invitationToken: string;
  inviteeEmail: string;
  /** An invitation in this company addressed to the acting user (own company only). */
  actorInvitationId: string | null;
  /** Tracking plan: an unlinked attribute, an event linking a second one, a view the event fires on. */
  attributeId: string;
  eventId: string;
  viewId: string;
  /** A map with the view as its node and the linked attribute as its attribute. */
  mapId: string;
  /** A proposal ready for review, by the company's first owner, on version 1. */
  proposalId: string;
  planNames: string[];
}

export interface Case {
  own: Row;
  other: Row;
  request(world: World, target: Target): InjectOptions;
  /** Public routes opened by an unguessable id: what they show of that id's company is by design. */
  revealsTargetById?: boolean;
}

const post = (url: string, payload: object): InjectOptions => ({ method: 'POST', url, payload });
const plan = (
  w: World,
  t: Target,
  path: string,
  method: InjectOptions['method'] = 'GET',
  payload?: object,
): InjectOptions => ({
  method,
  url: `/api/company/${w[t].id}${path}`,
  ...(payload ? { payload } : {}),
});
const READ = { own: [200, 200, 200, 200, 404, 401], other: [404, 404, 404, 404, 404, 401] } as const;
const EDIT = (ok: number) => ({ own: [ok, ok, ok, 403, 404, 401], other: [404, 404, 404, 404, 404, 401] }) as const;
const PUBLIC = { own: [200, 200, 200, 200, 200, 200], other: [200, 200, 200, 200, 200, 200] } as const;

/** A row for a route only the service token opens: every user credential gets 401. */
function internalOnly(
  method: 'GET' | 'POST',
  route: string,
  url: (w: World, t: Target) => string = () => route,
): Record<string, Case> {
  const all401: Row = [401, 401, 401, 401, 401, 401];
  return {
    [`${method} ${route}`]: {
      own: all401,
      other: all401,
      request: (w, t) => ({ method, url: url(w, t), ...(method === 'POST' ? { payload: {} } : {}) }),
    },
  };
}

export const MATRIX: Record<string, Case> = {
  'GET /health': {
    own: [200, 200, 200, 200, 200, 200],
    other: [200, 200, 200, 200, 200, 200],
    request: () => ({ method: 'GET', url: '/health' }),
  },
  'GET /ready': {
    own: [200, 200, 200, 200, 200, 200],
    other: [200, 200, 200, 200, 200, 200],
    request: () => ({ method: 'GET', url: '/ready' }),
  },
  'POST /api/company/create': {
    own: [201, 201, 201, 201, 201, 401],
    other: [201, 201, 201, 201, 201, 401],
    request: () => post('/api/company/create', { name: `New ${randomUUID().slice(0, 6)}` }),
  },
  'GET /api/company/mine': {
    own: [200, 200, 200, 200, 200, 401],
    other: [200, 200, 200, 200, 200, 401],
    request: () => ({ method: 'GET', url: '/api/company/mine' }),
  },
  'POST /api/company/info': {
    own: [200, 200, 200, 200, 404, 401],
    other: [404, 404, 404, 404, 404, 401],
    request: (w, t) => post('/api/company/info', { companyId: w[t].id }),
  },
  'POST /api/company/update-settings': {
    own: [200, 200, 403, 403, 404, 401],
    other: [404, 404, 404, 404, 404, 401],
    request: (w, t) =>
      post('/api/company/update-settings', { companyId: w[t].id, name: 'Renamed', attributeInheritance: false }),
  },
  'POST /api/company/invite': {
    own: [201, 201, 403, 403, 404, 401],
    other: [404, 404, 404, 404, 404, 401],
    request: (w, t) =>
      post('/api/company/invite', {
        companyId: w[t].id,
        email: `new-${randomUUID().slice(0, 8)}@example.test`,
        firstName: 'N',
        lastName: 'M',
        role: 'viewer',
      }),
  },
  'GET /api/company/invite': {
    own: [200, 200, 200, 200, 200, 200],
    other: [200, 200, 200, 200, 200, 200],
    revealsTargetById: true,
    request: (w, t) => ({ method: 'GET', url: '/api/company/invite', query: { invitationId: w[t].invitationId } }),
  },
  'PUT /api/company/invite': {
    own: [200, 200, 403, 403, 404, 401],
    other: [404, 404, 404, 404, 404, 401],
    request: (w, t) => ({ method: 'PUT', url: '/api/company/invite', payload: { invitationId: w[t].invitationId } }),
  },
  'DELETE /api/company/invite': {
    own: [200, 200, 403, 403, 404, 401],
    other: [404, 404, 404, 404, 404, 401],
    request: (w, t) => ({ method: 'DELETE', url: '/api/company/invite', payload: { invitationId: w[t].invitationId } }),
  },
  'POST /api/company/get-invitations': {
    own: [200, 200, 403, 403, 404, 401],
    other: [404, 404, 404, 404, 404, 401],
    request: (w, t) => post('/api/company/get-invitations', { companyId: w[t].id }),
  },
  // own: an invitation to the caller's own address (members keep their role, the non-member joins);
  // other: another company's invitation to someone else.
  'POST /api/company/accept-invite': {
    own: [200, 200, 200, 200, 200, 401],
    other: [403, 403, 403, 403, 403, 401],
    request: (w, t) =>
      post('/api/company/accept-invite', {
        invitationId: t === 'own' ? (w.own.actorInvitationId ?? w.own.invitationId) : w.other.invitationId,
        email: w.actor?.email ?? 'anonymous@example.test',
        firstName: 'A',
        lastName: 'B',
      }),
  },
  // Public; own: the invitation's own token; other: another company's invitation with this company's token.
  'POST /api/company/invitations/:invitationId/claim': {
    own: [201, 201, 201, 201, 201, 201],
    other: [410, 410, 410, 410, 410, 410],
    request: (w, t) => ({
      method: 'POST',
      url: `/api/company/invitations/${w[t].invitationId}/claim`,
      payload: { token: w.own.invitationToken, password: 'a long enough password', firstName: 'C', lastName: 'D' },
    }),
  },
  'PATCH /api/company/permissions': {
    own: [200, 200, 403, 403, 404, 401],
    other: [404, 404, 404, 404, 404, 401],
    request: (w, t) => ({
      method: 'PATCH',
      url: '/api/company/permissions',
      payload: { companyId: w[t].id, userId: w[t].memberId, role: 'creator' },
    }),
  },
  'DELETE /api/company/permissions': {
    own: [200, 200, 403, 403, 404, 401],
    other: [404, 404, 404, 404, 404, 401],
    request: (w, t) => ({
      method: 'DELETE',
      url: '/api/company/permissions',
      payload: { companyId: w[t].id, userId: w[t].memberId },
    }),
  },
  // Tracking plan: members read, creators and up edit; another company's ids are 404 whoever asks.
  'GET /api/company/:companyId/attributes': { ...READ, request: (w, t) => plan(w, t, '/attributes') },
  'POST /api/company/:companyId/attributes': {
    ...EDIT(201),
    request: (w, t) => plan(w, t, '/attributes', 'POST', { name: `attr_${randomUUID().slice(0, 6)}` }),
  },
  'GET /api/company/:companyId/attributes/:id': {
    ...READ,
    request: (w, t) => plan(w, t, `/attributes/${w[t].attributeId}`),
  },
  'PATCH /api/company/:companyId/attributes/:id': {
    ...EDIT(200),
    request: (w, t) => plan(w, t, `/attributes/${w[t].attributeId}`, 'PATCH', { description: 'Changed' }),
  },
  'DELETE /api/company/:companyId/attributes/:id': {
    ...EDIT(204),
    request: (w, t) => plan(w, t, `/attributes/${w[t].attributeId}`, 'DELETE'),
  },
  'GET /api/company/:companyId/attributes/:id/history': {
    ...READ,
    request: (w, t) => plan(w, t, `/attributes/${w[t].attributeId}/history`),
  },
  'GET /api/company/:companyId/events': { ...READ, request: (w, t) => plan(w, t, '/events') },
  'POST /api/company/:companyId/events': {
    ...EDIT(201),
    request: (w, t) => plan(w, t, '/events', 'POST', { name: `Event ${randomUUID().slice(0, 6)}` }),
  },
  'GET /api/company/:companyId/events/:id': { ...READ, request: (w, t) => plan(w, t, `/events/${w[t].eventId}`) },
  'PATCH /api/company/:companyId/events/:id': {
    ...EDIT(200),
    request: (w, t) => plan(w, t, `/events/${w[t].eventId}`, 'PATCH', { description: 'Changed' }),
  },
  'DELETE /api/company/:companyId/events/:id': {
    ...EDIT(204),
    request: (w, t) => plan(w, t, `/events/${w[t].eventId}`, 'DELETE'),
  },
  'GET /api/company/:companyId/events/:id/history': {
    ...READ,
    request: (w, t) => plan(w, t, `/events/${w[t].eventId}/history`),
  },
  'GET /api/company/:companyId/events/:id/schema': {
    ...READ,
    request: (w, t) => plan(w, t, `/events/${w[t].eventId}/schema`),
  },
  'GET /api/company/:companyId/events/:id/effective-attributes': {
    ...READ,
    request: (w, t) => plan(w, t, `/events/${w[t].eventId}/effective-attributes`),
  },
  'GET /api/company/:companyId/views': { ...READ, request: (w, t) => plan(w, t, '/views') },
  'POST /api/company/:companyId/views': {
    ...EDIT(201),
    request: (w, t) => plan(w, t, '/views', 'POST', { name: `View ${randomUUID().slice(0, 6)}` }),
  },
  'GET /api/company/:companyId/views/:id': { ...READ, request: (w, t) => plan(w, t, `/views/${w[t].viewId}`) },
  'PATCH /api/company/:companyId/views/:id': {
    ...EDIT(200),
    request: (w, t) => plan(w, t, `/views/${w[t].viewId}`, 'PATCH', { description: 'Changed' }),
  },
  'DELETE /api/company/:companyId/views/:id': {
    ...EDIT(204),
    request: (w, t) => plan(w, t, `/views/${w[t].viewId}`, 'DELETE'),
  },
  'GET /api/company/:companyId/views/:id/history': {
    ...READ,
    request: (w, t) => plan(w, t, `/views/${w[t].viewId}/history`),
  },
  'GET /api/company/:companyId/maps': { ...READ, request: (w, t) => plan(w, t, '/maps') },
  'POST /api/company/:companyId/maps': {
    ...EDIT(201),
    request: (w, t) =>
      plan(w, t, '/maps', 'POST', {
        name: `Map ${randomUUID().slice(0, 6)}`,
        nodes: [{ viewId: w.own.viewId, x: 0, y: 0 }],
      }),
  },
  'GET /api/company/:companyId/maps/:id': { ...READ, request: (w, t) => plan(w, t, `/maps/${w[t].mapId}`) },
  'PATCH /api/company/:companyId/maps/:id': {
    ...EDIT(200),
    request: (w, t) => plan(w, t, `/maps/${w[t].mapId}`, 'PATCH', { description: 'Changed' }),
  },
  'DELETE /api/company/:companyId/maps/:id': {
    ...EDIT(204),
    request: (w, t) => plan(w, t, `/maps/${w[t].mapId}`, 'DELETE'),
  },
  'GET /api/company/:companyId/maps/:id/history': {
    ...READ,
    request: (w, t) => plan(w, t, `/maps/${w[t].mapId}/history`),
  },
  'GET /api/company/:companyId/maps/:id/share': { ...READ, request: (w, t) => plan(w, t, `/maps/${w[t].mapId}/share`) },
  'POST /api/company/:companyId/maps/:id/share': {
    ...EDIT(201),
    request: (w, t) => plan(w, t, `/maps/${w[t].mapId}/share`, 'POST'),
  },
  'DELETE /api/company/:companyId/maps/:id/share': {
    ...EDIT(204),
    request: (w, t) => plan(w, t, `/maps/${w[t].mapId}/share`, 'DELETE'),
  },
  // The preview names no company: members of the map's company read it; anyone else, signed in or not, gets the
  // same 404 as for an unknown map (public links with a token are covered in tracking-plan/map-share.test.ts).
  'GET /api/company/map-preview/:mapId': {
    own: [200, 200, 200, 200, 404, 404],
    other: [404, 404, 404, 404, 404, 404],
    request: (w, t) => ({ method: 'GET', url: `/api/company/map-preview/${w[t].mapId}` }),
  },
  'GET /internal/maps/:mapId/frame-ancestors': {
    own: [401, 401, 401, 401, 401, 401],
    other: [401, 401, 401, 401, 401, 401],
    request: (w, t) => ({ method: 'GET', url: `/internal/maps/${w[t].mapId}/frame-ancestors` }),
  },
  'GET /api/company/:companyId/tracking-plan/lint': { ...READ, request: (w, t) => plan(w, t, '/tracking-plan/lint') },
  'GET /api/company/:companyId/tracking-plan/export': {
    ...READ,
    request: (w, t) => plan(w, t, '/tracking-plan/export?format=native'),
  },
  'GET /api/company/:companyId/codegen/typescript': {
    ...READ,
    request: (w, t) => plan(w, t, '/codegen/typescript?destination=segment&validation=none'),
  },
  'POST /api/company/:companyId/tracking-plan/import': {
    ...EDIT(200),
    request: (w, t) => ({
      method: 'POST',
      url: `/api/company/${w[t].id}/tracking-plan/import?format=native`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        format: 'tracemap.tracking-plan',
        formatVersion: 1,
        attributes: [],
        events: [],
        views: [],
      }),
    }),
  },
  // The API's description is public, like any published API reference.
  'GET /api/company/openapi.json': { ...PUBLIC, request: () => ({ method: 'GET', url: '/api/company/openapi.json' }) },
  // Users' tokens never open internal routes; only the service token does (tested in roles.test.ts).
  'GET /internal/users/:userId/companies': {
    own: [401, 401, 401, 401, 401, 401],
    other: [401, 401, 401, 401, 401, 401],
    request: (w, t) => ({ method: 'GET', url: `/internal/users/${w[t].memberId}/companies` }),
  },
  // The product-admin area's internal routes (companies across tenants, this service's outbox): service token only.
  ...internalOnly('GET', '/internal/admin/companies', () => '/internal/admin/companies?q=a'),
  ...internalOnly('GET', '/internal/admin/companies/stats'),
  ...internalOnly('GET', '/internal/admin/about'),
  ...internalOnly('GET', '/internal/admin/companies/:companyId', (w, t) => `/internal/admin/companies/${w[t].id}`),
  ...internalOnly('POST', '/internal/admin/companies'),
  ...internalOnly(
    'POST',
    '/internal/admin/companies/:companyId/members',
    (w, t) => `/internal/admin/companies/${w[t].id}/members`,
  ),
  ...internalOnly('GET', '/internal/outbox'),
  ...internalOnly('GET', '/internal/outbox/stats'),
  ...internalOnly('GET', '/internal/outbox/:id', (w, t) => `/internal/outbox/${w[t].id}`),
  ...internalOnly('POST', '/internal/outbox/:id/resend', (w, t) => `/internal/outbox/${w[t].id}/resend`),
  // Integrations moves lastSync once every destination took the plan: service token only.
  ...internalOnly(
    'POST',
    '/internal/companies/:companyId/last-sync',
    (w, t) => `/internal/companies/${w[t].id}/last-sync`,
  ),
  // What billing asks of companies (role, fresh info, contacts, change notices): service token only.
  ...internalOnly(
    'GET',
    '/internal/companies/:companyId/members/:userId',
    (w, t) => `/internal/companies/${w[t].id}/members/${w[t].memberId}`,
  ),
  ...internalOnly('POST', '/internal/companies/:companyId/info', (w, t) => `/internal/companies/${w[t].id}/info`),
  ...internalOnly(
    'GET',
    '/internal/companies/:companyId/billing-contacts',
    (w, t) => `/internal/companies/${w[t].id}/billing-contacts`,
  ),
  ...internalOnly(
    'POST',
    '/internal/companies/:companyId/subscription-changed',
    (w, t) => `/internal/companies/${w[t].id}/subscription-changed`,
  ),
  ...internalOnly(
    'GET',
    '/internal/companies/:companyId/plan-snapshot',
    (w, t) => `/internal/companies/${w[t].id}/plan-snapshot`,
  ),
  ...internalOnly(
    'POST',
    '/internal/companies/:companyId/discovery-intake',
    (w, t) => `/internal/companies/${w[t].id}/discovery-intake`,
  ),
  ...internalOnly(
    'POST',
    '/internal/companies/:companyId/assistant-intake',
    (w, t) => `/internal/companies/${w[t].id}/assistant-intake`,
  ),
  ...PROPOSAL_ROWS,
};
