import type pg from 'pg';
import type { EventMatch, ObservedEventItem } from '@tracemap/contracts';
import { ROWS_PER_STATEMENT } from './findings-repository';
import type { ObservedIndexRow } from './observed-index';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Replaces the company's plan-against-reality rows with a new judgement's. */
export async function replaceObservedEvents(
  db: pg.ClientBase,
  companyId: string,
  rows: ObservedIndexRow[],
): Promise<void> {
  await db.query(`DELETE FROM insights.observed_events`);
  // In pages, as findings are: one statement's text for every observed event would sit on the heap at once.
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const page = rows.slice(start, start + ROWS_PER_STATEMENT);
    await db.query(
      `INSERT INTO insights.observed_events
         (company_id, name, kind, match, plan_event_id, volume, first_seen, last_seen, properties)
       SELECT $1, r.name, r.kind, r.match, r.plan_event_id, r.volume, r.first_seen, r.last_seen, r.properties
         FROM jsonb_to_recordset($2::jsonb) AS r(name text, kind text, match text, plan_event_id text, volume bigint,
              first_seen timestamptz, last_seen timestamptz, properties jsonb)`,
      [
        companyId,
        JSON.stringify(
          page.map((r) => ({
            name: r.name,
            kind: r.kind,
            match: r.match,
            plan_event_id: r.planEventId,
            volume: r.volume,
            first_seen: iso(r.firstSeen),
            last_seen: iso(r.lastSeen),
            properties: r.properties,
          })),
        ),
      ],
    );
  }
}

/** Counts over the company's plan-against-reality rows. */
export async function observedTotals(db: pg.ClientBase): Promise<{
  observedEvents: number;
  observedVolume: number;
  plannedVolume: number;
  plannedEvents: number;
  plannedSeen: number;
  unplannedEvents: number;
}> {
  const { rows } = await db.query<Record<string, string>>(
    `SELECT count(*) FILTER (WHERE match <> 'planned_unseen') AS observed_events,
            coalesce(sum(volume) FILTER (WHERE match <> 'planned_unseen'), 0) AS observed_volume,
            coalesce(sum(volume) FILTER (WHERE match = 'matched'), 0) AS planned_volume,
            count(DISTINCT plan_event_id) FILTER (WHERE match IN ('matched', 'planned_unseen')) AS planned_events,
            count(DISTINCT plan_event_id) FILTER (WHERE match = 'matched') AS planned_seen,
            count(*) FILTER (WHERE match = 'unplanned') AS unplanned_events
       FROM insights.observed_events`,
  );
  const r = rows[0];
  return {
    observedEvents: Number(r.observed_events),
    observedVolume: Number(r.observed_volume),
    plannedVolume: Number(r.planned_volume),
    plannedEvents: Number(r.planned_events),
    plannedSeen: Number(r.planned_seen),
    unplannedEvents: Number(r.unplanned_events),
  };
}

interface ObservedRow {
  name: string;
  kind: string;
  match: EventMatch;
  plan_event_id: string | null;
  volume: string;
  first_seen: Date | null;
  last_seen: Date | null;
  properties: ObservedEventItem['properties'];
}

/** A page by (name, kind), after the cursor's pair; `q` matches part of the name, case-insensitively. */
export async function listObservedEvents(
  db: pg.ClientBase,
  filter: { match?: EventMatch; q?: string; after?: { name: string; kind: string }; limit: number },
): Promise<ObservedEventItem[]> {
  const pattern = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await db.query<ObservedRow>(
    `SELECT name, kind, match, plan_event_id, volume, first_seen, last_seen, properties
       FROM insights.observed_events
      WHERE ($1::text IS NULL OR match = $1) AND ($2::text IS NULL OR name ILIKE $2)
        AND ($3::text IS NULL OR (name, kind) > ($3, $4))
      ORDER BY name, kind LIMIT $5`,
    [filter.match ?? null, pattern, filter.after?.name ?? null, filter.after?.kind ?? '', filter.limit],
  );
  return rows.map((r) => ({
    name: r.name,
    kind: r.kind,
    match: r.match,
    planEventId: r.plan_event_id,
    volume: Number(r.volume),
    firstSeen: r.first_seen?.toISOString() ?? null,
    lastSeen: r.last_seen?.toISOString() ?? null,
    properties: r.properties,
  }));
}
