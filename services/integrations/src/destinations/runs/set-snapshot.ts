import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { PlanSnapshot } from '@tracemap/contracts';
import { tenantTransaction } from '../../core/tenant';
import type { IntegrationsDeps } from '../../deps';
import { keepSetSnapshot, readSetSnapshot } from './sync-set-repository';

const compress = promisify(gzip);
const decompress = promisify(gunzip);

// Level 1: a 10,000-event plan (115 MB of JSON) becomes about 5 MB in some 2.5 s; level 6 saves
// 2 MB more for twice the time.
const GZIP_LEVEL = 1;

const parse = async (stored: Buffer) => JSON.parse((await decompress(stored)).toString('utf8')) as PlanSnapshot;

/**
 * The plan a run of the set pushes, or null when the set is gone. The first run of a set of
 * several to start takes it from the company service and keeps it on the set (compressed); the
 * others, and a run taken over after a crash, push that same version. A set of one takes the
 * plan as it is when its run starts (again if taken over), and records its version.
 */
export async function setSnapshot(
  deps: Pick<IntegrationsDeps, 'db' | 'peers'>,
  companyId: string,
  setId: string,
): Promise<PlanSnapshot | null> {
  const tenant = <T>(work: Parameters<typeof tenantTransaction<T>>[2]) => tenantTransaction(deps.db, companyId, work);
  const held = await tenant((client) => readSetSnapshot(client, setId));
  if (!held) return null;
  if (held.gzip) return parse(held.gzip);
  const fresh = await deps.peers.planSnapshot(companyId);
  const packed = held.runs > 1 ? await compress(JSON.stringify(fresh), { level: GZIP_LEVEL }) : null;
  const kept = await tenant((client) => keepSetSnapshot(client, setId, fresh.version, packed));
  if (kept === 'gone') return null;
  if (kept === 'kept' || !packed) return fresh;
  const theirs = await tenant((client) => readSetSnapshot(client, setId));
  return theirs?.gzip ? parse(theirs.gzip) : null;
}
