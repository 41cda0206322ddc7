import { COLLECTOR_FORMATS, type CollectorFormat } from '@tracemap/contracts';
import type { Queryable } from '@tracemap/service-kit';
import { hashIngestKey } from './ingest-key';
import { sourceByIngestKeyHash } from './source-repository';

export interface CollectorSource {
  sourceId: string;
  companyId: string;
  /** What the collector receives: `auto` reads each record's shape. */
  format: CollectorFormat;
}

const isCollectorFormat = (value: string | null): value is CollectorFormat =>
  (COLLECTOR_FORMATS as readonly (string | null)[]).includes(value);
// Keys are made by newIngestKey; anything far from that shape is not looked up at all.
const KEY_SHAPE = /^tmk_[A-Za-z0-9_-]{20,100}$/;

/**
 * The collector source a key opens, or null for an unknown, rotated or deleted key. Looked
 * up by the key's hash (the key itself is never stored), across companies: the caller then
 * works as the company answered, under row security.
 */
export async function findSourceByIngestKey(db: Queryable, key: string): Promise<CollectorSource | null> {
  if (!KEY_SHAPE.test(key)) return null;
  const found = await sourceByIngestKeyHash(db, hashIngestKey(key));
  if (!found) return null;
  return {
    sourceId: found.sourceId,
    companyId: found.companyId,
    format: isCollectorFormat(found.format) ? found.format : 'auto',
  };
}
