import type { AnalyticsBatch } from '@tracemap/contracts';
import type { AccountDeps } from '../deps';
import { insertEvents } from './events-repository';
import { truncateIp } from './truncate-ip';

/** Stores one batch from the browser; the address is kept only in its shortened form. */
export async function recordEvents(deps: AccountDeps, batch: AnalyticsBatch, caller: { userId: string | null; address: string }): Promise<{ accepted: number }> {
  const accepted = await insertEvents(deps.pool, batch, { userId: caller.userId, ipPrefix: truncateIp(caller.address) });
  return { accepted };
}
