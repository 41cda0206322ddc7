export { migrateOutbox } from './migrate-outbox';
export { enqueueEmail, type EmailRequest, type EnqueueResult } from './enqueue-email';
export {
  startOutboxWorker,
  retryDelayMs,
  DEFAULT_LEASE_MS,
  type OutboxWorker,
  type OutboxWorkerOptions,
  type WorkerLogger,
} from './outbox-worker';
export { renderEmail } from './render-email';
export { listOutbox, type OutboxEntry } from './list-outbox';
export { TEMPLATES, isTemplateName, type TemplateName, type EmailData, type RenderedEmail } from './templates/types';
export { escapeHtml } from './templates/layout';
export type { OutboxStatus } from './outbox-repository';
export {
  searchOutbox,
  getOutboxEmail,
  resendFailedEmail,
  outboxStats,
  outboxBacklog,
  type OutboxSummary,
  type OutboxDetail,
  type OutboxSearch,
  type OutboxStats,
  type ResendOutcome,
} from './outbox-admin';
export { mailOutbox } from './mail-outbox';
export {
  outboxInternalClient,
  OutboxEmailAnswer,
  OutboxListAnswer,
  OutboxResendAnswer,
  OutboxStatsAnswer,
  type OutboxInternalClient,
} from './outbox-contract';
