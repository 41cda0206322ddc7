import type { LightMyRequestResponse } from 'fastify';
import { addMember, createCompanyAs, type Harness, type TestUser } from '../support/harness';

export interface PlanWorld {
  companyId: string;
  owner: TestUser;
  creator: TestUser;
  viewer: TestUser;
}

/** A company with an owner, a creator and a viewer. */
export async function planWorld(h: Harness): Promise<PlanWorld> {
  const owner = await h.user();
  const creator = await h.user();
  const viewer = await h.user();
  const companyId = await createCompanyAs(h, owner);
  await addMember(h, companyId, creator.id, 'creator');
  await addMember(h, companyId, viewer.id, 'viewer');
  return { companyId, owner, creator, viewer };
}

export function api(h: Harness, world: PlanWorld) {
  const base = `/api/company/${world.companyId}`;
  const send = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ) =>
    h.call(user, {
      method,
      url: `${base}${path}`,
      ...(payload !== undefined ? { payload: payload as object } : {}),
      headers,
    });
  return {
    base,
    get: (path: string, user: TestUser | null = world.owner) => send(user, 'GET', path),
    post: (path: string, payload: unknown, user: TestUser | null = world.owner, headers?: Record<string, string>) =>
      send(user, 'POST', path, payload, headers),
    patch: (path: string, payload: unknown, user: TestUser | null = world.owner, headers?: Record<string, string>) =>
      send(user, 'PATCH', path, payload, headers),
    delete: (path: string, user: TestUser | null = world.owner) => send(user, 'DELETE', path),
    /** Creates and answers the created entity, failing loudly otherwise. */
    async create(kind: 'attributes' | 'events' | 'views', payload: object, user: TestUser = world.owner) {
      const response = await send(user, 'POST', `/${kind}`, payload);
      if (response.statusCode !== 201)
        throw new Error(`create ${kind} failed: ${response.statusCode} ${response.body}`);
      return response.json();
    },
  };
}

export const body = (response: LightMyRequestResponse) => response.json();

/** Row counts of the plan tables of one company, to prove a refused request changed nothing. */
export async function planCounts(h: Harness, companyId: string) {
  const { rows } = await h.admin.query(
    `SELECT (SELECT count(*) FROM company.plan_attributes WHERE company_id = $1)::int AS attributes,
            (SELECT count(*) FROM company.plan_events WHERE company_id = $1)::int AS events,
            (SELECT count(*) FROM company.plan_views WHERE company_id = $1)::int AS views,
            (SELECT count(*) FROM company.plan_event_attributes WHERE company_id = $1)::int AS "eventLinks",
            (SELECT count(*) FROM company.plan_view_events WHERE company_id = $1)::int AS "viewEvents",
            (SELECT count(*) FROM company.plan_history WHERE company_id = $1)::int AS history`,
    [companyId],
  );
  return rows[0];
}
