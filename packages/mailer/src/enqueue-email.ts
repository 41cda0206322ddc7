import { assertIdentifier, type Queryable } from '@tracemap/service-kit';
import { isTemplateName, type EmailData, type TemplateName } from './templates/types';

export interface EmailRequest {
  template: TemplateName;
  to: string;
  data?: EmailData;
  /** Same key twice inserts one row: lets a retried request ask for the email again safely. */
  dedupeKey?: string;
}

export interface EnqueueResult {
  id: string | null;
  /** false when a row with the same dedupe key already existed. */
  created: boolean;
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+$/;

/**
 * Writes the email to the outbox with the caller's client, so it commits or
 * rolls back with the change that caused it. Delivery is the worker's job.
 */
export async function enqueueEmail(client: Queryable, schema: string, request: EmailRequest): Promise<EnqueueResult> {
  assertIdentifier(schema);
  if (!isTemplateName(request.template)) throw new Error(`Unknown email template: ${request.template}`);
  if (!EMAIL.test(request.to)) throw new Error(`Not an email address: ${request.to}`);
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO ${schema}.outbox (template, recipient, data, dedupe_key)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (dedupe_key) DO NOTHING
     RETURNING id`,
    [request.template, request.to, JSON.stringify(request.data ?? {}), request.dedupeKey ?? null],
  );
  return rows[0] ? { id: rows[0].id, created: true } : { id: null, created: false };
}
