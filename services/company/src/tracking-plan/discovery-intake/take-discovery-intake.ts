import type {
  AttributeLink,
  DiscoveryIntakeAnswer,
  DiscoveryIntakeBody,
  IntakeAttribute,
  IntakeItem,
} from '@tracemap/contracts';
import { AppError } from '@tracemap/service-kit';
import { foldName } from '@tracemap/tracking-plan';
import { currentRole } from '../../core/company-access';
import type { CompanyDeps } from '../../core/deps';
import { MESSAGES } from '../../core/messages';
import { hasAccess } from '../../core/roles';
import { tenantTransaction } from '../../core/tenant';
import { createAttribute } from '../attributes/create-attribute';
import { createEvent } from '../events/create-event';
import { findEvent } from '../events/event-repository';
import { updateEvent } from '../events/update-event';
import type { PlanActor } from '../shared/plan-context';
import { entityNotFound } from '../shared/plan-errors';
import { draftProposalFor } from '../proposals/draft-proposal-for';
import { attributesByFoldedName } from './intake-repository';

/**
 * Analytics discovery's changes to the plan, made for the editor who triaged a finding.
 * Everything goes through the plan's own use cases (validation, name rules, lint,
 * limits, history), with the history naming discovery as the actor; an attribute
 * the plan already has under the same folded name is linked, not created again.
 * The editor's role is checked here too: the insights service asked for it a moment
 * ago, but the plan is this service's to guard. When the company makes changes
 * through proposals, the change lands in discovery's draft proposal (the answer
 * names it) and the live plan stays as it is.
 */
export async function takeDiscoveryIntake(
  deps: CompanyDeps,
  companyId: string,
  body: DiscoveryIntakeBody,
): Promise<DiscoveryIntakeAnswer> {
  const role = await currentRole(deps, companyId, body.userId);
  if (!role) throw new AppError(404, 'company_not_found', MESSAGES.companyNotFound);
  if (!hasAccess(role, 'edit')) throw new AppError(403, 'forbidden', MESSAGES.forbidden);
  // A company that makes changes through proposals gets discovery's in its draft, never live.
  const target = await draftProposalFor(deps, { companyId, userId: body.userId }, 'discovery');
  const actor: PlanActor = { companyId: target?.workspaceId ?? companyId, userId: body.userId, role, via: 'discovery' };
  const inProposal = target ? { proposal: target.proposal } : {};
  const change = body.change;

  if (change.action === 'set-status') {
    const current = await readEvent(deps, actor, change.eventId);
    const updated =
      current.status === change.status
        ? current
        : await updateEvent(deps, actor, {
            id: current.id,
            changes: { status: change.status },
            ifMatch: current.version,
          });
    return { event: item(updated, false), attributes: [], eventVersion: updated.version, ...inProposal };
  }

  const attributes = await ensureAttributes(deps, actor, change.attributes);
  const links: AttributeLink[] = change.attributes.map((wanted, i) => ({
    attributeId: attributes[i].id,
    presence: wanted.presence,
  }));

  if (change.action === 'add-event') {
    const created = await createEvent(deps, actor, {
      name: change.event.name,
      kind: change.event.kind,
      ...(change.event.description !== undefined ? { description: change.event.description } : {}),
      ...(change.event.status !== undefined ? { status: change.event.status } : {}),
      attributes: uniqueLinks(links),
    });
    return { event: item(created.body, true), attributes, eventVersion: created.body.version, ...inProposal };
  }

  const current = await readEvent(deps, actor, change.eventId);
  const linked = new Set(current.attributes.map((l) => l.attributeId));
  const added = uniqueLinks(links).filter((l) => !linked.has(l.attributeId));
  const updated =
    added.length === 0
      ? current
      : await updateEvent(deps, actor, {
          id: current.id,
          changes: { attributes: [...current.attributes, ...added] },
          ifMatch: current.version,
        });
  return { event: item(updated, false), attributes, eventVersion: updated.version, ...inProposal };
}

/** Each wanted attribute, in order: the plan's one of the same scope and folded name, else a new one. */
async function ensureAttributes(
  deps: CompanyDeps,
  actor: PlanActor,
  wanted: readonly IntakeAttribute[],
): Promise<IntakeItem[]> {
  const byScope = new Map<string, string[]>();
  for (const w of wanted) {
    const scope = w.attribute.scope ?? 'event';
    byScope.set(scope, [...(byScope.get(scope) ?? []), foldName(w.attribute.name)]);
  }
  const existing = await tenantTransaction(deps.db, actor, async (client) => {
    const found = new Map<string, IntakeItem>();
    for (const [scope, names] of byScope) {
      const rows = await attributesByFoldedName(client, actor.companyId, scope, names);
      for (const [folded, attribute] of rows) found.set(`${scope}:${folded}`, item(attribute, false));
    }
    return found;
  });
  const out: IntakeItem[] = [];
  for (const w of wanted) {
    const key = `${w.attribute.scope ?? 'event'}:${foldName(w.attribute.name)}`;
    let known = existing.get(key);
    if (!known) {
      const created = await createAttribute(deps, actor, w.attribute);
      known = item(created.body, true);
      // Two observed properties of one folded name become one attribute.
      existing.set(key, { ...known, created: false });
    }
    out.push(known);
  }
  return out;
}

async function readEvent(deps: CompanyDeps, actor: PlanActor, id: string) {
  const event = await tenantTransaction(deps.db, actor, (client) => findEvent(client, actor.companyId, id));
  if (!event) throw entityNotFound('event');
  return event;
}

function uniqueLinks(links: readonly AttributeLink[]): AttributeLink[] {
  const seen = new Set<string>();
  return links.filter((l) => !seen.has(l.attributeId) && seen.add(l.attributeId));
}

const item = (entity: { id: string; name: string }, created: boolean): IntakeItem => ({
  id: entity.id,
  name: entity.name,
  created,
});
