import type pg from 'pg';
import {
  adaptRecord,
  createProfileBuilder,
  detectFormat,
  isSourceFormat,
  type ObservedEvent,
} from '@tracemap/discovery';
import type { CollectAccepted } from '@tracemap/contracts';
import { addToProfile } from './profile-repository';
import { inCompany } from './tenant-transaction';

/**
 * The formats a webhook or script can send to the collector; each record is read as the one
 * its source names, or (`auto`) as the one it looks like.
 */
const COLLECTABLE = new Set(['segment', 'rudderstack', 'mparticle']);

export interface CollectDeps {
  db: pg.Pool;
  batchEvents: number;
  /** After events were added: the company's findings are judged again (soon, not per request). */
  profileChanged: (companyId: string) => void;
}

/** The records of a collector body: an object, an array of them, or a `{ batch: [...] }`. */
function recordsOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  return [body];
}

/**
 * Adds what a collector request carries to the company's profile: each record
 * adapted as the format it looks like, profiled in batches of at most
 * `batchEvents` events, each batch one transaction. Records of no known shape
 * are counted as rejected, never stored.
 */
export async function collectEvents(
  deps: CollectDeps,
  source: { id: string; companyId: string; format?: string },
  body: unknown,
): Promise<CollectAccepted> {
  const fixed = source.format && source.format !== 'auto' && isSourceFormat(source.format) ? source.format : null;
  const builder = createProfileBuilder();
  let accepted = 0;
  let rejected = 0;
  let events = 0;
  let pending = 0;
  const receivedAt = Date.now();
  const flush = async () => {
    if (pending === 0) return;
    const delta = builder.drain();
    pending = 0;
    await inCompany(deps.db, source.companyId, (client) => addToProfile(client, source.companyId, delta));
  };
  for (const record of recordsOf(body)) {
    const format = fixed ?? detectFormat(record);
    if (!format || !COLLECTABLE.has(format)) {
      rejected += 1;
      continue;
    }
    const result = adaptRecord(format, record, source.id, { receivedAt });
    if (result.events.length === 0) {
      rejected += 1;
      continue;
    }
    accepted += 1;
    if (pending > 0 && pending + result.events.length > deps.batchEvents) await flush();
    result.events.forEach((event: ObservedEvent) => builder.add(event));
    pending += result.events.length;
    events += result.events.length;
  }
  await flush();
  if (events > 0) deps.profileChanged(source.companyId);
  return { accepted, events, rejected };
}
