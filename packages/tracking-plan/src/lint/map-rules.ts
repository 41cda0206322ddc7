import type { LintFinding } from '@tracemap/contracts';
import type { LintContext, LintMap } from './context';

/** deprecated-on-map, seen from the map: views on its nodes and events on its edges that are deprecated or archived. */

const RETIRED = new Set(['deprecated', 'archived']);

/**
 * `allEdgeEvents` false (whole-plan lint) leaves deprecated edge events to the
 * event's own finding, which already names the maps it is on; archived ones
 * have no finding of their own (archived entities are not linted), so the map
 * reports them. Linting one map before it is saved reports both.
 */
export function mapFindings(ctx: LintContext, m: LintMap, allEdgeEvents: boolean): Array<LintFinding | null> {
  const findings: Array<LintFinding | null> = [];
  const { views, events } = ctx.everyById;
  const subject = { id: m.id, name: m.name, status: 'live' };
  for (const viewId of new Set(m.viewIds)) {
    const view = views.get(viewId);
    if (view && RETIRED.has(view.status)) {
      findings.push(
        ctx.finding(
          'deprecated-on-map',
          'map',
          subject,
          `Map “${m.name}” shows view “${view.name}”, which is ${view.status}.`,
          'nodes',
        ),
      );
    }
  }
  for (const eventId of new Set(m.eventIds)) {
    const event = events.get(eventId);
    if (!event || !RETIRED.has(event.status) || (!allEdgeEvents && event.status === 'deprecated')) continue;
    findings.push(
      ctx.finding(
        'deprecated-on-map',
        'map',
        subject,
        `Map “${m.name}” has a transition through event “${event.name}”, which is ${event.status}.`,
        'edges',
      ),
    );
  }
  return findings;
}
