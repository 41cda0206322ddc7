import type { Queryable } from '@tracemap/service-kit';
import type { AnalyticsBatch } from '@tracemap/contracts';

export interface BatchContext {
  userId: string | null;
  ipPrefix: string | null;
}

const COLUMNS = [
  'occurred_at',
  'kind',
  'name',
  'path',
  'referrer_host',
  'visible_ms',
  'scroll_depth',
  'properties',
  'device_id',
  'session_id',
  'user_id',
  'bucket',
  'experiments',
  'utm',
  'ip_prefix',
];

/** One multi-row insert per batch: a batch holds at most a few dozen events. */
export async function insertEvents(db: Queryable, batch: AnalyticsBatch, context: BatchContext): Promise<number> {
  const values: unknown[] = [];
  const rows = batch.events.map((event, i) => {
    values.push(
      event.occurredAt,
      event.kind,
      event.name,
      event.path,
      event.referrerHost ?? null,
      event.visibleMs ?? null,
      event.scrollDepth ?? null,
      JSON.stringify(event.properties ?? {}),
      batch.deviceId,
      batch.sessionId,
      context.userId,
      batch.bucket,
      JSON.stringify(batch.experiments),
      JSON.stringify(batch.utm ?? {}),
      context.ipPrefix,
    );
    return `(${COLUMNS.map((_, k) => `$${i * COLUMNS.length + k + 1}`).join(', ')})`;
  });
  const result = await db.query(
    `INSERT INTO analytics.events (${COLUMNS.join(', ')}) VALUES ${rows.join(', ')}`,
    values,
  );
  return result.rowCount ?? batch.events.length;
}
