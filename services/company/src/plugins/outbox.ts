import { migrateOutbox, startOutboxWorker, type OutboxWorker } from '@tracemap/mailer';
import type { FastifyInstance } from 'fastify';
import type { CompanyConfig } from '../config';
import { OUTBOX_SCHEMA } from '../lib/outbox';
import { APP_ROLE } from '../lib/tenant';

/**
 * Creates the mailer's outbox in this service's schema, lets the app role
 * write to it (emails are queued inside tenant transactions), and runs the
 * delivery worker until the app closes.
 */
export async function setUpOutbox(app: FastifyInstance, config: CompanyConfig): Promise<OutboxWorker | null> {
  await migrateOutbox(app.db, OUTBOX_SCHEMA);
  await grantOutboxToAppRole(app);
  if (!config.OUTBOX_WORKER) return null;
  const worker = startOutboxWorker({
    pool: app.db,
    schema: OUTBOX_SCHEMA,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    logger: app.log,
  });
  // preClose: the worker must stop before the database plugin ends the pool.
  app.addHook('preClose', async () => {
    await worker.stop();
  });
  return worker;
}

async function grantOutboxToAppRole(app: FastifyInstance) {
  const table = `${OUTBOX_SCHEMA}.outbox`;
  const granted = async () =>
    (await app.db.query<{ ok: boolean }>(`SELECT has_table_privilege($1, $2, 'INSERT') AS ok`, [APP_ROLE, table])).rows[0].ok;
  if (await granted()) return;
  try {
    await app.db.query(`GRANT SELECT, INSERT ON ${table} TO ${APP_ROLE}`);
  } catch (error) {
    // Replicas starting together may race on the same GRANT; what matters is that it holds.
    if (!(await granted())) throw error;
  }
}
