import type { Queryable } from '@tracemap/service-kit';
import type { Attribute, AttributeLink, PlanEvent, PlanView, ViewEventLink } from '@tracemap/contracts';
import { toAttribute } from '../attributes/attribute-repository';
import { toEvent } from '../events/event-repository';
import { toView } from '../views/view-repository';

export interface StoredPlan {
  attributes: Attribute[];
  events: PlanEvent[];
  views: PlanView[];
}

/**
 * The whole plan of a company, for exports, imports and lint: six flat
 * queries (entities, then links grouped in memory) rather than one per entity.
 */
export async function loadPlan(
  db: Queryable,
  companyId: string,
  options: { exposedOnly: boolean; includeArchived: boolean },
): Promise<StoredPlan> {
  const live = options.includeArchived ? '' : `AND status <> 'archived'`;
  const exposed = options.exposedOnly ? 'AND exposed' : '';
  const attributes = await db.query(
    `SELECT id, name, display_name AS "displayName", description, scope, type, item_type AS "itemType", validation, origin, exposed,
            nullable, pii, tags, status, owners, version, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
       FROM company.plan_attributes WHERE company_id = $1 ${live} ${exposed} ORDER BY lower(name), id`,
    [companyId],
  );
  const events = await db.query(
    `SELECT id, name, display_name AS "displayName", description, kind, category, tags, owners, status, trigger, version,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
       FROM company.plan_events WHERE company_id = $1 ${live} ORDER BY lower(name), id`,
    [companyId],
  );
  const views = await db.query(
    `SELECT id, name, display_name AS "displayName", description, type, url_pattern AS "urlPattern", screenshot_url AS "screenshotUrl",
            tags, status, version, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
       FROM company.plan_views WHERE company_id = $1 ${live} ORDER BY lower(name), id`,
    [companyId],
  );
  const visible = new Set(attributes.rows.map((r) => r.id as string));
  const attributeLinks = async (table: string, owner: string) => {
    const { rows } = await db.query<{
      owner: string;
      attributeId: string;
      presence: AttributeLink['presence'];
      validationOverride: unknown;
    }>(
      `SELECT ${owner} AS owner, attribute_id AS "attributeId", presence, validation_override AS "validationOverride"
         FROM ${table} WHERE company_id = $1 ORDER BY ${owner}, position`,
      [companyId],
    );
    const byOwner = new Map<string, AttributeLink[]>();
    for (const row of rows) {
      // Links to archived (or, for viewers, hidden) attributes stay out with their attribute.
      if (!visible.has(row.attributeId)) continue;
      const link: AttributeLink = { attributeId: row.attributeId, presence: row.presence };
      if (row.validationOverride !== null)
        link.validationOverride = row.validationOverride as AttributeLink['validationOverride'];
      push(byOwner, row.owner, link);
    }
    return byOwner;
  };
  const eventLinks = await attributeLinks('company.plan_event_attributes', 'event_id');
  const viewLinks = await attributeLinks('company.plan_view_attributes', 'view_id');
  const liveEvents = new Set(events.rows.map((r) => r.id as string));
  const { rows: fired } = await db.query<{ viewId: string; eventId: string; trigger: string | null; hotspot: unknown }>(
    `SELECT view_id AS "viewId", event_id AS "eventId", trigger, hotspot FROM company.plan_view_events WHERE company_id = $1 ORDER BY view_id, position`,
    [companyId],
  );
  const viewEvents = new Map<string, ViewEventLink[]>();
  for (const row of fired) {
    if (!liveEvents.has(row.eventId)) continue;
    const link: ViewEventLink = { eventId: row.eventId };
    if (row.trigger !== null) link.trigger = row.trigger;
    if (row.hotspot !== null) link.hotspot = row.hotspot as ViewEventLink['hotspot'];
    push(viewEvents, row.viewId, link);
  }
  return {
    attributes: attributes.rows.map(toAttribute),
    events: events.rows.map((row) => toEvent({ ...row, attributes: eventLinks.get(row.id) ?? [] })),
    views: views.rows.map((row) =>
      toView({ ...row, attributes: viewLinks.get(row.id) ?? [], events: viewEvents.get(row.id) ?? [] }),
    ),
  };
}

function push<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Non-archived entities per kind, for company info. */
export async function countPlan(
  db: Queryable,
  companyId: string,
): Promise<{ attributeCount: number; eventCount: number; viewCount: number }> {
  const { rows } = await db.query<{ attributeCount: number; eventCount: number; viewCount: number }>(
    `SELECT (SELECT count(*) FROM company.plan_attributes WHERE company_id = $1 AND status <> 'archived')::int AS "attributeCount",
            (SELECT count(*) FROM company.plan_events WHERE company_id = $1 AND status <> 'archived')::int AS "eventCount",
            (SELECT count(*) FROM company.plan_views WHERE company_id = $1 AND status <> 'archived')::int AS "viewCount"`,
    [companyId],
  );
  return rows[0];
}
