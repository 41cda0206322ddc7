import { AppError, type Queryable } from '@tracemap/service-kit';
import type { Attribute, LintFinding, MapEdge, MapNode, PlanEvent, PlanView } from '@tracemap/contracts';
import { loadPlan } from '../plan/plan-repository';
import { lintEntity, lintMap, type LintCandidate, type LintInput } from '@tracemap/tracking-plan';
import { loadLintMaps, namedOnMaps } from '../maps/map-lint';
import type { PlanSettings } from './plan-context';
import { PLAN_MESSAGES } from './plan-errors';

/** The plan as lint reads it, with the company's naming cases and severities. */
export async function lintInput(db: Queryable, companyId: string, settings: PlanSettings): Promise<LintInput> {
  const plan = await loadPlan(db, companyId, { exposedOnly: false, includeArchived: false });
  const { maps, archived } = await loadLintMaps(db, companyId);
  return {
    attributes: plan.attributes,
    events: plan.events,
    views: plan.views,
    maps,
    named: archived,
    settings: {
      eventNameCase: settings.eventNameCase,
      attributeNameCase: settings.attributeNameCase,
      rules: settings.lintRules,
    },
  };
}

/**
 * Saving runs lint on the entity as it would be stored: findings of rules the
 * company set to "error" refuse the save (422 with the findings), warnings
 * never do.
 */
export type SaveCandidate =
  | { kind: 'attribute'; entity: LintCandidate<Attribute> }
  | { kind: 'event'; entity: LintCandidate<PlanEvent> }
  | { kind: 'view'; entity: LintCandidate<PlanView> }
  | {
      kind: 'map';
      entity: { id: string; name: string; status: string; nodes: MapNode[]; edges: Array<Pick<MapEdge, 'eventId'>> };
    };

export async function lintBeforeSave(
  db: Queryable,
  companyId: string,
  candidate: SaveCandidate,
  settings: PlanSettings,
): Promise<void> {
  let findings: LintFinding[];
  if (candidate.kind === 'map') {
    findings = await lintMapBeforeSave(db, companyId, candidate.entity, settings);
  } else {
    const input = await lintInput(db, companyId, settings);
    if (candidate.kind === 'attribute') findings = lintEntity('attribute', candidate.entity, input);
    else if (candidate.kind === 'event') findings = lintEntity('event', candidate.entity, input);
    else findings = lintEntity('view', candidate.entity, input);
  }
  // Name uniqueness is the database's to decide, with its own 409 naming the entity kind.
  const errors = findings.filter((f) => f.severity === 'error' && f.rule !== 'unique-name');
  if (errors.length > 0)
    throw new AppError(422, 'lint_failed', PLAN_MESSAGES.lintFailed, undefined, { findings: errors });
}

type MapSaveCandidate = Extract<SaveCandidate, { kind: 'map' }>['entity'];

/**
 * A map's rules only ask about the views and events it points at, so only
 * those are read (a map save does not pay for loading the whole plan).
 */
async function lintMapBeforeSave(
  db: Queryable,
  companyId: string,
  map: MapSaveCandidate,
  settings: PlanSettings,
): Promise<LintFinding[]> {
  const viewIds = map.nodes.map((n) => n.viewId);
  const eventIds = map.edges.flatMap((e) => (e.eventId ? [e.eventId] : []));
  const named = await namedOnMaps(db, companyId, viewIds, eventIds, { archivedOnly: false });
  const input: LintInput = {
    attributes: [],
    events: [],
    views: [],
    named,
    settings: {
      eventNameCase: settings.eventNameCase,
      attributeNameCase: settings.attributeNameCase,
      rules: settings.lintRules,
    },
  };
  return lintMap({ id: map.id, name: map.name, status: map.status, viewIds, eventIds }, input);
}
