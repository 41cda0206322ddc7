import type { MapFindingAnswer, MapFindingBody } from '@tracemap/contracts';
import { inCompany } from '../ingest/tenant-transaction';
import { judgeAgain, requireFinding, type TriageDeps, type Triager } from './triage-context';
import { triageError } from './triage-errors';
import { observedEventsNamed, saveNameMappings } from './triage-repository';

/** Findings whose subject is a name the apps send, which a mapping can tie to a planned event. */
const MAPPABLE = new Set(['unplanned_event', 'similar_name', 'name_case']);

/**
 * Map to an existing item: the observed name is the planned event from now on, for the source
 * named or for every source, and the company is judged again with the mapping.
 */
export async function mapFinding(
  deps: TriageDeps,
  who: Triager,
  findingId: string,
  body: MapFindingBody,
): Promise<MapFindingAnswer> {
  const finding = await requireFinding(deps, who.companyId, findingId);
  if (!MAPPABLE.has(finding.type)) throw triageError('not_mappable');
  const plan = await deps.planSnapshots.get(who.companyId);
  if (!plan.events.some((e) => e.id === body.eventId)) throw triageError('event_not_found');
  const observedName = finding.subject.event;
  // Without a source named, the mapping holds for every source: judgements look at a name over all
  // the sources that sent it, so a mapping of one source would not cover a name several sources send.
  const sourceId = body.sourceId ?? null;
  await inCompany(deps.db, who.companyId, async (client) => {
    if ((await observedEventsNamed(client, [observedName])).length === 0) throw triageError('nothing_observed');
    await saveNameMappings(client, who.companyId, {
      sourceIds: [sourceId ?? ''],
      observedName,
      eventId: body.eventId,
      userId: who.userId,
    });
  });
  const after = await judgeAgain(deps, who.companyId, finding.id, { planChanged: false });
  return {
    mappings: [{ sourceId, observedName, eventId: body.eventId }],
    finding: after,
  };
}
