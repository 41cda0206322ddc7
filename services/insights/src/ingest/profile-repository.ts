import type pg from 'pg';
import {
  emptyProfile,
  mergeEventRows,
  mergeExampleRows,
  mergePropertyRows,
  mergeTransitionRows,
  SHAPES_WITH_EXAMPLES_MAX,
  type Profile,
  type ProfileDelta,
  type ProfileEvent,
  type ProfileExample,
  type ProfileProperty,
  type ProfileTransition,
} from '@tracemap/discovery';

/**
 * Adds a builder's delta to the company's stored profile inside the caller's
 * transaction. The counters go in as increments; each row's whole aggregate is
 * merged by the discovery package while the company's profile lock is held,
 * so two writers (two runs, or a run and the collector) never lose a count.
 */
export async function addToProfile(db: pg.ClientBase, companyId: string, delta: ProfileDelta): Promise<void> {
  if (delta.events.length + delta.properties.length + delta.transitions.length + delta.examples.length === 0) {
    return;
  }
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('insights.profile'), hashtext($1))`, [companyId]);
  await addEvents(db, companyId, delta.events);
  await addProperties(db, companyId, delta.properties);
  await addTransitions(db, companyId, delta.transitions);
  await addExamples(db, companyId, delta.examples);
}

const iso = (ms: number) => new Date(ms).toISOString();

async function addEvents(db: pg.ClientBase, companyId: string, rows: ProfileEvent[]): Promise<void> {
  if (rows.length === 0) return;
  const stored = await db.query<{ data: ProfileEvent }>(
    `SELECT data FROM insights.profile_events p
      JOIN unnest($1::text[], $2::text[], $3::text[]) AS k(source_id, kind, name)
        ON p.source_id = k.source_id AND p.kind = k.kind AND p.name = k.name`,
    [rows.map((r) => r.sourceId), rows.map((r) => r.kind), rows.map((r) => r.name)],
  );
  const byKey = new Map(stored.rows.map(({ data }) => [`${data.sourceId}\u0000${data.kind}\u0000${data.name}`, data]));
  const merged = rows.map((row) => {
    const old = byKey.get(`${row.sourceId}\u0000${row.kind}\u0000${row.name}`);
    return { delta: row, data: old ? mergeEventRows(old, row) : row };
  });
  await db.query(
    `INSERT INTO insights.profile_events AS t (company_id, source_id, kind, name, total, first_seen, last_seen, data)
     SELECT $1, r.source_id, r.kind, r.name, r.total, r.first_seen, r.last_seen, r.data
       FROM jsonb_to_recordset($2::jsonb)
         AS r(source_id text, kind text, name text, total bigint, first_seen timestamptz, last_seen timestamptz, data jsonb)
     ON CONFLICT (company_id, source_id, kind, name) DO UPDATE
        SET total = t.total + excluded.total, first_seen = least(t.first_seen, excluded.first_seen),
            last_seen = greatest(t.last_seen, excluded.last_seen), data = excluded.data`,
    [
      companyId,
      JSON.stringify(
        merged.map(({ delta, data }) => ({
          source_id: delta.sourceId,
          kind: delta.kind,
          name: delta.name,
          total: delta.total,
          first_seen: iso(delta.firstSeen),
          last_seen: iso(delta.lastSeen),
          data,
        })),
      ),
    ],
  );
}

async function addProperties(db: pg.ClientBase, companyId: string, rows: ProfileProperty[]): Promise<void> {
  if (rows.length === 0) return;
  const key = (r: Pick<ProfileProperty, 'sourceId' | 'kind' | 'event' | 'path'>) =>
    `${r.sourceId}\u0000${r.kind}\u0000${r.event}\u0000${r.path}`;
  const stored = await db.query<{ data: ProfileProperty }>(
    `SELECT data FROM insights.profile_properties p
      JOIN unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS k(source_id, kind, event_name, path)
        ON p.source_id = k.source_id AND p.kind = k.kind AND p.event_name = k.event_name AND p.path = k.path`,
    [rows.map((r) => r.sourceId), rows.map((r) => r.kind), rows.map((r) => r.event), rows.map((r) => r.path)],
  );
  const byKey = new Map(stored.rows.map(({ data }) => [key(data), data]));
  await db.query(
    `INSERT INTO insights.profile_properties AS t
       (company_id, source_id, kind, event_name, path, present, first_seen, last_seen, data)
     SELECT $1, r.source_id, r.kind, r.event_name, r.path, r.present, r.first_seen, r.last_seen, r.data
       FROM jsonb_to_recordset($2::jsonb)
         AS r(source_id text, kind text, event_name text, path text, present bigint, first_seen timestamptz,
              last_seen timestamptz, data jsonb)
     ON CONFLICT (company_id, source_id, kind, event_name, path) DO UPDATE
        SET present = t.present + excluded.present, first_seen = least(t.first_seen, excluded.first_seen),
            last_seen = greatest(t.last_seen, excluded.last_seen), data = excluded.data`,
    [
      companyId,
      JSON.stringify(
        rows.map((row) => {
          const old = byKey.get(key(row));
          return {
            source_id: row.sourceId,
            kind: row.kind,
            event_name: row.event,
            path: row.path,
            present: row.present,
            first_seen: iso(row.firstSeen),
            last_seen: iso(row.lastSeen),
            data: old ? mergePropertyRows(old, row) : row,
          };
        }),
      ),
    ],
  );
}

async function addTransitions(db: pg.ClientBase, companyId: string, rows: ProfileTransition[]): Promise<void> {
  if (rows.length === 0) return;
  const key = (r: Pick<ProfileTransition, 'sourceId' | 'from' | 'to'>) =>
    `${r.sourceId}\u0000${r.from ?? ''}\u0000${r.to}`;
  const stored = await db.query<{ data: ProfileTransition }>(
    `SELECT data FROM insights.profile_transitions p
      JOIN unnest($1::text[], $2::text[], $3::text[]) AS k(source_id, from_view, to_view)
        ON p.source_id = k.source_id AND p.from_view = k.from_view AND p.to_view = k.to_view`,
    [rows.map((r) => r.sourceId), rows.map((r) => r.from ?? ''), rows.map((r) => r.to)],
  );
  const byKey = new Map(stored.rows.map(({ data }) => [key(data), data]));
  await db.query(
    `INSERT INTO insights.profile_transitions AS t (company_id, source_id, from_view, to_view, total, data)
     SELECT $1, r.source_id, r.from_view, r.to_view, r.total, r.data
       FROM jsonb_to_recordset($2::jsonb) AS r(source_id text, from_view text, to_view text, total bigint, data jsonb)
     ON CONFLICT (company_id, source_id, from_view, to_view) DO UPDATE
        SET total = t.total + excluded.total, data = excluded.data`,
    [
      companyId,
      JSON.stringify(
        rows.map((row) => {
          const old = byKey.get(key(row));
          return {
            source_id: row.sourceId,
            from_view: row.from ?? '',
            to_view: row.to,
            total: row.count,
            data: old ? mergeTransitionRows(old, row) : row,
          };
        }),
      ),
    ],
  );
}

async function addExamples(db: pg.ClientBase, companyId: string, all: ProfileExample[]): Promise<void> {
  if (all.length === 0) return;
  const keyOf = (sourceId: string, kind: string, event: string, shape: string) =>
    `${sourceId}\u0000${kind}\u0000${event}\u0000${shape}`;
  const key = (r: Pick<ProfileExample, 'sourceId' | 'kind' | 'event' | 'shape'>) =>
    keyOf(r.sourceId, r.kind, r.event, r.shape);
  // A shape already stored that brings no new example only counts: most rows of a batch after the
  // first. Its count goes up in place, so it is neither read back nor written whole again.
  const countsOnly = all.filter((r) => r.examples.length === 0);
  let rows = all.filter((r) => r.examples.length > 0);
  if (countsOnly.length > 0) {
    const counted = await db.query<{ source_id: string; kind: string; event_name: string; shape: string }>(
      `UPDATE insights.profile_examples AS t
          SET total = t.total + k.total,
              data = jsonb_set(t.data, '{count}', to_jsonb((t.data->>'count')::bigint + k.total))
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[])
           AS k(source_id, kind, event_name, shape, total)
        WHERE t.source_id = k.source_id AND t.kind = k.kind AND t.event_name = k.event_name AND t.shape = k.shape
      RETURNING t.source_id, t.kind, t.event_name, t.shape`,
      [
        countsOnly.map((r) => r.sourceId),
        countsOnly.map((r) => r.kind),
        countsOnly.map((r) => r.event),
        countsOnly.map((r) => r.shape),
        countsOnly.map((r) => r.count),
      ],
    );
    const done = new Set(counted.rows.map((r) => keyOf(r.source_id, r.kind, r.event_name, r.shape)));
    rows = rows.concat(countsOnly.filter((r) => !done.has(key(r))));
  }
  if (rows.length === 0) return;
  const stored = await db.query<{ data: ProfileExample }>(
    `SELECT data FROM insights.profile_examples p
      JOIN unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS k(source_id, kind, event_name, shape)
        ON p.source_id = k.source_id AND p.kind = k.kind AND p.event_name = k.event_name AND p.shape = k.shape`,
    [rows.map((r) => r.sourceId), rows.map((r) => r.kind), rows.map((r) => r.event), rows.map((r) => r.shape)],
  );
  const byKey = new Map(stored.rows.map(({ data }) => [key(data), data]));
  rows = await withinShapeCap(db, rows, byKey);
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO insights.profile_examples AS t (company_id, source_id, kind, event_name, shape, total, data)
     SELECT $1, r.source_id, r.kind, r.event_name, r.shape, r.total, r.data
       FROM jsonb_to_recordset($2::jsonb)
         AS r(source_id text, kind text, event_name text, shape text, total bigint, data jsonb)
     ON CONFLICT (company_id, source_id, kind, event_name, shape) DO UPDATE
        SET total = t.total + excluded.total, data = excluded.data`,
    [
      companyId,
      JSON.stringify(
        rows.map((row) => {
          const old = byKey.get(key(row));
          return {
            source_id: row.sourceId,
            kind: row.kind,
            event_name: row.event,
            shape: row.shape,
            total: row.count,
            data: old ? mergeExampleRows(old, row) : row,
          };
        }),
      ),
    ],
  );
}

