import type { Attribute, LintFinding, NativeMap, PlanEvent, PlanView } from '@tracemap/contracts';
import { LintContext, type LintInput, type LintKind } from './lint/context';
import { attributeFieldFindings, descriptionFinding, linkFindings } from './lint/entity-rules';
import { nameFindings } from './lint/name-rules';
import { mapFindings } from './lint/map-rules';
import { eventUsageFindings, unusedAttributeFinding } from './lint/usage-rules';
import type { LintMap } from './lint/context';

export { DEFAULT_LINT_SEVERITIES, lintSeverities } from './lint/severities';
export { looksLikePersonalData } from './lint/entity-rules';
export type { LintInput, LintKind, LintMap } from './lint/context';

/** An entity about to be saved: new (no id yet) or replacing the one with its id. */
export type LintCandidate<T> = Omit<T, 'id' | 'version' | 'createdAt' | 'updatedAt'> & { id?: string };
type AttributeCandidate = LintCandidate<Attribute>;
type EventCandidate = LintCandidate<PlanEvent>;
type ViewCandidate = LintCandidate<PlanView>;

/** Every finding of the whole plan. Archived entities are ignored. */
export function lintPlan(input: LintInput): LintFinding[] {
  const ctx = new LintContext(input, true);
  const findings: LintFinding[] = [];
  for (const a of ctx.attributes) findings.push(...attributeFindings(ctx, a));
  for (const e of ctx.events) findings.push(...eventFindings(ctx, e));
  for (const v of ctx.views) findings.push(...viewFindings(ctx, v));
  for (const m of ctx.maps) findings.push(...compact(mapFindings(ctx, m, false)));
  return findings;
}

/** What lint reads of a map given whole (a stored or native one). */
export function lintMapOf(map: Pick<NativeMap, 'id' | 'name' | 'nodes' | 'edges' | 'attributes'>): LintMap {
  return {
    id: map.id,
    name: map.name,
    viewIds: map.nodes.map((n) => n.viewId),
    eventIds: map.edges.flatMap((e) => (e.eventId ? [e.eventId] : [])),
    attributes: map.attributes,
  };
}

/**
 * The findings about one map as it would be saved (deprecated or archived
 * views on its nodes and events on its edges), the plan as it is. The map's
 * stored version, if given among `input.maps`, plays no part.
 */
export function lintMap(candidate: LintMap & { status: string }, input: LintInput): LintFinding[] {
  if (candidate.status === 'archived') return [];
  return compact(mapFindings(new LintContext(input, false), candidate, true));
}

/**
 * The findings about one entity as it would be saved, the others as they are.
 * A new entity (no id) is not reported as unused or on no view: it cannot be
 * linked before it exists.
 */
export function lintEntity(kind: 'attribute', candidate: AttributeCandidate, input: LintInput): LintFinding[];
export function lintEntity(kind: 'event', candidate: EventCandidate, input: LintInput): LintFinding[];
export function lintEntity(kind: 'view', candidate: ViewCandidate, input: LintInput): LintFinding[];
export function lintEntity(
  kind: LintKind,
  candidate: AttributeCandidate | EventCandidate | ViewCandidate,
  input: LintInput,
): LintFinding[] {
  return createEntityLinter(input)(kind as 'attribute', candidate as AttributeCandidate);
}

export interface EntityLinter {
  (kind: 'attribute', candidate: AttributeCandidate): LintFinding[];
  (kind: 'event', candidate: EventCandidate): LintFinding[];
  (kind: 'view', candidate: ViewCandidate): LintFinding[];
}

/**
 * `lintEntity` for many candidates against one unchanged plan (an editor
 * linting as the user types): the plan's indexes are built once, on first use.
 * Make a new one when the plan changes.
 */
export function createEntityLinter(input: LintInput): EntityLinter {
  // The candidate is judged against the others; its stored version (same id) is
  // skipped wherever names are compared, so the plan needs no copy with it swapped in.
  const ctx = new LintContext(input, false);
  return ((kind: LintKind, candidate: AttributeCandidate | EventCandidate | ViewCandidate) => {
    if (candidate.status === 'archived') return [];
    switch (kind) {
      case 'attribute':
        return attributeFindings(ctx, candidate as AttributeCandidate);
      case 'event':
        return eventFindings(ctx, candidate as EventCandidate);
      case 'view':
        return viewFindings(ctx, candidate as ViewCandidate);
    }
  }) as EntityLinter;
}

function attributeFindings(ctx: LintContext, a: AttributeCandidate): LintFinding[] {
  return compact([
    ...nameFindings(ctx, 'attribute', a),
    descriptionFinding(ctx, 'attribute', a),
    ...attributeFieldFindings(ctx, a),
    unusedAttributeFinding(ctx, a),
  ]);
}

function eventFindings(ctx: LintContext, e: EventCandidate): LintFinding[] {
  return compact([
    ...nameFindings(ctx, 'event', e),
    descriptionFinding(ctx, 'event', e),
    ...linkFindings(ctx, 'event', e),
    ...eventUsageFindings(ctx, e),
  ]);
}

function viewFindings(ctx: LintContext, v: ViewCandidate): LintFinding[] {
  return compact([...nameFindings(ctx, 'view', v), ...linkFindings(ctx, 'view', v)]);
}

const compact = (findings: Array<LintFinding | null>): LintFinding[] =>
  findings.filter((f): f is LintFinding => f !== null);
