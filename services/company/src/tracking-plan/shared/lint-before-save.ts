import { AppError, type Queryable } from '@tracemap/service-kit';
import {
  ATTRIBUTE_SCOPES,
  type Attribute,
  type LintFinding,
  type LintRule,
  type LintSettings,
  type MapEdge,
  type MapNode,
  type PlanEvent,
  type PlanView,
} from '@tracemap/contracts';
import { loadPlan } from '../plan/plan-repository';
import { lintEntity, lintMap, lintSeverities, type LintCandidate, type LintInput } from '@tracemap/tracking-plan';
import { ATTRIBUTE_COLUMNS, toAttribute } from '../attributes/attribute-repository';
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
 * Rules that judge an entity by its own fields, the attributes it links and
 * the attributes sharing its name, none by the rest of the plan. A rule not
 * listed (similar names, usage, maps, any rule added later) reads the whole plan.
 */
const LOCAL_RULES: ReadonlySet<LintRule> = new Set<LintRule>([
  'naming-case',
  'description',
  'consistent-type',
  'narrowing-override',
  'portable-regex',
  'valid-enum',
  'required-nullable',
  'any-type',
  'pii-name',
]);

/**
 * The company's severities with only what can refuse a save left on: rules
 * set to "error", name uniqueness excepted (the database decides it, with its
 * own 409). `any` when some rule is left; `local` when all of them are local.
 */
export function blockingRules(lintRules: LintSettings): { rules: LintSettings; any: boolean; local: boolean } {
  const rules: LintSettings = {};
  let any = false;
  let local = true;
  for (const [rule, severity] of Object.entries(lintSeverities(lintRules)) as Array<[LintRule, string]>) {
    const blocks = severity === 'error' && rule !== 'unique-name';
    rules[rule] = blocks ? 'error' : 'off';
    any ||= blocks;
    if (blocks && !LOCAL_RULES.has(rule)) local = false;
  }
  return { rules, any, local };
}

/**
 * Saving runs lint on the entity as it would be stored: findings of rules the
 * company set to "error" refuse the save (422 with the findings), warnings
 * never do, so only the former run. When they are all local, lint reads only
 * the attributes the entity links and those sharing its name rather than the
 * whole plan (tens of thousands of rows on every save of a large plan).
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
    const { rules, any, local } = blockingRules(settings.lintRules);
    if (!any) return;
    const judged = { ...settings, lintRules: rules };
    const input = local
      ? await localLintInput(db, companyId, candidate, judged)
      : await lintInput(db, companyId, judged);
    if (candidate.kind === 'attribute') findings = lintEntity('attribute', candidate.entity, input);
    else if (candidate.kind === 'event') findings = lintEntity('event', candidate.entity, input);
    else findings = lintEntity('view', candidate.entity, input);
  }
  // Name uniqueness is the database's to decide, with its own 409 naming the entity kind.
  const errors = findings.filter((f) => f.severity === 'error' && f.rule !== 'unique-name');
  if (errors.length > 0)
    throw new AppError(422, 'lint_failed', PLAN_MESSAGES.lintFailed, undefined, { findings: errors });
}

/** The stored attributes a local rule can ask about (archived ones play no part in lint). */
async function localLintInput(
  db: Queryable,
  companyId: string,
  candidate: Exclude<SaveCandidate, { kind: 'map' }>,
  settings: PlanSettings,
): Promise<LintInput> {
  const attributes: Attribute[] = [];
  if (candidate.kind === 'attribute') {
    // Scope listed so the unique-name index (scope, folded name) finds them.
    const { rows } = await db.query(
      `SELECT ${ATTRIBUTE_COLUMNS} FROM company.plan_attributes a
        WHERE a.company_id = $1 AND a.status <> 'archived' AND a.scope = ANY($2::text[])
          AND company.fold_name(a.name) = company.fold_name($3)`,
      [companyId, ATTRIBUTE_SCOPES, candidate.entity.name],
    );
    attributes.push(...rows.map(toAttribute));
  } else if (candidate.entity.attributes.length > 0) {
    const { rows } = await db.query(
      `SELECT ${ATTRIBUTE_COLUMNS} FROM company.plan_attributes a
        WHERE a.company_id = $1 AND a.status <> 'archived' AND a.id = ANY($2::uuid[])`,
      [companyId, candidate.entity.attributes.map((link) => link.attributeId)],
    );
    attributes.push(...rows.map(toAttribute));
  }
  return {
    attributes,
    events: [],
    views: [],
    settings: {
      eventNameCase: settings.eventNameCase,
      attributeNameCase: settings.attributeNameCase,
      rules: settings.lintRules,
    },
  };
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
