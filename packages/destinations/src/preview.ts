import type { DestinationPreview, DestinationSettings, PlanSnapshot, SyncMode } from '@tracemap/contracts';
import { amplitude } from './amplitude';
import type { DestinationAdapter } from './model';
import { mparticle } from './mparticle';
import { rudderstack } from './rudderstack';
import { segment } from './segment';

// The adapters differ in their item and remote types; callers pick one by the settings' kind.
type AnyAdapter = DestinationAdapter<DestinationSettings, unknown, unknown>;

export const adapters = { segment, amplitude, mparticle, rudderstack };

export function adapterFor(settings: DestinationSettings): AnyAdapter {
  return adapters[settings.kind] as unknown as AnyAdapter;
}

/**
 * What a push would do, from the plan and what the destination holds (nothing, when `remote` is
 * left out): the operations, how many write calls they take and the warnings. The calls
 * themselves are built only when the push runs (`requestsFor`).
 */
export function previewPush(
  snapshot: PlanSnapshot,
  settings: DestinationSettings,
  remote?: unknown,
): DestinationPreview {
  const adapter = adapterFor(settings);
  const mode: SyncMode = settings.mode ?? 'upsert';
  const wanted = adapter.desired(snapshot, settings);
  const operations = adapter.diff(wanted, remote ?? adapter.empty(), mode);
  const estimate = adapter.estimate(operations);
  return {
    destination: settings.kind,
    mode,
    operations: operations.map(({ action, target, key }) => ({ action, target, key })),
    writeCalls: estimate.writeCalls,
    warnings: [...wanted.warnings, ...estimate.warnings],
  };
}
