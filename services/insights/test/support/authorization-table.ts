import type { InjectOptions } from 'fastify';

/**
 * The authorization matrix's table: for every insights route, what each actor gets on their
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
  /** A collector source with its key, and a finished run; their names carry the company's tag. */
  sourceId: string;
  sourceName: string;
  ingestKey: string;
  runId: string;
}

export interface World {
  /** The company the role actors belong to. */
  own: SeededCompany;
  /** A company none of the actors belongs to (its owner is someone else). */
  other: SeededCompany;
}

export interface Case {
  own: Row;
  other: Row;
  request(world: World, target: Target): InjectOptions;
}

const at = (w: World, t: Target, path: string) => `/api/insights/${w[t].id}/discovery${path}`;
const chatAt = (w: World, t: Target, path: string) => `/api/insights/${w[t].id}/chat${path}`;
const get = (path: string) => (w: World, t: Target) => ({ method: 'GET' as const, url: at(w, t, path) });

const NO_ID = '00000000-0000-4000-8000-000000000000';
const HIDDEN: Row = [404, 404, 404, 404, 404, 401];
/** Members read. */
const READ = { own: [200, 200, 200, 200, 404, 401], other: HIDDEN } as const;
/** Creators and up (editors) triage and send data. */
const EDIT = (ok: number) => ({ own: [ok, ok, ok, 403, 404, 401], other: HIDDEN }) as const;
/** Owners and admins manage sources and keys. */
const ADMIN = (ok: number) => ({ own: [ok, ok, 403, 403, 404, 401], other: HIDDEN }) as const;
/** Any signed-in user, member or not. */
const SIGNED_IN = (ok: number): Row => [ok, ok, ok, ok, ok, 401];
const PUBLIC = (ok: number) => ({ own: [ok, ok, ok, ok, ok, ok], other: [ok, ok, ok, ok, ok, ok] }) as const;

