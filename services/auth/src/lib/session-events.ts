import type { Queryable } from '@tracemap/service-kit';
import { SESSION_EVENTS_CHANNEL } from '@tracemap/service-kit';

/**
 * Session ends and changes are announced by the database itself (triggers of
 * migration 002), in the transaction that makes them. This sends the probe a
 * listening service asks for, on the same channel, to learn that the
 * announcements really reach it.
 */
export async function announceProbe(db: Queryable, nonce: string): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [SESSION_EVENTS_CHANNEL, `probe:${nonce}`]);
}
