import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Finding, IgnoreFindingBody, IgnoreRule } from '@tracemap/contracts';
import type { ProfileEvent, ProfileProperty } from '@tracemap/discovery';

const FINDING_COLUMNS = `id, type, severity, layer, state, subject, counts, details,
  first_seen AS "firstSeen", last_seen AS "lastSeen", plan_version AS "planVersion"`;

export async function findFinding(db: pg.ClientBase, id: string): Promise<Finding | null> {
  const { rows } = await db.query(`SELECT ${FINDING_COLUMNS} FROM insights.findings WHERE id = $1`, [id]);
  const row = rows[0];
  if (!row) return null;
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return { ...row, firstSeen: iso(row.firstSeen), lastSeen: iso(row.lastSeen) };
}

/** The profile rows of observed events of these names (every source and kind). */
export async function observedEventsNamed(db: pg.ClientBase, names: readonly string[]): Promise<ProfileEvent[]> {
  const { rows } = await db.query<{ data: ProfileEvent }>(
    `SELECT data FROM insights.profile_events WHERE name = ANY($1::text[]) ORDER BY source_id, kind, name`,
    [names],
  );
  return rows.map((r) => r.data);
}

/** The property rows of observed events of these names, all paths or those given. */
export async function observedPropertiesOf(
  db: pg.ClientBase,
  names: readonly string[],
  paths: readonly string[] | null,
): Promise<ProfileProperty[]> {
  const { rows } = await db.query<{ data: ProfileProperty }>(
    `SELECT data FROM insights.profile_properties
      WHERE event_name = ANY($1::text[]) AND ($2::text[] IS NULL OR path = ANY($2::text[]))
      ORDER BY source_id, kind, event_name, path`,
    [names, paths],
  );
  return rows.map((r) => r.data);
}

/** Names observed with a property path, to find the observed events a planned event's property came with. */
export async function eventNamesWithProperty(db: pg.ClientBase, path: string): Promise<string[]> {
  const { rows } = await db.query<{ event_name: string }>(
    `SELECT DISTINCT event_name FROM insights.profile_properties WHERE path = $1 ORDER BY event_name`,
    [path],
  );
  return rows.map((r) => r.event_name);
}

/** Keeps `observedName` → `eventId` for each source (`''`: every source); a newer mapping replaces an older one. */
export async function saveNameMappings(
  db: pg.ClientBase,
  companyId: string,
  input: { sourceIds: string[]; observedName: string; eventId: string; userId: string },
): Promise<void> {
  await db.query(
    `INSERT INTO insights.name_mappings (id, company_id, source_id, observed_name, plan_event_id, created_by)
     SELECT gen_random_uuid(), $1, s, $3, $4, $5 FROM unnest($2::text[]) AS s
     ON CONFLICT (company_id, source_id, observed_name)
     DO UPDATE SET plan_event_id = excluded.plan_event_id, created_by = excluded.created_by, created_at = now()`,
    [companyId, input.sourceIds, input.observedName, input.eventId, input.userId],
  );
}

/** Stores the rule and ignores every finding it covers now (resolved ones stay resolved; the triaged one always). */
export async function saveIgnoreRule(
  db: pg.ClientBase,
  companyId: string,
  finding: Finding & { fingerprint: string },
  input: IgnoreFindingBody & { userId: string },
): Promise<{ rule: IgnoreRule; ignored: number }> {
  const rule: IgnoreRule = {
    id: randomUUID(),
    rule: input.rule,
    fingerprint: input.rule === 'this' ? finding.fingerprint : null,
    event: input.rule === 'event' ? finding.subject.event : null,
    property: input.rule === 'property-everywhere' ? (finding.subject.property ?? null) : null,
    note: input.note ?? '',
  };
  await db.query(
    `INSERT INTO insights.ignore_rules (id, company_id, rule, fingerprint, event_name, property, note, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [rule.id, companyId, rule.rule, rule.fingerprint, rule.event, rule.property, rule.note, input.userId],
  );
  const covered = `(($1 = 'this' AND fingerprint = $2) OR ($1 = 'event' AND subject->>'event' = $3)
    OR ($1 = 'property-everywhere' AND subject->>'property' = $4))`;
  const ruleValues = [rule.rule, rule.fingerprint, rule.event, rule.property];
  await db.query(
    `UPDATE insights.findings SET state = 'ignored', updated_at = now()
      WHERE state <> 'ignored' AND (id = $5 OR (state <> 'resolved' AND ${covered}))`,
    [...ruleValues, finding.id],
  );
  const { rows } = await db.query<{ ignored: number }>(
    `SELECT count(*)::int AS ignored FROM insights.findings WHERE state = 'ignored' AND ${covered}`,
    ruleValues,
  );
  return { rule, ignored: rows[0].ignored };
}

export async function fingerprintOf(db: pg.ClientBase, findingId: string): Promise<string> {
  const { rows } = await db.query<{ fingerprint: string }>(`SELECT fingerprint FROM insights.findings WHERE id = $1`, [
    findingId,
  ]);
  return rows[0].fingerprint;
}

/** Whether a planned event was matched by observed traffic at the last judgement. */
export async function plannedEventSeen(db: pg.ClientBase, eventId: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM insights.observed_events WHERE match = 'matched' AND plan_event_id = $1 AND volume > 0 LIMIT 1`,
    [eventId],
  );
  return rows.length > 0;
}
