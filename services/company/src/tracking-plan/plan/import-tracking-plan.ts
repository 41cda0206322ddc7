import { randomUUID } from 'node:crypto';
import { AppError } from '@tracemap/service-kit';
import type { HistoryEntityKind, ImportDiff, ImportFormat, NativePlan, RejectedRow } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { tenantTransaction } from '../../core/tenant';
import { recordHistoryBatch, type HistoryRecord } from '../history/history-repository';
import { planChanged, type PlanActor } from '../shared/plan-context';
import { PLAN_MESSAGES } from '../shared/plan-errors';
import {
  diffPlans,
  parseNativePlan,
  parseTrackingPlanCsv,
  planFromCsvRows,
  toNativePlan,
} from '@tracemap/tracking-plan';
import { integrityProblems } from './import-checks';
import { loadPlan } from './plan-repository';
import { upsertPlan, versionsOf } from './plan-writer';
import { loadMaps, upsertMaps } from './plan-maps';

export interface ImportInput {
  format: ImportFormat;
  text: string;
  dryRun: boolean;
}

const TABLES: Record<HistoryEntityKind, string> = {
  attribute: 'company.plan_attributes',
  event: 'company.plan_events',
  view: 'company.plan_views',
  map: 'company.maps',
};

/**
 * Imports a plan file in one transaction. It only adds and updates, never
 * deletes: native files match entities by id, CSV files by name. Any rejected
 * entry stops the whole import (422 listing every rejection) and nothing is
 * written; a dry run answers the same diff without writing.
 */
export async function importTrackingPlan(deps: CompanyDeps, actor: PlanActor, input: ImportInput): Promise<ImportDiff> {
  const { companyId, userId } = actor;
  const diff = await tenantTransaction(deps.db, { companyId, userId }, async (client) => {
    const current = {
      ...(await loadPlan(client, companyId, { exposedOnly: false, includeArchived: true })),
      maps: await loadMaps(client, companyId, { exposedOnly: false, includeArchived: true }),
    };
    const currentNative = toNativePlan(current);
    const { plan: incoming, rejected } = readFile(input, currentNative);
    const result = {
      format: input.format,
      dryRun: input.dryRun,
      applied: false,
      added: [],
      changed: [],
      unchanged: 0,
      rejected,
    } as ImportDiff;
    if (!incoming || rejected.length > 0) return result;
    result.rejected = integrityProblems(current, incoming);
    if (result.rejected.length > 0) return result;
    const { added, changed, unchanged } = diffPlans(currentNative, incoming);
    Object.assign(result, { added, changed, unchanged });
    if (input.dryRun || added.length + changed.length === 0) return result;

    const touched = new Set([...added, ...changed].map((entry) => `${entry.kind}:${entry.id}`));
    const pick = <T extends { id: string }>(kind: HistoryEntityKind, list: T[]) =>
      list.filter((e) => touched.has(`${kind}:${e.id}`));
    await upsertPlan(client, companyId, {
      attributes: pick('attribute', incoming.attributes),
      events: pick('event', incoming.events),
      views: pick('view', incoming.views),
    });
    await upsertMaps(client, companyId, pick('map', incoming.maps ?? []));
    await recordHistoryBatch(client, await historyOf(client, companyId, userId, [...added, ...changed]));
    result.applied = true;
    return result;
  });
  if (diff.rejected.length > 0 && !input.dryRun) {
    throw new AppError(422, 'import_rejected', PLAN_MESSAGES.importRejected, undefined, { ...diff });
  }
  if (diff.applied) planChanged(deps, companyId);
  return diff;
}

function readFile(input: ImportInput, current: NativePlan): { plan: NativePlan | null; rejected: RejectedRow[] } {
  if (input.format === 'native') return parseNativePlan(input.text);
  const parsed = parseTrackingPlanCsv(input.text);
  if (parsed.rejected.length > 0) return { plan: null, rejected: parsed.rejected };
  // CSV files carry no maps, so a CSV import neither lists nor touches them.
  const { maps: _maps, ...withoutMaps } = current;
  return planFromCsvRows(parsed.rows, withoutMaps, { newId: randomUUID });
}

async function historyOf(
  client: Parameters<typeof versionsOf>[0],
  companyId: string,
  userId: string,
  entries: ImportDiff['added'],
): Promise<HistoryRecord[]> {
  const records: HistoryRecord[] = [];
  for (const kind of ['attribute', 'event', 'view', 'map'] as const) {
    const ofKind = entries.filter((e) => e.kind === kind && e.id);
    const versions = await versionsOf(
      client,
      companyId,
      TABLES[kind],
      ofKind.map((e) => e.id!),
    );
    for (const entry of ofKind) {
      records.push({
        companyId,
        entityKind: kind,
        entityId: entry.id!,
        action: 'imported',
        actorUserId: userId,
        version: versions.get(entry.id!) ?? 1,
        changes: entry.changes ?? [],
      });
    }
  }
  return records;
}