export const MATRIX: Record<string, Case> = {
  'GET /health': { ...PUBLIC(200), request: () => ({ method: 'GET', url: '/health' }) },
  'GET /ready': { ...PUBLIC(200), request: () => ({ method: 'GET', url: '/ready' }) },
  'GET /api/insights/openapi.json': {
    ...PUBLIC(200),
    request: () => ({ method: 'GET', url: '/api/insights/openapi.json' }),
  },

  // Sources.
  'GET /api/insights/:companyId/discovery/sources': { ...READ, request: get('/sources') },
  'POST /api/insights/:companyId/discovery/sources': {
    ...ADMIN(201),
    request: (w, t) => ({ method: 'POST', url: at(w, t, '/sources'), payload: { kind: 'collector', name: 'New' } }),
  },
  'DELETE /api/insights/:companyId/discovery/sources/:sourceId': {
    ...ADMIN(204),
    request: (w, t) => ({ method: 'DELETE', url: at(w, t, `/sources/${w[t].sourceId}`) }),
  },
  'POST /api/insights/:companyId/discovery/sources/:sourceId/rotate-key': {
    ...ADMIN(200),
    request: (w, t) => ({ method: 'POST', url: at(w, t, `/sources/${w[t].sourceId}/rotate-key`) }),
  },
  // The seeded source is a collector: an admin passes the gate and is told only GA4 and Amplitude are pulled.
  'POST /api/insights/:companyId/discovery/sources/:sourceId/pull': {
    ...ADMIN(400),
    request: (w, t) => ({ method: 'POST', url: at(w, t, `/sources/${w[t].sourceId}/pull`) }),
  },

  // The collector is opened by its key alone (no user credential); the key names the company.
  'POST /api/insights/collect/:ingestKey': {
    ...PUBLIC(202),
    request: (w, t) => ({
      method: 'POST',
      url: `/api/insights/collect/${w[t].ingestKey}`,
      payload: { type: 'track', event: 'Matrix Checked', properties: { step: 1 } },
    }),
  },

  // Uploads and runs.
  'POST /api/insights/:companyId/discovery/uploads': {
    ...EDIT(202),
    request: (w, t) => ({
      method: 'POST',
      url: at(w, t, '/uploads?format=segment'),
      headers: { 'content-type': 'application/x-ndjson' },
      payload: '{"type":"track","event":"Matrix Uploaded","properties":{}}\n',
    }),
  },
  'GET /api/insights/:companyId/discovery/runs': { ...READ, request: get('/runs') },
  'GET /api/insights/:companyId/discovery/runs/:runId': {
    ...READ,
    request: (w, t) => get(`/runs/${w[t].runId}`)(w, t),
  },
  'POST /api/insights/:companyId/discovery/runs/:runId/cancel': {
    ...EDIT(200),
    request: (w, t) => ({ method: 'POST', url: at(w, t, `/runs/${w[t].runId}/cancel`) }),
  },

  // Findings and plan against reality. No finding is seeded: editors reach the lookup (404
  // finding_not_found), a viewer is refused before it (403).
  'GET /api/insights/:companyId/discovery/findings': { ...READ, request: get('/findings') },
  'PATCH /api/insights/:companyId/discovery/findings/:id': {
    own: [404, 404, 404, 403, 404, 401],
    other: HIDDEN,
    request: (w, t) => ({
      method: 'PATCH',
      url: at(w, t, '/findings/00000000-0000-4000-8000-000000000000'),
      payload: { state: 'acknowledged' },
    }),
  },
  'GET /api/insights/:companyId/discovery/events': { ...READ, request: get('/events') },
  'GET /api/insights/:companyId/discovery/overview': { ...READ, request: get('/overview') },
  'POST /api/insights/:companyId/discovery/example-traffic': {
    ...EDIT(202),
    request: (w, t) => ({ method: 'POST', url: at(w, t, '/example-traffic') }),
  },

  // Triage: no finding, planned event or map is seeded, so editors (and, for the overlay,
  // members) reach the lookup and get its 404; a viewer is refused triage before it (403).
  'POST /api/insights/:companyId/discovery/findings/:id/add-to-plan': {
    own: [404, 404, 404, 403, 404, 401],
    other: HIDDEN,
    request: (w, t) => ({ method: 'POST', url: at(w, t, `/findings/${NO_ID}/add-to-plan`) }),
  },
  'POST /api/insights/:companyId/discovery/findings/:id/map': {
    own: [404, 404, 404, 403, 404, 401],
    other: HIDDEN,
    request: (w, t) => ({ method: 'POST', url: at(w, t, `/findings/${NO_ID}/map`), payload: { eventId: NO_ID } }),
  },
  'POST /api/insights/:companyId/discovery/findings/:id/ignore': {
    own: [404, 404, 404, 403, 404, 401],
    other: HIDDEN,
    request: (w, t) => ({ method: 'POST', url: at(w, t, `/findings/${NO_ID}/ignore`), payload: { rule: 'this' } }),
  },
  'POST /api/insights/:companyId/discovery/events/:eventId/mark-live': {
    own: [404, 404, 404, 403, 404, 401],
    other: HIDDEN,
    request: (w, t) => ({ method: 'POST', url: at(w, t, `/events/${NO_ID}/mark-live`) }),
  },
  'GET /api/insights/:companyId/discovery/maps/:mapId/overlay': {
    own: [404, 404, 404, 404, 404, 401],
    other: HIDDEN,
    request: get(`/maps/${NO_ID}/overlay`),
  },

  // The assistant: members chat in their own threads (none is seeded, so a thread answers 404);
  // owners and admins switch it off and see its usage.
  'POST /api/insights/:companyId/chat/threads': {
    own: [201, 201, 201, 201, 404, 401],
    other: HIDDEN,
    request: (w, t) => ({ method: 'POST', url: chatAt(w, t, '/threads') }),
  },
  'GET /api/insights/:companyId/chat/threads': {
    ...READ,
    request: (w, t) => ({ method: 'GET', url: chatAt(w, t, '/threads') }),
  },
  'GET /api/insights/:companyId/chat/threads/:threadId': {
    own: [404, 404, 404, 404, 404, 401],
    other: HIDDEN,
    request: (w, t) => ({ method: 'GET', url: chatAt(w, t, `/threads/${NO_ID}`) }),
  },
  'POST /api/insights/:companyId/chat/threads/:threadId/messages': {
    own: [404, 404, 404, 404, 404, 401],
    other: HIDDEN,
    request: (w, t) => ({
      method: 'POST',
      url: chatAt(w, t, `/threads/${NO_ID}/messages`),
      headers: { accept: 'application/json' },
      payload: { content: 'Is Product Viewed tracked?' },
    }),
  },
  // Applying a drafted change: editors reach the thread lookup (none is seeded: 404); viewers are refused first.
  'POST /api/insights/:companyId/chat/threads/:threadId/drafts/:toolCallId/apply': {
    own: [404, 404, 404, 403, 404, 401],
    other: HIDDEN,
    request: (w, t) => ({ method: 'POST', url: chatAt(w, t, `/threads/${NO_ID}/drafts/${NO_ID}/apply`) }),
  },
  'GET /api/insights/:companyId/chat/suggestions': {
    ...READ,
    request: (w, t) => ({ method: 'GET', url: chatAt(w, t, '/suggestions') }),
  },
  'PUT /api/insights/:companyId/chat/settings': {
    ...ADMIN(200),
    request: (w, t) => ({ method: 'PUT', url: chatAt(w, t, '/settings'), payload: { enabled: true } }),
  },
  'GET /api/insights/:companyId/chat/usage': {
    ...ADMIN(200),
    request: (w, t) => ({ method: 'GET', url: chatAt(w, t, '/usage') }),
  },
  'GET /api/insights/:companyId/chat/settings': {
    ...ADMIN(200),
    request: (w, t) => ({ method: 'GET', url: chatAt(w, t, '/settings') }),
  },
  // A stored query result is its conversation owner's alone; none is seeded.
  'GET /api/insights/:companyId/chat/queries/:queryId': {
    own: [404, 404, 404, 404, 404, 401],
    other: HIDDEN,
    request: (w, t) => ({ method: 'GET', url: chatAt(w, t, `/queries/${NO_ID}`) }),
  },

  // Personal access tokens: a signed-in user's own (the list is per user, whichever company);
  // creating one needs membership of its company. None is seeded, so revoking answers 404.
  'GET /api/insights/access-tokens': {
    own: SIGNED_IN(200),
    other: SIGNED_IN(200),
    request: () => ({ method: 'GET', url: '/api/insights/access-tokens' }),
  },
  'POST /api/insights/access-tokens': {
    own: [201, 201, 201, 201, 404, 401],
    other: HIDDEN,
    request: (w, t) => ({
      method: 'POST',
      url: '/api/insights/access-tokens',
      payload: { companyId: w[t].id, name: 'Matrix client' },
    }),
  },
  'DELETE /api/insights/access-tokens/:tokenId': {
    own: [404, 404, 404, 404, 404, 401],
    other: [404, 404, 404, 404, 404, 401],
    request: () => ({ method: 'DELETE', url: `/api/insights/access-tokens/${NO_ID}` }),
  },
  // MCP opens with a personal access token only: a session token is no key to it.
  'POST /api/insights/mcp': {
    own: [401, 401, 401, 401, 401, 401],
    other: [401, 401, 401, 401, 401, 401],
    request: () => ({
      method: 'POST',
      url: '/api/insights/mcp',
      headers: { accept: 'application/json, text/event-stream' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
    }),
  },
  'GET /api/insights/mcp': { ...PUBLIC(405), request: () => ({ method: 'GET', url: '/api/insights/mcp' }) },
  'DELETE /api/insights/mcp': { ...PUBLIC(405), request: () => ({ method: 'DELETE', url: '/api/insights/mcp' }) },
};
