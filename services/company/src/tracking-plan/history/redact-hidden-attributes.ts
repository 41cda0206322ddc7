import type { FieldChange } from '@tracemap/contracts';
import type { Queryable } from '@tracemap/service-kit';
import { sameValue } from '@tracemap/tracking-plan';
import { exposedAttributeSql } from '../shared/link-repository';

/** Links are stored as the entity held them; anything not naming an attribute by uuid names none a viewer may see. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const linkedId = (link: unknown): string | null => {
  const id = (link as { attributeId?: unknown } | null)?.attributeId;
  return typeof id === 'string' ? id : null;
};
const linkedIds = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(linkedId).filter((id): id is string => id !== null && UUID.test(id)) : [];

/**
 * Of these attribute ids, those a viewer may see: the ones reads show them (live and
 * exposed), and deleted ones that were exposed when deleted — reads never name those,
 * but the history of what linked them does.
 */
export async function viewerVisibleAttributes(
  db: Queryable,
  companyId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const candidates = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (candidates.length === 0) return new Set();
  const { rows } = await db.query<{ id: string }>(
    `SELECT l.attribute_id::text AS id
       FROM (SELECT $1::uuid AS company_id, unnest($2::uuid[]) AS attribute_id) l
      WHERE ${exposedAttributeSql('l')}
         OR (NOT EXISTS (SELECT 1 FROM company.plan_attributes a WHERE a.company_id = l.company_id AND a.id = l.attribute_id)
             AND EXISTS (SELECT 1 FROM company.plan_history d
                          WHERE d.company_id = l.company_id AND d.entity_kind = 'attribute' AND d.entity_id = l.attribute_id
                            AND d.action = 'deleted' AND d.changes @> '[{"field": "exposed", "before": true}]'::jsonb))`,
    [companyId, candidates],
  );
  return new Set(rows.map((row) => row.id.toLowerCase()));
}

/**
 * History as a viewer may read it: links to attributes they may not see are taken out of
 * every recorded `attributes` value (with their overrides), and a change left with nothing
 * a viewer can tell apart is dropped. The entries themselves stay, so versions still line up.
 */
export async function redactHiddenAttributes<T extends { changes: FieldChange[] }>(
  db: Queryable,
  companyId: string,
  entries: T[],
): Promise<T[]> {
  const linkChanges = entries.flatMap((entry) => entry.changes.filter((change) => change.field === 'attributes'));
  const visible = await viewerVisibleAttributes(
    db,
    companyId,
    linkChanges.flatMap((change) => [...linkedIds(change.before), ...linkedIds(change.after)]),
  );
  const shown = (value: unknown): unknown =>
    Array.isArray(value) ? value.filter((link) => visible.has(linkedId(link)?.toLowerCase() ?? '')) : value;
  return entries.map((entry) => ({
    ...entry,
    changes: entry.changes.flatMap((change) => {
      if (change.field !== 'attributes') return [change];
      const redacted = { field: change.field, before: shown(change.before), after: shown(change.after) };
      return sameValue(redacted.before, redacted.after) ? [] : [redacted];
    }),
  }));
}
