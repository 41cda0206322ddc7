import type { DiscoveryOverviewInput, DiscoveryOverviewOutput } from '@tracemap/contracts';
import type { ToolContext } from '../data';
import type { PreparedPlan } from '../plan/prepare-plan';
import { refs, type ToolResult } from './tool-result';

const UNPLANNED_SHOWN = 50;
const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000);

const NO_DISCOVERY = {};
const computed = new WeakMap<object, WeakMap<PreparedPlan, ToolResult<DiscoveryOverviewOutput>>>();

/** The same for every caller (it names no attribute), so it is computed once per plan and discovery data. */
export function discoveryOverview(
  ctx: ToolContext,
  _input: DiscoveryOverviewInput,
): ToolResult<DiscoveryOverviewOutput> {
  const key = ctx.discovery ?? NO_DISCOVERY;
  let byPlan = computed.get(key);
  if (!byPlan) computed.set(key, (byPlan = new WeakMap()));
  const cached = byPlan.get(ctx.plan);
  if (cached) return cached;
  const result = overview(ctx);
  byPlan.set(ctx.plan, result);
  return result;
}

function overview(ctx: ToolContext): ToolResult<DiscoveryOverviewOutput> {
  const observed = ctx.discovery?.observed ?? [];
  let observedEvents = 0;
  let observedVolume = 0;
  let plannedVolume = 0;
  const seen = new Set<string>();
  const unplanned: DiscoveryOverviewOutput['unplanned'] = [];
  for (const row of observed) {
    if (row.match === 'planned_unseen') continue;
    observedEvents++;
    observedVolume += row.volume;
    if (row.match === 'matched' && row.planEventId) {
      plannedVolume += row.volume;
      if (row.volume > 0) seen.add(row.planEventId);
    } else unplanned.push({ name: row.name, volume: row.volume });
  }
  unplanned.sort((a, b) => b.volume - a.volume || (a.name < b.name ? -1 : 1));
  const planned = ctx.plan.plan.events.filter((e) => e.status !== 'archived');
  const plannedUnseen = planned.filter((e) => !seen.has(e.id)).map((e) => ({ id: e.id, name: e.name }));
  const open = (ctx.discovery?.findings ?? []).filter((f) => f.state === 'open');
  const openFindingsBySeverity: Record<string, number> = {};
  for (const finding of open)
    openFindingsBySeverity[finding.severity] = (openFindingsBySeverity[finding.severity] ?? 0) + 1;
  return {
    output: {
      observedEvents,
      observedVolume,
      plannedVolumeShare: share(plannedVolume, observedVolume),
      plannedEvents: planned.length,
      plannedSeen: planned.length - plannedUnseen.length,
      plannedSeenShare: share(planned.length - plannedUnseen.length, planned.length),
      plannedUnseen,
      unplanned: unplanned.slice(0, UNPLANNED_SHOWN),
      unplannedCount: unplanned.length,
      openFindings: open.length,
      openFindingsBySeverity,
    },
    references: refs('event', plannedUnseen),
  };
}
