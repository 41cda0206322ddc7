import { getPlanEntityHistory, PLAN_STATUSES, type EntityKind } from '@tracemap/shell-core/tracking-plan';

/** The status an archived entity had before it was archived ("planned" when history does not say). */
export async function statusBeforeArchive(kind: EntityKind, companyId: string, id: string): Promise<string> {
  try {
    const page = await getPlanEntityHistory(kind, companyId, id, { limit: 50 });
    const archived = page.items.find((e) => e.action === 'archived');
    const before = archived?.changes.find((c) => c.field === 'status')?.before;
    if (typeof before === 'string' && before !== 'archived' && (PLAN_STATUSES as readonly string[]).includes(before))
      return before;
  } catch {
    // History is a nicety here; restoring must still work without it.
  }
  return 'planned';
}
