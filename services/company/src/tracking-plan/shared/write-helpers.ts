import type { HistoryAction } from '@tracemap/contracts';
import { isNameConflict } from './plan-errors';
import type { AppError } from '@tracemap/service-kit';
import { versionConflict } from './plan-context';

/** An update that moves into or out of "archived" is recorded as archiving or restoring. */
export function updateAction(before: string, after: string): HistoryAction {
  if (before !== 'archived' && after === 'archived') return 'archived';
  if (before === 'archived' && after !== 'archived') return 'restored';
  return 'updated';
}

/** A stale If-Match answers 409 with the entity as it now is. */
export function assertVersion(current: { version: number }, expected: number | undefined, visible: object): void {
  if (expected !== undefined && expected !== current.version) throw versionConflict(visible);
}

/** Runs a write and turns a folded-name collision into the entity's 409. */
export async function withNameCheck<T>(write: () => Promise<T>, taken: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isNameConflict(error)) throw taken();
    throw error;
  }
}
