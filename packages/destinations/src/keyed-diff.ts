import type { SyncMode } from '@tracemap/contracts';
import type { Desired, Operation, RemoteItem } from './model';

/**
 * The operations that make the destination hold the desired items: create what is missing,
 * update what differs, and in `mirror` mode delete what Tracemap put there and the plan no longer
 * has. Items only the destination has are left alone unless they carry Tracemap's mark.
 */
export function keyedDiff<T>(
  desired: Desired<T>,
  remote: Map<string, RemoteItem<T>>,
  mode: SyncMode,
  same: (wanted: T, held: T) => boolean,
): Operation<T>[] {
  const operations: Operation<T>[] = [];
  for (const [key, wanted] of desired.items) {
    const held = remote.get(key);
    if (!held) operations.push({ action: 'create', target: wanted.target, key, desired: wanted.item });
    else if (!same(wanted.item, held.item))
      operations.push({ action: 'update', target: wanted.target, key, desired: wanted.item, remote: held });
  }
  if (mode === 'mirror')
    for (const [key, held] of remote)
      if (held.managed && !desired.items.has(key))
        operations.push({ action: 'delete', target: held.target, key, remote: held });
  return operations;
}
