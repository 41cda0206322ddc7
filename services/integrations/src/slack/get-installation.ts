import type { SlackInstallationStatus } from '@tracemap/contracts';
import type { CompanyActor } from '../core/company-access';
import { tenantTransaction } from '../core/tenant';
import type { IntegrationsDeps } from '../deps';
import { findInstallation } from './installation-repository';

/** The company's Slack status for its members: never a token or a webhook address. */
export async function getInstallation(deps: IntegrationsDeps, actor: CompanyActor): Promise<SlackInstallationStatus> {
  return tenantTransaction(deps.db, actor.companyId, async (client) => {
    const row = await findInstallation(client, actor.companyId);
    const { rows: paused } = await client.query<{ id: string; channel_name: string; paused_reason: string }>(
      `SELECT id, channel_name, paused_reason FROM integrations.slack_subscriptions
        WHERE company_id = $1 AND paused_reason IS NOT NULL ORDER BY channel_name`,
      [actor.companyId],
    );
    return {
      status: row?.status ?? 'not_connected',
      team: row ? { id: row.team_id, name: row.team_name } : null,
      channel: row?.channel_id ? { id: row.channel_id, name: row.channel_name ?? row.channel_id } : null,
      paused:
        row?.status === 'connected'
          ? paused.map((p) => ({ subscriptionId: p.id, channelName: p.channel_name, reason: p.paused_reason }))
          : [],
      localSlack: deps.config.SLACK_LOCAL,
    };
  });
}
