import type { Finding, FindingRow, ListFindingsInput, ListFindingsOutput } from '@tracemap/contracts';
import type { ToolContext } from '../data';
import { canSeeAttribute, canSeeValues } from '../roles';
import { foldName } from '../plan/tokens';
import { findEvent } from './resolve';
import type { ToolResult } from './tool-result';

const SEVERITY_ORDER: Record<string, number> = { high: 0, medium: 1, low: 2 };

/** What a caller may see of a finding: none of it when it is about an attribute hidden from them, no values of a personal one. */
function visible(ctx: ToolContext, finding: Finding): { shown: boolean; values: boolean } {
  const attributeId = finding.details.planAttributeId;
  const attribute = attributeId ? ctx.plan.attributesById.get(attributeId) : undefined;
  if (attribute && !canSeeAttribute(attribute, ctx.role)) return { shown: false, values: false };
  if (ctx.role !== 'viewer') return { shown: true, values: true };
  return { shown: true, values: attribute ? canSeeValues(attribute, ctx.role) : finding.type !== 'pii_suspect' };
}

function eventFindings(ctx: ToolContext, subject: string): readonly Finding[] {
  const byEvent = ctx.discovery?.findingsByEvent;
  if (!byEvent) return [];
  const event = findEvent(ctx, subject);
  const found = new Set<Finding>(byEvent.get(foldName(subject)) ?? []);
  if (event) {
    for (const f of byEvent.get(event.id) ?? []) found.add(f);
    for (const f of byEvent.get(foldName(event.name)) ?? []) found.add(f);
  }
  return [...found];
}

export function listFindings(ctx: ToolContext, input: ListFindingsInput): ToolResult<ListFindingsOutput> {
  const source = input.event ? eventFindings(ctx, input.event) : (ctx.discovery?.findings ?? []);
  const rows: FindingRow[] = [];
  const byType: Record<string, number> = {};
  for (const finding of source) {
    if (input.type && finding.type !== input.type) continue;
    if (input.state ? finding.state !== input.state : finding.state === 'resolved') continue;
    if (input.severity && finding.severity !== input.severity) continue;
    const { shown, values } = visible(ctx, finding);
    if (!shown) continue;
    byType[finding.type] = (byType[finding.type] ?? 0) + 1;
    rows.push({
      id: finding.id,
      type: finding.type,
      severity: finding.severity,
      state: finding.state,
      layer: finding.layer,
      subject: finding.subject,
      counts: finding.counts,
      values: values ? (finding.details.values ?? null) : null,
      appVersion: finding.details.appVersion ?? null,
      missingOn: finding.details.missingOn ?? [],
      suggestion: finding.details.suggestion ?? null,
    });
  }
  rows.sort(
    (a, b) =>
      (SEVERITY_ORDER[a.severity] ?? 9) - (SEVERITY_ORDER[b.severity] ?? 9) ||
      b.counts.affected - a.counts.affected ||
      (a.id < b.id ? -1 : 1),
  );
  const items = rows.slice(0, input.limit ?? 50);
  return {
    output: { total: rows.length, items, byType },
    references: items.map((f) => ({ kind: 'finding', id: f.id })),
  };
}
