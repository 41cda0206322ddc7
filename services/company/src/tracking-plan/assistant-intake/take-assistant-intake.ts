import type {
  AssistantIntakeAnswer,
  CreateAttributeInput,
  CreateEventInput,
  CreateViewInput,
  DraftedItem,
  UpdateAttributeInput,
  UpdateEventInput,
  UpdateViewInput,
} from '@tracemap/contracts';
import { AppError } from '@tracemap/service-kit';
import { currentRole } from '../../core/company-access';
import type { CompanyDeps } from '../../core/deps';
import { MESSAGES } from '../../core/messages';
import { hasAccess } from '../../core/roles';
import { tenantTransaction } from '../../core/tenant';
import { findAttribute } from '../attributes/attribute-repository';
import { createAttribute } from '../attributes/create-attribute';
import { updateAttribute } from '../attributes/update-attribute';
import { createEvent } from '../events/create-event';
import { findEvent } from '../events/event-repository';
import { updateEvent } from '../events/update-event';
import type { PlanActor } from '../shared/plan-context';
import { entityNotFound } from '../shared/plan-errors';
import { createView } from '../views/create-view';
import { updateView } from '../views/update-view';
import { findView } from '../views/view-repository';
import { assistantDraftProposal, openAssistantDraft } from './assistant-draft-proposal';
import { discardUnusedDraft } from './discard-unused-draft';

type Kind = DraftedItem['kind'];

/** A drafted change whose fields passed the plan's own create or update schema (the route checks them). */
export type AssistantChange =
  | { action: 'create'; entity: 'event'; fields: CreateEventInput }
  | { action: 'create'; entity: 'attribute'; fields: CreateAttributeInput }
  | { action: 'create'; entity: 'view'; fields: CreateViewInput }
  | { action: 'update'; entity: 'event'; id: string; fields: UpdateEventInput }
  | { action: 'update'; entity: 'attribute'; id: string; fields: UpdateAttributeInput }
  | { action: 'update'; entity: 'view'; id: string; fields: UpdateViewInput }
  | { action: 'archive'; entity: Kind; id: string };

/**
 * A change the assistant drafted, applied for the editor who clicked: always into the
 * assistant's draft proposal (opened when none is), never the live plan, through the plan's
 * own use cases (validation, name rules, lint, history naming the assistant as the actor).
 * The editor's role is checked here again, as the plan is this service's to guard. An item
 * to change that is not in the plan answers 404 before any proposal is opened for it; a draft
 * opened for a change the plan then refuses (a taken name, lint) is taken back.
 */
export async function takeAssistantIntake(
  deps: CompanyDeps,
  companyId: string,
  userId: string,
  change: AssistantChange,
): Promise<AssistantIntakeAnswer> {
  const role = await currentRole(deps, companyId, userId);
  if (!role) throw new AppError(404, 'company_not_found', MESSAGES.companyNotFound);
  if (!hasAccess(role, 'edit')) throw new AppError(403, 'forbidden', MESSAGES.forbidden);
  if (change.action !== 'create') {
    // Where the change would be made: the open draft, or the live plan a new draft copies.
    const workspace = (await openAssistantDraft(deps, { companyId, userId })) ?? companyId;
    await requireItem(deps, { companyId: workspace, userId }, change.entity, change.id);
  }
  const target = await assistantDraftProposal(deps, { companyId, userId });
  const actor: PlanActor = { companyId: target.workspaceId, userId, role, via: 'assistant' };
  try {
    return { proposal: target.proposal, item: await apply(deps, actor, change) };
  } catch (error) {
    // A refused change leaves nothing behind, not even the draft opened for it.
    if (target.proposal.created) await discardUnusedDraft(deps, { companyId, userId }, target);
    throw error;
  }
}

async function apply(deps: CompanyDeps, actor: PlanActor, change: AssistantChange): Promise<DraftedItem> {
  const done = (kind: Kind, entity: { id: string; name: string }): DraftedItem => ({
    kind,
    id: entity.id,
    name: entity.name,
  });
  if (change.action === 'archive') {
    const changes = { status: 'archived' as const };
    if (change.entity === 'event') return done('event', await updateEvent(deps, actor, { id: change.id, changes }));
    if (change.entity === 'attribute')
      return done('attribute', await updateAttribute(deps, actor, { id: change.id, changes }));
    return done('view', await updateView(deps, actor, { id: change.id, changes }));
  }
  if (change.action === 'create') {
    if (change.entity === 'event') return done('event', (await createEvent(deps, actor, change.fields)).body);
    if (change.entity === 'attribute')
      return done('attribute', (await createAttribute(deps, actor, change.fields)).body);
    return done('view', (await createView(deps, actor, change.fields)).body);
  }
  const id = change.id;
  if (change.entity === 'event') return done('event', await updateEvent(deps, actor, { id, changes: change.fields }));
  if (change.entity === 'attribute')
    return done('attribute', await updateAttribute(deps, actor, { id, changes: change.fields }));
  return done('view', await updateView(deps, actor, { id, changes: change.fields }));
}

async function requireItem(deps: CompanyDeps, where: { companyId: string; userId: string }, kind: Kind, id: string) {
  const found = await tenantTransaction(deps.db, where, async (client) => {
    if (kind === 'event') return (await findEvent(client, where.companyId, id)) !== null;
    if (kind === 'attribute') return (await findAttribute(client, where.companyId, id)) !== null;
    return (await findView(client, where.companyId, id)) !== null;
  });
  if (!found) throw entityNotFound(kind);
}
