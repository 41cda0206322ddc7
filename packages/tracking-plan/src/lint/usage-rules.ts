import type { Attribute, LintFinding, PlanEvent } from '@tracemap/contracts';
import type { LintContext } from './context';

/** unused-attribute, event-without-view and deprecated-on-map: how entities are used across the plan. */

// System attributes ride on every event and user/group ones are traits, so none of them needs a link.
const LINKED_SCOPES = new Set(['event', 'view']);
// Identify and group calls describe who, not where, so they need no view.
const VIEWLESS_KINDS = new Set(['identify', 'group']);

export function unusedAttributeFinding(
  ctx: LintContext,
  a: Pick<Attribute, 'name' | 'scope' | 'status'> & { id?: string },
): LintFinding | null {
  if (!a.id || !LINKED_SCOPES.has(a.scope) || ctx.used.attributes.has(a.id)) return null;
  return ctx.finding(
    'unused-attribute',
    'attribute',
    a,
    `Attribute “${a.name}” is not used by any event, view or map.`,
  );
}

export function eventUsageFindings(
  ctx: LintContext,
  e: Pick<PlanEvent, 'name' | 'kind' | 'status'> & { id?: string },
): Array<LintFinding | null> {
  if (!e.id) return [];
  const findings: Array<LintFinding | null> = [];
  if (!VIEWLESS_KINDS.has(e.kind) && !ctx.used.eventsOnViews.has(e.id)) {
    findings.push(
      ctx.finding('event-without-view', 'event', e, `Event “${e.name}” does not fire on any view.`, 'views'),
    );
  }
  const maps = ctx.used.mapsByEvent.get(e.id);
  if (e.status === 'deprecated' && maps) {
    const names = [...new Set(maps)];
    const shown =
      names
        .slice(0, 3)
        .map((n) => `“${n}”`)
        .join(', ') + (names.length > 3 ? ` and ${names.length - 3} more` : '');
    findings.push(
      ctx.finding(
        'deprecated-on-map',
        'event',
        e,
        `Event “${e.name}” is deprecated but still on map${names.length > 1 ? 's' : ''} ${shown}.`,
        'status',
      ),
    );
  }
  return findings;
}
