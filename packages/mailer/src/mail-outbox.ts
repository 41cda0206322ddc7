import type { OutboxImplementation } from '@tracemap/service-kit';
import { migrateOutbox } from './migrate-outbox';
import { getOutboxEmail, outboxBacklog, outboxStats, resendFailedEmail, searchOutbox } from './outbox-admin';
import { startOutboxWorker } from './outbox-worker';

/** The email outbox as a service declares it (`outbox: mailOutbox`); the kit migrates, runs and exposes it. */
export const mailOutbox: OutboxImplementation = {
  migrate: migrateOutbox,
  startWorker: startOutboxWorker,
  search: searchOutbox,
  stats: (db, schema) => outboxStats(db, schema),
  get: getOutboxEmail,
  resend: resendFailedEmail,
  backlog: outboxBacklog,
};
