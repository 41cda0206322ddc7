import type { InjectOptions } from 'fastify';
import type { Case, Row, Target, World } from './authorization-table';

/**
 * The matrix's rows for proposals and plan versions. Each seeded company has one proposal,
 * ready for review, authored by its owner, and version 1 as its base (see the matrix test).
 */
const READ = { own: [200, 200, 200, 200, 404, 401] as Row, other: [404, 404, 404, 404, 404, 401] as Row };
const EDIT = (ok: number) => ({
  own: [ok, ok, ok, 403, 404, 401] as Row,
  other: [404, 404, 404, 404, 404, 401] as Row,
});

const at = (w: World, t: Target, path: string, method: InjectOptions['method'] = 'GET', payload?: object) => ({
  method,
  url: `/api/company/${w[t].id}${path}`,
  ...(payload ? { payload } : {}),
});
const one = (w: World, t: Target) => `/proposals/${w[t].proposalId}`;
const base = '/api/company/:companyId/proposals/:proposalId';

export const PROPOSAL_ROWS: Record<string, Case> = {
  'POST /api/company/:companyId/proposals': {
    ...EDIT(201),
    request: (w, t) => at(w, t, '/proposals', 'POST', { name: 'Rename events' }),
  },
  'GET /api/company/:companyId/proposals': { ...READ, request: (w, t) => at(w, t, '/proposals') },
  [`GET ${base}`]: { ...READ, request: (w, t) => at(w, t, one(w, t)) },
  [`GET ${base}/diff`]: { ...EDIT(200), request: (w, t) => at(w, t, `${one(w, t)}/diff`) },
  // Only the author (the owner here) or an admin sets the status.
  [`POST ${base}/status`]: {
    own: [200, 200, 403, 403, 404, 401],
    other: EDIT(200).other,
    request: (w, t) => at(w, t, `${one(w, t)}/status`, 'POST', { status: 'closed' }),
  },
  // The author cannot review their own proposal.
  [`POST ${base}/reviews`]: {
    own: [403, 200, 200, 403, 404, 401],
    other: EDIT(200).other,
    request: (w, t) => at(w, t, `${one(w, t)}/reviews`, 'POST', { decision: 'request_changes', comment: 'x' }),
  },
  // The author (the owner here) or an admin asks reviewers.
  [`POST ${base}/reviewers`]: {
    own: [200, 200, 403, 403, 404, 401],
    other: EDIT(200).other,
    request: (w, t) => at(w, t, `${one(w, t)}/reviewers`, 'POST', { userIds: [w[t].memberId] }),
  },
  [`GET ${base}/comments`]: { ...READ, request: (w, t) => at(w, t, `${one(w, t)}/comments`) },
  [`POST ${base}/comments`]: {
    own: [201, 201, 201, 201, 404, 401],
    other: READ.other,
    request: (w, t) => at(w, t, `${one(w, t)}/comments`, 'POST', { body: 'Looks right' }),
  },
  [`POST ${base}/resolve`]: {
    ...EDIT(200),
    request: (w, t) => at(w, t, `${one(w, t)}/resolve`, 'POST', { resolutions: [] }),
  },
  [`POST ${base}/merge`]: { ...EDIT(200), request: (w, t) => at(w, t, `${one(w, t)}/merge`, 'POST') },
  'GET /api/company/:companyId/plan-versions': { ...READ, request: (w, t) => at(w, t, '/plan-versions') },
  'GET /api/company/:companyId/plan-versions/:version/export': {
    ...EDIT(200),
    request: (w, t) => at(w, t, '/plan-versions/1/export'),
  },
  'GET /api/company/:companyId/plan-versions/:version/diff': {
    ...EDIT(200),
    request: (w, t) => at(w, t, '/plan-versions/1/diff?against=1'),
  },
};
