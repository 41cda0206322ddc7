import type { Queryable } from '@tracemap/service-kit';
import type { NativeAttribute, NativeEvent, NativeView } from '@tracemap/contracts';
import { searchText } from '../shared/list-query';

export interface PlanWrite {
  attributes: NativeAttribute[];
  events: NativeEvent[];
  views: NativeView[];
}

const CHUNK = 5000;

async function inChunks<T>(items: readonly T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += CHUNK) await write(items.slice(start, start + CHUNK));
}

/**
 * Writes entities as given, keyed by id: new ids are inserted, known ones
 * updated (version + 1) only when something differs. Set-based statements in
 * chunks, so a plan of tens of thousands of entities is a few dozen round
 * trips. Links of every written event and view are replaced by the given ones.
 */
export async function upsertPlan(db: Queryable, companyId: string, plan: PlanWrite): Promise<void> {
  await inChunks(plan.attributes, (chunk) =>
    db.query(
      `INSERT INTO company.plan_attributes AS t (company_id, id, name, display_name, description, scope, type, item_type, validation,
         origin, exposed, nullable, pii, tags, status, owners, search_text)
       SELECT $1, x.id, x.name, x.display_name, x.description, x.scope, x.type, x.item_type, x.validation, x.origin, x.exposed,
              x.nullable, x.pii, x.tags, x.status, x.owners, x.search_text
         FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, name text, display_name text, description text, scope text, type text,
              item_type text, validation jsonb, origin text, exposed boolean, nullable boolean, pii boolean, tags text[], status text,
              owners text[], search_text text)
       ON CONFLICT (company_id, id) DO UPDATE
          SET name = excluded.name, display_name = excluded.display_name, description = excluded.description, scope = excluded.scope,
              type = excluded.type, item_type = excluded.item_type, validation = excluded.validation, origin = excluded.origin,
              exposed = excluded.exposed, nullable = excluded.nullable, pii = excluded.pii, tags = excluded.tags, status = excluded.status,
              owners = excluded.owners, search_text = excluded.search_text, version = t.version + 1, updated_at = now()
        WHERE (t.name, t.display_name, t.description, t.scope, t.type, t.item_type, t.validation, t.origin, t.exposed, t.nullable, t.pii,
               t.tags, t.status, t.owners)
              IS DISTINCT FROM (excluded.name, excluded.display_name, excluded.description, excluded.scope, excluded.type, excluded.item_type,
               excluded.validation, excluded.origin, excluded.exposed, excluded.nullable, excluded.pii, excluded.tags, excluded.status, excluded.owners)`,
      [
        companyId,
        JSON.stringify(
          chunk.map((a) => ({
            id: a.id,
            name: a.name,
            display_name: a.displayName,
            description: a.description,
            scope: a.scope,
            type: a.type,
            item_type: a.itemType,
            validation: a.validation,
            origin: a.origin,
            exposed: a.exposed,
            nullable: a.nullable,
            pii: a.pii,
            tags: a.tags,
            status: a.status,
            owners: a.owners,
            search_text: searchText(a),
          })),
        ),
      ],
    ),
  );
  await inChunks(plan.events, (chunk) =>
    db.query(
      `INSERT INTO company.plan_events AS t (company_id, id, name, display_name, description, kind, category, tags, owners, status, trigger, search_text)
       SELECT $1, x.id, x.name, x.display_name, x.description, x.kind, x.category, x.tags, x.owners, x.status, x.trigger, x.search_text
         FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, name text, display_name text, description text, kind text, category text,
              tags text[], owners text[], status text, trigger text, search_text text)
       ON CONFLICT (company_id, id) DO UPDATE
          SET name = excluded.name, display_name = excluded.display_name, description = excluded.description, kind = excluded.kind,
              category = excluded.category, tags = excluded.tags, owners = excluded.owners, status = excluded.status,
              trigger = excluded.trigger, search_text = excluded.search_text, version = t.version + 1, updated_at = now()
        WHERE (t.name, t.display_name, t.description, t.kind, t.category, t.tags, t.owners, t.status, t.trigger)
              IS DISTINCT FROM (excluded.name, excluded.display_name, excluded.description, excluded.kind, excluded.category, excluded.tags,
               excluded.owners, excluded.status, excluded.trigger)`,
      [
        companyId,
        JSON.stringify(
          chunk.map((e) => ({
            id: e.id,
            name: e.name,
            display_name: e.displayName,
            description: e.description,
            kind: e.kind,
            category: e.category,
            tags: e.tags,
            owners: e.owners,
            status: e.status,
            trigger: e.trigger,
            search_text: searchText(e),
          })),
        ),
      ],
    ),
  );
  await inChunks(plan.views, (chunk) =>
    db.query(
      `INSERT INTO company.plan_views AS t (company_id, id, name, display_name, description, type, url_pattern, screenshot_url, tags, status, search_text)
       SELECT $1, x.id, x.name, x.display_name, x.description, x.type, x.url_pattern, x.screenshot_url, x.tags, x.status, x.search_text
         FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, name text, display_name text, description text, type text, url_pattern text,
              screenshot_url text, tags text[], status text, search_text text)
       ON CONFLICT (company_id, id) DO UPDATE
          SET name = excluded.name, display_name = excluded.display_name, description = excluded.description, type = excluded.type,
              url_pattern = excluded.url_pattern, screenshot_url = excluded.screenshot_url, tags = excluded.tags, status = excluded.status,
              search_text = excluded.search_text, version = t.version + 1, updated_at = now()
        WHERE (t.name, t.display_name, t.description, t.type, t.url_pattern, t.screenshot_url, t.tags, t.status)
              IS DISTINCT FROM (excluded.name, excluded.display_name, excluded.description, excluded.type, excluded.url_pattern,
               excluded.screenshot_url, excluded.tags, excluded.status)`,
      [
        companyId,
        JSON.stringify(
          chunk.map((v) => ({
            id: v.id,
            name: v.name,
            display_name: v.displayName,
            description: v.description,
            type: v.type,
            url_pattern: v.urlPattern,
            screenshot_url: v.screenshotUrl,
            tags: v.tags,
            status: v.status,
            search_text: searchText(v),
          })),
        ),
      ],
    ),
  );
  await replaceLinks(db, companyId, plan);
}

