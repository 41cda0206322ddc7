import type { IgnoreFindingAnswer, IgnoreFindingBody } from '@tracemap/contracts';
import { inCompany } from '../ingest/tenant-transaction';
import type { TriageDeps, Triager } from './triage-context';
import { triageError } from './triage-errors';
import { findFinding, fingerprintOf, saveIgnoreRule } from './triage-repository';

/**
 * Ignore with a rule (or mark expected: the rule `this`): the rule is stored and every finding
 * it covers is ignored now; judgements later store findings it covers as ignored too.
 */
export async function ignoreFinding(
  deps: TriageDeps,
  who: Triager,
  findingId: string,
  body: IgnoreFindingBody,
): Promise<IgnoreFindingAnswer> {
  const answer = await inCompany(deps.db, who.companyId, async (client) => {
    const finding = await findFinding(client, findingId);
    if (!finding) throw triageError('finding_not_found');
    if (body.rule === 'property-everywhere' && !finding.subject.property) throw triageError('no_property');
    const fingerprint = await fingerprintOf(client, finding.id);
    return saveIgnoreRule(client, who.companyId, { ...finding, fingerprint }, { ...body, userId: who.userId });
  });
  deps.pages?.changed(who.companyId);
  return answer;
}
