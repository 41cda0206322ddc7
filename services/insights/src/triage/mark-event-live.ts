import type { MarkLiveAnswer } from '@tracemap/contracts';
import { inCompany } from '../ingest/tenant-transaction';
import type { TriageDeps, Triager } from './triage-context';
import { triageError } from './triage-errors';
import { plannedEventSeen } from './triage-repository';

/**
 * Mark live: a planned event the observed traffic matched gets the plan's `live` status,
 * written by the company service's event update (history names discovery as the actor).
 */
export async function markEventLive(deps: TriageDeps, who: Triager, eventId: string): Promise<MarkLiveAnswer> {
  const plan = await deps.planSnapshots.get(who.companyId);
  if (!plan.events.some((e) => e.id === eventId)) throw triageError('event_not_found');
  const seen = await inCompany(deps.db, who.companyId, (client) => plannedEventSeen(client, eventId));
  if (!seen) throw triageError('event_not_seen');
  const answer = await deps.peers.discoveryIntake(
    who.companyId,
    { userId: who.userId, change: { action: 'set-status', eventId, status: 'live' } },
    who.requestId,
  );
  // The plan changed here: the next judgement reads it anew rather than wait for the announcement.
  deps.planSnapshots.forget(who.companyId);
  return { eventId, status: 'live', version: answer.eventVersion ?? 0 };
}
