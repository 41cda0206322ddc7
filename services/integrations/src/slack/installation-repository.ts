import type pg from 'pg';

export interface InstallationRow {
  company_id: string;
  status: 'connected' | 'revoked';
  team_id: string;
  team_name: string;
  channel_id: string | null;
  channel_name: string | null;
  bot_token: string | null;
  webhook_url: string | null;
}

/** The company's installation (run inside its tenant transaction). */
export async function findInstallation(client: pg.PoolClient, companyId: string): Promise<InstallationRow | null> {
  const { rows } = await client.query<InstallationRow>(
    `SELECT company_id, status, team_id, team_name, channel_id, channel_name, bot_token, webhook_url
       FROM integrations.slack_installations WHERE company_id = $1`,
    [companyId],
  );
  return rows[0] ?? null;
}

/**
 * Slack said the token is no good (or the workspace removed the app): the installation is
 * kept as `revoked` with its secrets wiped, and nothing more is sent.
 */
export async function markRevoked(client: pg.PoolClient, companyId: string): Promise<boolean> {
  const { rowCount } = await client.query(
    `UPDATE integrations.slack_installations
        SET status = 'revoked', bot_token = NULL, webhook_url = NULL, revoked_at = now()
      WHERE company_id = $1 AND status = 'connected'`,
    [companyId],
  );
  await dropPending(client, companyId, 'installation revoked');
  return (rowCount ?? 0) > 0;
}

/** Undelivered messages of the company are given up (they would only fail). */
export async function dropPending(client: pg.PoolClient, companyId: string, reason: string): Promise<void> {
  await client.query(
    `UPDATE integrations.slack_deliveries SET status = 'dropped', last_error = $2, lease_until = NULL
      WHERE company_id = $1 AND status IN ('pending', 'sending')`,
    [companyId, reason],
  );
}
