/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements the bench's plan reads run,
 * exactly as the routes build them and under the same tenant settings (app
 * role, company, user), on a database kept by the bench:
 *
 *   BENCH_KEEP_DATABASE=1 DATABASE_URL=postgres://… npm run bench:plan   # prints the database, company and owner
 *   EXPLAIN_DATABASE_URL=… EXPLAIN_COMPANY_ID=… EXPLAIN_USER_ID=… node --import tsx services/company/scripts/explain-plan.ts
 *
 * Migrations not yet applied to that database are applied first, so a new
 * one can be compared against the plans printed before it. Each statement is
 * run once unexplained first (which prepares it), so the plans shown are warm ones.
 */
import pg from 'pg';
import { service } from '../src/app';
import { loadConfig } from '../src/config';
import { listEvents } from '../src/tracking-plan/events/list-events';
import { getEventSchema } from '../src/tracking-plan/events/get-event-schema';
import type { PlanActor } from '../src/tracking-plan/shared/plan-context';
import { createTokenKit } from '../test/support/tokens';

const PLAN_READ_MARKER = `set_config('plan_cache_mode', 'force_generic_plan', true); `;

async function main() {
  const databaseUrl = process.env.EXPLAIN_DATABASE_URL;
  const companyId = process.env.EXPLAIN_COMPANY_ID;
  const userId = process.env.EXPLAIN_USER_ID;
  if (!databaseUrl || !companyId || !userId)
    throw new Error('EXPLAIN_DATABASE_URL, EXPLAIN_COMPANY_ID and EXPLAIN_USER_ID are required');
  const role = (process.env.EXPLAIN_ROLE ?? 'owner') as PlanActor['role'];
  const tokens = await createTokenKit();
  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: 'http://127.0.0.1:1',
    AUTH_URL: 'http://127.0.0.1:1',
    ACCOUNT_URL: 'http://127.0.0.1:1',
    SUBSCRIPTION_URL: 'http://127.0.0.1:1',
    INTERNAL_SERVICE_TOKEN: 'explain-internal-service-token',
    OUTBOX_WORKER: 'false',
    DB_STATEMENT_TIMEOUT_MS: '60000',
  });
  const app = await service.build(config, {
    verifier: tokens.verifier,
    isSessionActive: async () => true,
    logger: false,
  });
  const deps = app.companyService.deps;
  let explaining = false;
  // Plan reads travel as one message (settings; [PREPARE;] EXECUTE): the same settings, the EXECUTE explained.
  const query = pg.Client.prototype.query as (this: pg.Client, text: unknown, ...rest: unknown[]) => Promise<unknown>;
  pg.Client.prototype.query = async function (this: pg.Client, text: unknown, ...rest: unknown[]) {
    const result = await query.call(this, text, ...rest);
    if (explaining && typeof text === 'string' && text.includes(PLAN_READ_MARKER)) {
      const settings = text.slice(0, text.indexOf(PLAN_READ_MARKER) + PLAN_READ_MARKER.length);
      const results = (await query.call(
        this,
        `${settings}EXPLAIN (ANALYZE, BUFFERS) ${text.slice(text.lastIndexOf('EXECUTE plan_read_'))}`,
      )) as pg.QueryResult[];
      console.log(results[results.length - 1].rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
    return result;
  } as typeof pg.Client.prototype.query;

  try {
    const actor: PlanActor = { companyId, userId, role };
    const { rows } = await deps.db.query<{ id: string }>(
      `SELECT id FROM company.plan_events WHERE company_id = $1 ORDER BY id LIMIT 1 OFFSET 4321`,
      [companyId],
    );
    const runs: Array<[string, () => Promise<unknown>]> = [
      ['list: events?limit=50', () => listEvents(deps, actor, { limit: 50 })],
      ['search: events?search=cart event 321', () => listEvents(deps, actor, { search: 'cart event 321' })],
      ['search: events?search=checkout (many matches)', () => listEvents(deps, actor, { search: 'checkout' })],
      ['schema: events/:id/schema', () => getEventSchema(deps, actor, rows[0].id)],
    ];
    for (const [name, run] of runs) {
      console.log(`\n=== ${name} (${role})`);
      // Past five runs a prepared statement may switch to its generic plan: that is the one shown last.
      explaining = false;
      for (let i = 0; i < 6; i += 1) await run();
      explaining = true;
      await run();
    }
  } finally {
    await app.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
