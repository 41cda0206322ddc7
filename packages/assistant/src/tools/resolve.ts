import type { Attribute, PlanItemKind, PlanItemRef, PlanMap, PlanView, SnapshotEvent } from '@tracemap/contracts';
import type { ToolContext } from '../data';
import { canSeeAttribute } from '../roles';
import { foldName } from '../plan/tokens';
import { searchPlan } from './search-plan';

// Items are named by id, by name, or by a folded name; nothing else is guessed
// (a similar name is only offered as a suggestion).

export function findEvent(ctx: ToolContext, subject: string): SnapshotEvent | null {
  return ctx.plan.eventsById.get(subject) ?? ctx.plan.byFolded.event.get(foldName(subject)) ?? null;
}

export function findAttribute(ctx: ToolContext, subject: string): Attribute | null {
  const found = ctx.plan.attributesById.get(subject) ?? ctx.plan.byFolded.attribute.get(foldName(subject)) ?? null;
  return found && canSeeAttribute(found, ctx.role) ? found : null;
}

export function findView(ctx: ToolContext, subject: string): PlanView | null {
  return ctx.plan.viewsById.get(subject) ?? ctx.plan.byFolded.view.get(foldName(subject)) ?? null;
}

export function findMap(ctx: ToolContext, subject: string): PlanMap | null {
  return ctx.plan.mapsById.get(subject) ?? ctx.plan.byFolded.map.get(foldName(subject)) ?? null;
}

/** Up to three items of a kind whose names are close to what was asked for. */
export function suggestions(ctx: ToolContext, subject: string, kind: PlanItemKind): PlanItemRef[] {
  return searchPlan(ctx, { query: subject.slice(0, 200), kinds: [kind], limit: 3 }).output.results.map((hit) => ({
    id: hit.id,
    name: hit.name,
  }));
}