/**
 * Drops new shapes past an event's cap of stored shapes. A reading thread that forgot an
 * event's accumulators (it keeps a bounded number of names) offers that event's shapes again as
 * if they were its first; the store, not the thread, is where the cap holds across batches.
 */
async function withinShapeCap(
  db: pg.ClientBase,
  rows: ProfileExample[],
  stored: Map<string, ProfileExample>,
): Promise<ProfileExample[]> {
  const eventKey = (r: { sourceId: string; kind: string; event: string }) =>
    `${r.sourceId}\u0000${r.kind}\u0000${r.event}`;
  const fresh = rows.filter((r) => !stored.has(`${eventKey(r)}\u0000${r.shape}`));
  if (fresh.length === 0) return rows;
  const events = [...new Map(fresh.map((r) => [eventKey(r), r])).values()];
  const { rows: counts } = await db.query<{ source_id: string; kind: string; event_name: string; shapes: number }>(
    `SELECT p.source_id, p.kind, p.event_name, count(*)::int AS shapes FROM insights.profile_examples p
      JOIN unnest($1::text[], $2::text[], $3::text[]) AS k(source_id, kind, event_name)
        ON p.source_id = k.source_id AND p.kind = k.kind AND p.event_name = k.event_name
      GROUP BY p.source_id, p.kind, p.event_name`,
    [events.map((r) => r.sourceId), events.map((r) => r.kind), events.map((r) => r.event)],
  );
  const room = new Map<string, number>(events.map((r) => [eventKey(r), SHAPES_WITH_EXAMPLES_MAX]));
  for (const c of counts)
    room.set(
      eventKey({ sourceId: c.source_id, kind: c.kind, event: c.event_name }),
      SHAPES_WITH_EXAMPLES_MAX - c.shapes,
    );
  return rows.filter((r) => {
    if (stored.has(`${eventKey(r)}\u0000${r.shape}`)) return true;
    const left = room.get(eventKey(r)) ?? 0;
    room.set(eventKey(r), left - 1);
    return left > 0;
  });
}

