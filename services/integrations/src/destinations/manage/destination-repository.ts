import type pg from 'pg';
import type {
  DestinationCredentials,
  DestinationKind,
  DestinationSettings,
  DestinationView,
  SyncMode,
  SyncRunSummary,
} from '@tracemap/contracts';
import type { SecretBox } from '@tracemap/service-kit';
import { DESTINATION_ROUTE_ERRORS } from './destination-errors';

export interface DestinationRow {
  id: string;
  company_id: string;
  kind: DestinationKind;
  name: string;
  mode: SyncMode;
  settings: DestinationSettings;
  credentials: string;
  last_success_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
  drift_count: number | null;
  drift_checked_at: Date | null;
  created_at: Date;
}

const COLUMNS = `id, company_id, kind, name, mode, settings, credentials, last_success_at, last_error, last_error_at,
                 drift_count, drift_checked_at, created_at`;

/** The credentials are bound to their destination: a sealed value copied to another row does not open. */
const boundTo = (destinationId: string) => `destination-credentials:${destinationId}`;

export function sealCredentials(secrets: SecretBox | null, destinationId: string, credentials: DestinationCredentials) {
  if (!secrets) throw DESTINATION_ROUTE_ERRORS.secretsNotConfigured();
  return secrets.seal(JSON.stringify(credentials), boundTo(destinationId));
}

export function openCredentials(secrets: SecretBox | null, row: DestinationRow): DestinationCredentials {
  if (!secrets) throw DESTINATION_ROUTE_ERRORS.secretsNotConfigured();
  return JSON.parse(secrets.open(row.credentials, boundTo(row.id))) as DestinationCredentials;
}

/** The settings a push uses: the destination's mode is the stored one. */
export const effectiveSettings = (row: DestinationRow): DestinationSettings => ({ ...row.settings, mode: row.mode });

export async function findDestination(client: pg.PoolClient, companyId: string, id: string, lock = false) {
  const { rows } = await client.query<DestinationRow>(
    `SELECT ${COLUMNS} FROM integrations.destinations WHERE company_id = $1 AND id = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [companyId, id],
  );
  return rows[0] ?? null;
}

export async function requireDestination(client: pg.PoolClient, companyId: string, id: string, lock = false) {
  const row = await findDestination(client, companyId, id, lock);
  if (!row) throw DESTINATION_ROUTE_ERRORS.notFound();
  return row;
}

export async function listDestinationRows(client: pg.PoolClient, companyId: string): Promise<DestinationRow[]> {
  const { rows } = await client.query<DestinationRow>(
    `SELECT ${COLUMNS} FROM integrations.destinations WHERE company_id = $1 ORDER BY created_at, id`,
    [companyId],
  );
  return rows;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function destinationView(row: DestinationRow, lastRun: SyncRunSummary | null): DestinationView {
  return {
    id: row.id,
    type: row.kind,
    name: row.name,
    mode: row.mode,
    settings: effectiveSettings(row),
    lastSuccessAt: iso(row.last_success_at),
    lastError: row.last_error,
    lastErrorAt: iso(row.last_error_at),
    drift:
      row.drift_checked_at && row.drift_count !== null
        ? { count: row.drift_count, checkedAt: row.drift_checked_at.toISOString() }
        : null,
    lastRun,
    createdAt: row.created_at.toISOString(),
  };
}

/** A unique-name violation becomes the route's 409. */
export async function withNameCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw DESTINATION_ROUTE_ERRORS.nameTaken();
    throw error;
  }
}
