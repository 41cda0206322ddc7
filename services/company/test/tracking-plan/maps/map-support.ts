import { randomUUID } from 'node:crypto';
import type { Harness } from '../../support/harness';
import type { api, PlanWorld } from '../plan-support';

export const unique = (name: string) => `${name} ${randomUUID().slice(0, 6)}`;

/**
 * Helpers of the map tests. `context` is read on each call, so a test file can hand over
 * the harness, world and client that its beforeAll assigns later.
 */
export function mapHelpers(context: () => { h: Harness; world: PlanWorld; plan: ReturnType<typeof api> }) {
  async function createMap(payload: object) {
    const response = await context().plan.post('/maps', payload);
    if (response.statusCode !== 201) throw new Error(`create map failed: ${response.statusCode} ${response.body}`);
    return response.json();
  }

  /** Rows of the map tables and the plan history of the company, to prove a refused request changed nothing. */
  async function mapRows(companyId = context().world.companyId) {
    const { rows } = await context().h.admin.query(
      `SELECT (SELECT count(*) FROM company.maps WHERE company_id = $1)::int AS maps,
            (SELECT count(*) FROM company.map_nodes WHERE company_id = $1)::int AS nodes,
            (SELECT count(*) FROM company.map_edges WHERE company_id = $1)::int AS edges,
            (SELECT count(*) FROM company.map_attributes WHERE company_id = $1)::int AS links,
            (SELECT count(*) FROM company.plan_history WHERE company_id = $1)::int AS history,
            (SELECT coalesce(sum(version), 0) FROM company.maps WHERE company_id = $1)::int AS versions`,
      [companyId],
    );
    return rows[0];
  }

  async function journey() {
    const { plan } = context();
    const [home, cart, checkout] = [
      await plan.create('views', { name: unique('Home') }),
      await plan.create('views', { name: unique('Cart') }),
      await plan.create('views', { name: unique('Checkout') }),
    ];
    const added = await plan.create('events', { name: unique('Product Added') });
    return { home, cart, checkout, added };
  }

  return { createMap, mapRows, journey };
}
