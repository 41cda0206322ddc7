import type { DestinationPreview, DestinationSettings, PlanSnapshot, SyncMode } from '@tracemap/contracts';
import { amplitude } from './amplitude';
import type { DestinationAdapter, Operation, PlannedRequest } from './model';
import { mparticle } from './mparticle';
import { rudderstack } from './rudderstack';
import { segment } from './segment';

// The adapters differ in their item and remote types; callers pick one by the settings' kind.
type AnyAdapter = DestinationAdapter<DestinationSettings, unknown, unknown>;

export const adapters = { segment, amplitude, mparticle, rudderstack };

export function adapterFor(settings: DestinationSettings): AnyAdapter {
  return adapters[settings.kind] as unknown as AnyAdapter;
}

export interface PreviewResult extends DestinationPreview {
  requests: PlannedRequest[];
  pending: Operation<unknown>[];
}

/**
 * What a push would do, from the plan and what the destination holds (nothing, when `remote` is
 * left out). Calls that need ids the destination gives on creation are counted as one call each.
 */
export function previewPush(snapshot: PlanSnapshot, settings: DestinationSettings, remote?: unknown): PreviewResult {
  const adapter = adapterFor(settings);
  const mode: SyncMode = settings.mode ?? 'upsert';
  const wanted = adapter.desired(snapshot, settings);
  const operations = adapter.diff(wanted, remote ?? adapter.empty(), mode);
  const planned = adapter.requestsFor(operations, settings, remote ?? adapter.empty());
  return {
    destination: settings.kind,
    mode,
    operations: operations.map(({ action, target, key }) => ({ action, target, key })),
    writeCalls: planned.requests.length + planned.deferred.length,
    warnings: [...wanted.warnings, ...planned.warnings],
    requests: planned.requests,
    pending: planned.deferred,
  };
}
