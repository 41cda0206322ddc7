import type { CompanyActor } from '../core/company-access';
import { tenantTransaction } from '../core/tenant';
import type { IntegrationsDeps } from '../deps';
import { dropPending, findInstallation } from './installation-repository';
import { classifySlackError } from './slack-api';

/**
 * An admin disconnects: the token is revoked at Slack (a token Slack already refuses is fine),
 * then the installation and its sealed secrets are deleted and pending messages dropped.
 * Subscriptions stay, for a later install.
 */
export async function disconnect(deps: IntegrationsDeps, actor: CompanyActor): Promise<void> {
  const row = await tenantTransaction(deps.db, actor.companyId, (client) => findInstallation(client, actor.companyId));
  if (row?.bot_token && deps.secrets) {
    try {
      await deps.slack.revoke(deps.secrets.open(row.bot_token, `slack-token:${actor.companyId}`));
    } catch (error) {
      const failure = classifySlackError(error);
      // Slack not answering must not keep a token alive here: it is wiped anyway, and logged.
      deps.log.warn({ companyId: actor.companyId, slack: failure }, 'slack token revoke failed');
    }
  }
  await tenantTransaction(deps.db, actor.companyId, async (client) => {
    await client.query(`DELETE FROM integrations.slack_installations WHERE company_id = $1`, [actor.companyId]);
    await dropPending(client, actor.companyId, 'disconnected');
  });
  deps.log.info({ companyId: actor.companyId }, 'slack disconnected');
}