async function replaceLinks(db: Queryable, companyId: string, plan: PlanWrite): Promise<void> {
  const eventIds = plan.events.map((e) => e.id);
  const viewIds = plan.views.map((v) => v.id);
  await inChunks(eventIds, (ids) =>
    db.query(`DELETE FROM company.plan_event_attributes WHERE company_id = $1 AND event_id = ANY($2::uuid[])`, [
      companyId,
      ids,
    ]),
  );
  await inChunks(viewIds, (ids) =>
    db.query(`DELETE FROM company.plan_view_attributes WHERE company_id = $1 AND view_id = ANY($2::uuid[])`, [
      companyId,
      ids,
    ]),
  );
  await inChunks(viewIds, (ids) =>
    db.query(`DELETE FROM company.plan_view_events WHERE company_id = $1 AND view_id = ANY($2::uuid[])`, [
      companyId,
      ids,
    ]),
  );
  const attributeLinks = (owners: Array<{ id: string; attributes: NativeEvent['attributes'] }>) =>
    owners.flatMap((o) =>
      o.attributes.map((l, position) => ({
        owner: o.id,
        attribute_id: l.attributeId,
        position,
        presence: l.presence,
        validation_override: l.validationOverride ?? null,
      })),
    );
  for (const [table, column, rows] of [
    ['company.plan_event_attributes', 'event_id', attributeLinks(plan.events)],
    ['company.plan_view_attributes', 'view_id', attributeLinks(plan.views)],
  ] as const) {
    await inChunks(rows, (chunk) =>
      db.query(
        `INSERT INTO ${table} (company_id, ${column}, attribute_id, position, presence, validation_override)
         SELECT $1, x.owner, x.attribute_id, x.position, x.presence, x.validation_override
           FROM jsonb_to_recordset($2::jsonb) AS x(owner uuid, attribute_id uuid, position integer, presence text, validation_override jsonb)`,
        [companyId, JSON.stringify(chunk)],
      ),
    );
  }
  const fired = plan.views.flatMap((v) =>
    v.events.map((l, position) => ({
      view_id: v.id,
      event_id: l.eventId,
      position,
      trigger: l.trigger ?? null,
      hotspot: l.hotspot ?? null,
    })),
  );
  await inChunks(fired, (chunk) =>
    db.query(
      `INSERT INTO company.plan_view_events (company_id, view_id, event_id, position, trigger, hotspot)
       SELECT $1, x.view_id, x.event_id, x.position, x.trigger, x.hotspot
         FROM jsonb_to_recordset($2::jsonb) AS x(view_id uuid, event_id uuid, position integer, trigger text, hotspot jsonb)`,
      [companyId, JSON.stringify(fired.length > 0 ? chunk : [])],
    ),
  );
}

/** Current versions of the given ids, for history entries of an import. */
export async function versionsOf(
  db: Queryable,
  companyId: string,
  table: string,
  ids: string[],
): Promise<Map<string, number>> {
  const versions = new Map<string, number>();
  await inChunks(ids, async (chunk) => {
    const { rows } = await db.query<{ id: string; version: number }>(
      `SELECT id, version FROM ${table} WHERE company_id = $1 AND id = ANY($2::uuid[])`,
      [companyId, chunk],
    );
    for (const row of rows) versions.set(row.id, row.version);
  });
  return versions;
}
