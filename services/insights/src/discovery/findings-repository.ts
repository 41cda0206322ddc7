import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Finding, FindingSeverity, FindingState, FindingType, JudgedFinding } from '@tracemap/contracts';

interface FindingRow {
  id: string;
  type: Finding['type'];
  severity: Finding['severity'];
  layer: Finding['layer'];
  state: FindingState;
  subject: Finding['subject'];
  counts: Finding['counts'];
  details: Finding['details'];
  first_seen: Date | null;
  last_seen: Date | null;
  plan_version: string;
}

const COLUMNS = 'id, type, severity, layer, state, subject, counts, details, first_seen, last_seen, plan_version';

const toFinding = (row: FindingRow): Finding => ({
  id: row.id,
  type: row.type,
  severity: row.severity,
  layer: row.layer,
  state: row.state,
  subject: row.subject,
  counts: row.counts,
  details: row.details,
  firstSeen: row.first_seen?.toISOString() ?? null,
  lastSeen: row.last_seen?.toISOString() ?? null,
  planVersion: row.plan_version,
});

/** Findings (and plan-against-reality rows) written per statement. */
export const ROWS_PER_STATEMENT = 1_000;

/**
 * Stores one judgement of the company: each finding by its fingerprint (a
 * known one keeps its triage state, a resolved one raised again opens again),
 * and every stored finding the judgement no longer raises becomes resolved.
 */
export async function storeJudgement(
  db: pg.ClientBase,
  companyId: string,
  planVersion: string,
  findings: JudgedFinding[],
): Promise<void> {
  // In pages: the text of one statement holding ten thousand findings would be tens of MB on the heap at once.
  for (let start = 0; start < findings.length; start += ROWS_PER_STATEMENT) {
    const page = findings.slice(start, start + ROWS_PER_STATEMENT);
    await db.query(
      `INSERT INTO insights.findings AS t
         (id, company_id, fingerprint, type, severity, layer, subject, counts, details, first_seen, last_seen, plan_version)
       SELECT r.id, $1, r.fingerprint, r.type, r.severity, r.layer, r.subject, r.counts, r.details, r.first_seen,
              r.last_seen, $2
         FROM jsonb_to_recordset($3::jsonb) AS r(id uuid, fingerprint text, type text, severity text, layer jsonb,
              subject jsonb, counts jsonb, details jsonb, first_seen timestamptz, last_seen timestamptz)
       ON CONFLICT (company_id, fingerprint) DO UPDATE
          SET type = excluded.type, severity = excluded.severity, layer = excluded.layer, subject = excluded.subject,
              counts = excluded.counts, details = excluded.details, first_seen = excluded.first_seen,
              last_seen = excluded.last_seen, plan_version = excluded.plan_version, updated_at = now(),
              state = CASE WHEN t.state = 'resolved' THEN 'open' ELSE t.state END`,
      [
        companyId,
        planVersion,
        JSON.stringify(
          page.map((f) => ({
            id: randomUUID(),
            fingerprint: f.fingerprint,
            type: f.type,
            severity: f.severity,
            layer: f.layer,
            subject: f.subject,
            counts: f.counts,
            details: f.details,
            first_seen: f.firstSeen,
            last_seen: f.lastSeen,
          })),
        ),
      ],
    );
  }
  await db.query(
    `UPDATE insights.findings SET state = 'resolved', plan_version = $1, updated_at = now()
      WHERE state <> 'resolved' AND NOT (fingerprint = ANY($2::text[]))`,
    [planVersion, findings.map((f) => f.fingerprint)],
  );
  await db.query(
    `INSERT INTO insights.judgements (company_id, plan_version) VALUES ($1, $2)
     ON CONFLICT (company_id) DO UPDATE SET plan_version = excluded.plan_version, judged_at = now()`,
    [companyId, planVersion],
  );
}

/** The plan version the company's findings were last judged against, if ever. */
export async function judgedVersion(db: pg.ClientBase): Promise<string | null> {
  const { rows } = await db.query<{ plan_version: string }>(`SELECT plan_version FROM insights.judgements`);
  return rows[0]?.plan_version ?? null;
}

/** Open findings counted by severity. */
export async function openFindingsBySeverity(db: pg.ClientBase): Promise<Record<FindingSeverity, number>> {
  const { rows } = await db.query<{ severity: FindingSeverity; open: string }>(
    `SELECT severity, count(*) AS open FROM insights.findings WHERE state = 'open' GROUP BY severity`,
  );
  const counts: Record<FindingSeverity, number> = { low: 0, medium: 0, high: 0 };
  for (const row of rows) counts[row.severity] = Number(row.open);
  return counts;
}

/** A page of findings in id order, after `afterId`. */
export async function listFindings(
  db: pg.ClientBase,
  filter: { type?: FindingType; state?: FindingState; afterId?: string; limit: number },
): Promise<Finding[]> {
  const { rows } = await db.query<FindingRow>(
    `SELECT ${COLUMNS} FROM insights.findings
      WHERE ($1::text IS NULL OR type = $1) AND ($2::text IS NULL OR state = $2) AND ($3::uuid IS NULL OR id > $3)
      ORDER BY id LIMIT $4`,
    [filter.type ?? null, filter.state ?? null, filter.afterId ?? null, filter.limit],
  );
  return rows.map(toFinding);
}

export async function setFindingState(db: pg.ClientBase, id: string, state: FindingState): Promise<Finding | null> {
  const { rows } = await db.query<FindingRow>(
    `UPDATE insights.findings SET state = $2, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, state],
  );
  return rows[0] ? toFinding(rows[0]) : null;
}

export interface StoredNameMapping {
  sourceId: string;
  observedName: string;
  planEventId: string;
}

export async function listNameMappings(db: pg.ClientBase): Promise<StoredNameMapping[]> {
  const { rows } = await db.query<{ source_id: string; observed_name: string; plan_event_id: string }>(
    `SELECT source_id, observed_name, plan_event_id FROM insights.name_mappings ORDER BY observed_name, source_id`,
  );
  return rows.map((r) => ({ sourceId: r.source_id, observedName: r.observed_name, planEventId: r.plan_event_id }));
}
