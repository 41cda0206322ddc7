import { AppError, type Queryable } from '@tracemap/service-kit';
import type { AttributeLink, ViewEventLink } from '@tracemap/contracts';
import { PLAN_MESSAGES } from './plan-errors';

export type AttributeLinkTable = 'company.plan_event_attributes' | 'company.plan_view_attributes';
const OWNER_COLUMN: Record<AttributeLinkTable, string> = {
  'company.plan_event_attributes': 'event_id',
  'company.plan_view_attributes': 'view_id',
};

const KEPT_ARRAYS: Record<AttributeLinkTable, { table: string; owner: string }> = {
  'company.plan_event_attributes': { table: 'company.plan_event_link_arrays', owner: 'event_id' },
  'company.plan_view_attributes': { table: 'company.plan_view_link_arrays', owner: 'view_id' },
};

/**
 * Whether the attribute a link names (`${link}.company_id`, `${link}.attribute_id`) may be shown
 * to a viewer: it exists and is exposed. Every read that hides attributes from viewers uses this.
 */
export function exposedAttributeSql(link: string): string {
  return `EXISTS (SELECT 1 FROM company.plan_attributes x WHERE x.company_id = ${link}.company_id AND x.id = ${link}.attribute_id AND x.exposed)`;
}

/**
 * The JSON array of an owner's attribute links in their given order, as a
 * correlated subquery on `${owner}.company_id` / `${owner}.id`. The array is
 * kept ready per owner (migration 004, by triggers), one key lookup; viewers
 * do not see links to hidden (not exposed) attributes, so theirs is built per
 * read from the links.
 */
export function attributeLinksSql(table: AttributeLinkTable, owner: string, exposedOnly: boolean): string {
  if (!exposedOnly) {
    const kept = KEPT_ARRAYS[table];
    return `coalesce((SELECT k.attribute_links FROM ${kept.table} k WHERE k.company_id = ${owner}.company_id AND k.${kept.owner} = ${owner}.id), '[]'::json)`;
  }
  const hidden = `AND ${exposedAttributeSql('l')}`;
  // json, not jsonb: built and sent as text once, cheaper for pages of many links. Absent fields are left out (json_strip_nulls).
  return `coalesce((SELECT json_agg(json_strip_nulls(json_build_object('attributeId', l.attribute_id, 'presence', l.presence,
             'validationOverride', l.validation_override)) ORDER BY l.position)
           FROM ${table} l WHERE l.company_id = ${owner}.company_id AND l.${OWNER_COLUMN[table]} = ${owner}.id ${hidden}), '[]'::json)`;
}

/** A view's event links in their given order, as kept for it (migration 004). */
export function viewEventLinksSql(owner: string): string {
  return `coalesce((SELECT k.event_links FROM company.plan_view_link_arrays k WHERE k.company_id = ${owner}.company_id AND k.view_id = ${owner}.id), '[]'::json)`;
}

/** A link target deleted by someone else between our check and our write: the same 400 as an unknown one. */
async function linkWrite(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if ((error as { code?: string }).code === '23503')
      throw new AppError(400, 'unknown_link_target', PLAN_MESSAGES.linkTargetGone);
    throw error;
  }
}

export async function replaceAttributeLinks(
  db: Queryable,
  table: AttributeLinkTable,
  companyId: string,
  ownerId: string,
  links: readonly AttributeLink[],
): Promise<void> {
  const column = OWNER_COLUMN[table];
  await db.query(`DELETE FROM ${table} WHERE company_id = $1 AND ${column} = $2`, [companyId, ownerId]);
  if (links.length === 0) return;
  await linkWrite(() =>
    db.query(
      `INSERT INTO ${table} (company_id, ${column}, attribute_id, position, presence, validation_override)
       SELECT $1, $2, x.attribute_id, x.position, x.presence, x.validation_override
         FROM jsonb_to_recordset($3::jsonb) AS x(attribute_id uuid, position integer, presence text, validation_override jsonb)`,
      [
        companyId,
        ownerId,
        JSON.stringify(
          links.map((l, position) => ({
            attribute_id: l.attributeId,
            position,
            presence: l.presence,
            validation_override: l.validationOverride ?? null,
          })),
        ),
      ],
    ),
  );
}

export async function replaceViewEvents(
  db: Queryable,
  companyId: string,
  viewId: string,
  links: readonly ViewEventLink[],
): Promise<void> {
  await db.query(`DELETE FROM company.plan_view_events WHERE company_id = $1 AND view_id = $2`, [companyId, viewId]);
  if (links.length === 0) return;
  await linkWrite(() =>
    db.query(
      `INSERT INTO company.plan_view_events (company_id, view_id, event_id, position, trigger, hotspot)
       SELECT $1, $2, x.event_id, x.position, x.trigger, x.hotspot
         FROM jsonb_to_recordset($3::jsonb) AS x(event_id uuid, position integer, trigger text, hotspot jsonb)`,
      [
        companyId,
        viewId,
        JSON.stringify(
          links.map((l, position) => ({
            event_id: l.eventId,
            position,
            trigger: l.trigger ?? null,
            hotspot: l.hotspot ?? null,
          })),
        ),
      ],
    ),
  );
}

/**
 * Links may only name this company's entities: anything else is the caller's
 * mistake (400 naming the id), never a foreign-key failure.
 */
export async function assertLinkTargets(
  db: Queryable,
  companyId: string,
  targets: { attributeIds?: readonly string[]; eventIds?: readonly string[] },
): Promise<void> {
  for (const [field, ids, table, message] of [
    ['attributes', targets.attributeIds ?? [], 'company.plan_attributes', PLAN_MESSAGES.unknownAttribute],
    ['events', targets.eventIds ?? [], 'company.plan_events', PLAN_MESSAGES.unknownEvent],
  ] as const) {
    if (ids.length === 0) continue;
    const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
    if (duplicate) throw new AppError(400, 'duplicate_link', PLAN_MESSAGES.duplicateLink(field, duplicate));
    const { rows } = await db.query<{ id: string }>(
      `SELECT x.id FROM unnest($2::uuid[]) AS x(id)
        WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.company_id = $1 AND t.id = x.id) LIMIT 1`,
      [companyId, ids],
    );
    if (rows[0]) throw new AppError(400, 'unknown_link_target', message(rows[0].id));
  }
}