/** The parts of a stored profile a reader may leave out. */
export interface ProfileParts {
  transitions: boolean;
  examples: boolean;
}

const ALL_PARTS: ProfileParts = { transitions: true, examples: true };

/**
 * The company's stored profile, in the discovery package's shape: every event and property row, and the
 * transitions and examples unless left out (judging reads neither, and with many distinct names the
 * examples alone are megabytes).
 */
export async function readProfile(db: pg.ClientBase, parts: ProfileParts = ALL_PARTS): Promise<Profile> {
  const profile = emptyProfile();
  const events = await db.query<{ data: ProfileEvent }>(
    `SELECT data FROM insights.profile_events ORDER BY source_id, kind, name`,
  );
  profile.events = events.rows.map((r) => r.data);
  const properties = await db.query<{ data: ProfileProperty }>(
    `SELECT data FROM insights.profile_properties ORDER BY source_id, kind, event_name, path`,
  );
  profile.properties = properties.rows.map((r) => r.data);
  if (parts.transitions) {
    const transitions = await db.query<{ data: ProfileTransition }>(
      `SELECT data FROM insights.profile_transitions ORDER BY source_id, from_view, to_view`,
    );
    profile.transitions = transitions.rows.map((r) => r.data);
  }
  if (parts.examples) {
    const examples = await db.query<{ data: ProfileExample }>(
      `SELECT data FROM insights.profile_examples ORDER BY source_id, kind, event_name, shape`,
    );
    profile.examples = examples.rows.map((r) => r.data);
  }
  return profile;
}
